import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import {
  bare,
  boundOnce,
  cte,
  placeholders,
  renderedOnce,
  statements,
} from '../../../db/statement';
import { matches, polls } from '../../../db/schema';
import {
  LIVE_CHANNEL,
  matchPayload,
  pollPayload,
  sessionsPayload,
  type LiveMatchKind,
} from '../../lib/live-channel';

/**
 * The match's live version, written by every change: strictly increasing across committed changes
 * of one match (the row lock orders its writers), so it serves as the SSE event id a reconnecting
 * client hands back in `Last-Event-ID`.
 */
export const nextVersion = sql`greatest(clock_timestamp(), ${matches.updatedAt} + interval '1 microsecond')`;

type ChangeValues = { id: number; payload: string };
const cv = placeholders<ChangeValues>();
const touched = cte(
  'touched',
  { id: matches.id },
  sql`update ${matches} set ${bare(matches.updatedAt)} = ${nextVersion}
       where ${matches.id} = ${cv('id')}::int returning ${matches.id}`,
);
/** Rendered once, run in each changing transaction. */
const touchAndNotify = renderedOnce<ChangeValues>()(
  statements
    .with(touched)
    .select({
      notified: sql<string>`pg_notify(${LIVE_CHANNEL}::text, ${cv('payload')}::text)`.as(
        'notified',
      ),
    })
    .from(sql`(select count(*) from ${touched}) t`),
);

/**
 * THE way a change to a match is announced to live subscribers, on every instance: call it in the
 * transaction that changed the match. It moves the match's version and queues a NOTIFY, which
 * PostgreSQL delivers only once that transaction commits (never for a rollback). One round trip.
 */
export async function announceMatchChange(
  tx: DbOrTx,
  id: number,
  kind: LiveMatchKind,
): Promise<void> {
  await touchAndNotify(tx, { id, payload: matchPayload(id, kind) });
}

/** One NOTIFY per space-separated payload, committed asynchronously; rendered once. */
type CommittedValues = { payloads: string };
const nv = placeholders<CommittedValues>();
const notifyCommitted = boundOnce<CommittedValues>(
  sql`select set_config('synchronous_commit', 'off', true), pg_notify(${LIVE_CHANNEL}::text, p)
        from string_to_table(${nv('payloads')}::text, ' ') p`,
);

/** Payloads waiting for the next flush, per database handle. */
const pending = new WeakMap<Db, string[]>();

/**
 * Announcements made AFTER their transaction committed, for the join, the hottest write. A NOTIFY
 * inside a transaction makes PostgreSQL serialise the commits of every notifying transaction (a
 * database-wide lock held through the commit's WAL flush), so under load the joins queued behind
 * one another (bench/ab.ts: 833 joins/s with the NOTIFY inside, 1,093 without). Here the payloads
 * of one event-loop turn leave together in ONE statement, committed asynchronously (a notification
 * has nothing to make durable). The price: a crash between the commit and the flush loses those
 * announcements; open pages still converge, as streams re-read on every later change and on
 * reconnection. The versions subscribers compare were moved inside the transaction.
 */
export function announceCommitted(db: Db, payloads: readonly string[]): void {
  const queued = pending.get(db);
  if (queued) {
    queued.push(...payloads);
    return;
  }
  const batch = [...payloads];
  pending.set(db, batch);
  setImmediate(() => {
    pending.delete(db);
    db.execute(notifyCommitted({ payloads: batch.join(' ') })).catch(() => {
      // The database is gone or closing: live updates follow it (streams re-read when it is back).
    });
  });
}

/** The same for several matches at once (an account erased, a level renamed): one statement. */
export async function announceMatchesChange(
  tx: DbOrTx,
  ids: readonly number[],
  kind: LiveMatchKind,
): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  const list = sql`array[${sql.join(
    unique.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  await tx.execute(
    sql`with touched as (update ${matches} set updated_at = ${nextVersion} where id = any(${list}) returning id)
        select pg_notify(${LIVE_CHANNEL}::text, 'm:' || i || ':' || ${kind}::text)
          from unnest(${list}) i, (select count(*) from touched) t`,
  );
}

/** Tells every instance that a user's sessions changed, so their open streams re-check them. */
export async function announceSessionsChange(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${sessionsPayload(userId)}::text)`);
}

/**
 * A poll's live version, written by every change of it (an answer, its match, its closing) under
 * its row lock, so it rises with every committed change: the SSE event id of its stream.
 */
export const nextPollVersion = sql`greatest(clock_timestamp(), ${polls.updatedAt} + interval '1 microsecond')`;

/** Tells every instance that a poll changed, delivered when the caller's transaction commits. */
export async function announcePollChange(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${pollPayload(id)}::text)`);
}
