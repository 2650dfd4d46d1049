import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The domain event log: one row per change, written in the change's own transaction (so it exists
 * exactly when the change does), read by every consumer that follows from it (webhooks, notices,
 * chat lines…) through its own cursor in `event_cursors`.
 *
 * `tx` is the writing transaction's id. Ids are handed out before commit, so a row with a smaller
 * id can become visible after a larger one; consumers therefore read in (tx, id) order and only up
 * to the oldest transaction still running (`pg_snapshot_xmin`), below which nothing new can appear.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tx: bigint({ mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    /** `participant.joined`, `match.created`…: the catalogue is `DomainEventType`. */
    type: text().notNull(),
    /** The match the change is about. */
    matchId: integer(),
    /** The player the change is about (who took or freed a seat), if any. */
    userId: integer(),
    /** Who made the change (the session's user), if a person did. */
    actorId: integer(),
    /** What the consumers need beyond the ids (how a seat was taken, a reason…): never a secret. */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('domain_events_order_idx').on(t.tx, t.id)],
);

/**
 * How far each consumer has read the log: the (tx, id) of the last event it handled, moved in the
 * transaction that wrote what followed from the events, so an event is handled once or not yet.
 * Its row lock makes one instance at a time read for a consumer; failures back off on the row.
 */
export const eventCursors = pgTable('event_cursors', {
  consumer: text().primaryKey(),
  tx: bigint({ mode: 'number' }).notNull().default(0),
  eventId: bigint({ mode: 'number' }).notNull().default(0),
  attempts: integer().notNull().default(0),
  retryAt: timestamp({ withTimezone: true }),
  lastError: text(),
});
