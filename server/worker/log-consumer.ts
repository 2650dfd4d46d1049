import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { domainEvents, eventCursors } from '../../db/schema';
import type { Deps } from '../deps';
import type { DomainEventType, LoggedEvent } from '../services/events/log';
import type { WorkerConsumer } from './loop';
import { retryDelayMs } from './retry';

export interface LogConsumerOptions {
  /** The consumer's cursor in `event_cursors` (seeded by the migration that introduced it). */
  name: string;
  /** The events it follows; the others are read past. */
  types: readonly DomainEventType[];
  /**
   * Writes what follows from `events` (in log order), in the transaction that moves the cursor past
   * them: it happens once, or not yet and again after a failure, never twice.
   */
  handle(tx: Tx, events: LoggedEvent[]): Promise<void>;
  /** Events read per transaction (default 20). */
  batchSize?: number;
}

/** How long a round keeps looking for events held behind an open transaction, and how often. */
const HELD_WAIT_MS = 2_000;
const HELD_POLL_MS = 20;

/** Wait before reading again after the n-th failure in a row: 1 s, 2 s, 4 s… capped at 5 min. */
const logRetryDelayMs = (attempts: number) => retryDelayMs(1_000, attempts, 300_000);

/**
 * A consumer of the domain event log, run by the worker loop: each round reads the events past its
 * cursor, in (tx, id) order and only below the oldest running transaction (an event of a
 * transaction still open could otherwise commit behind the cursor), and hands them to `handle`.
 * The cursor row is taken `FOR UPDATE SKIP LOCKED`, so one instance at a time reads for a consumer
 * and the others skip the round. A failure rolls the batch back and backs off on the cursor row.
 */
export function createLogConsumer(
  deps: Pick<Deps, 'db' | 'logger' | 'clock'>,
  o: LogConsumerOptions,
): WorkerConsumer {
  const batchSize = o.batchSize ?? 20;
  const types = new Set<string>(o.types);
  let halting = false;

  /** The cursor's position as SQL, and the oldest transaction still running, read in one go. */
  const after = (c: { tx: number; eventId: number }) =>
    sql`(${domainEvents.tx}, ${domainEvents.id}) > (${c.tx}::bigint, ${c.eventId}::bigint)`;
  const horizon = sql`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

  /** One batch: answers the events read, and whether more wait behind a transaction still open. */
  const readBatch = () =>
    deps.db.transaction(async (tx) => {
      const [cursor] = await tx
        .select()
        .from(eventCursors)
        .where(eq(eventCursors.consumer, o.name))
        .for('update', { skipLocked: true });
      if (!cursor) return { read: 0, held: false };
      if (cursor.retryAt && cursor.retryAt > deps.clock.now()) return { read: 0, held: false };
      const rows = await tx
        .select()
        .from(domainEvents)
        .where(and(after(cursor), sql`${domainEvents.tx} < ${horizon}`))
        .orderBy(asc(domainEvents.tx), asc(domainEvents.id))
        .limit(batchSize);
      const last = rows.at(-1);
      if (last) {
        const followed = rows.filter((r): r is LoggedEvent => types.has(r.type));
        if (followed.length > 0) await o.handle(tx, followed);
        await tx
          .update(eventCursors)
          .set({ tx: last.tx, eventId: last.id, attempts: 0, retryAt: null, lastError: null })
          .where(eq(eventCursors.consumer, o.name));
      }
      if (rows.length === batchSize) return { read: rows.length, held: false };
      const [behind] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(domainEvents)
        .where(after(last ? { tx: last.tx, eventId: last.id } : cursor));
      return { read: rows.length, held: (behind?.n ?? 0) > 0 };
    });

  async function runOnce(): Promise<number> {
    let read = 0;
    // Events committed behind a transaction that is still open wait for it: look again shortly
    // rather than at the next wake, for a while (a transaction is short: the statement timeout).
    const heldUntil = Date.now() + HELD_WAIT_MS;
    while (!halting) {
      let batch: { read: number; held: boolean };
      try {
        batch = await readBatch();
      } catch (err) {
        const [row] = await deps.db
          .update(eventCursors)
          .set({ attempts: sql`${eventCursors.attempts} + 1`, lastError: String(err) })
          .where(eq(eventCursors.consumer, o.name))
          .returning({ attempts: eventCursors.attempts });
        const attempts = row?.attempts ?? 1;
        await deps.db
          .update(eventCursors)
          .set({ retryAt: new Date(deps.clock.now().getTime() + logRetryDelayMs(attempts)) })
          .where(eq(eventCursors.consumer, o.name));
        deps.logger.error({ err, consumer: o.name, attempts }, 'event log consumer failed');
        return read;
      }
      read += batch.read;
      if (batch.read === batchSize) continue;
      if (!batch.held || Date.now() > heldUntil) break;
      await new Promise((r) => setTimeout(r, HELD_POLL_MS));
    }
    return read;
  }

  return {
    queue: 'events',
    runOnce,
    halt() {
      halting = true;
    },
    resume() {
      halting = false;
    },
  };
}

/** How long the log keeps an event every consumer has read: enough to look into a recent incident. */
export const LOG_KEPT_DAYS = 7;

/**
 * Keeps the log small: once an hour, deletes the events older than LOG_KEPT_DAYS that every
 * consumer has read (an event a stuck consumer still has to read stays, however old).
 */
export function createLogPruner(deps: Pick<Deps, 'db' | 'clock'>): WorkerConsumer {
  return {
    queue: 'events',
    periodMs: 3_600_000,
    async runOnce() {
      const before = new Date(deps.clock.now().getTime() - LOG_KEPT_DAYS * 86_400_000);
      const gone = await deps.db
        .delete(domainEvents)
        .where(
          and(
            lt(domainEvents.createdAt, before),
            sql`not exists (select 1 from ${eventCursors} c
                 where (${domainEvents.tx}, ${domainEvents.id}) > (c.tx, c.event_id))`,
          ),
        )
        .returning({ id: domainEvents.id });
      return gone.length;
    },
    halt() {},
    resume() {},
  };
}
