import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { LIVE_CHANNEL, workPayload, type WorkQueue } from '../../lib/live-channel';

/**
 * Wakes every instance's worker loop for `queue`: call it in the transaction that queued the work.
 * PostgreSQL delivers the NOTIFY once that transaction commits (never for a rollback), so a woken
 * consumer finds the rows; the loop's interval remains the fallback if a wake is lost.
 */
export async function wakeWorkers(tx: DbOrTx, queue: WorkQueue): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${workPayload(queue)}::text)`);
}

/**
 * Runs `insert` (an INSERT without RETURNING) and wakes the loop for `queue` in the same
 * statement, only if it queued a row: one round trip, and no wake for nothing.
 */
export async function insertAndWake(tx: DbOrTx, insert: SQL, queue: WorkQueue): Promise<void> {
  await tx.execute(
    sql`with queued as (${insert} returning 1)
        select pg_notify(${LIVE_CHANNEL}::text, ${workPayload(queue)}::text)
         where exists (select 1 from queued)`,
  );
}
