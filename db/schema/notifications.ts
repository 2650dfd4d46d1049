import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { pushSubscriptions } from './push';
import { matches, matchIdColumn } from './matches';
import { userIdColumn, users } from './users';

/**
 * Players waiting for a place in a full match. The identity `id` is the queue order (first come,
 * first served); a player waits at most once per match.
 */
export const matchWaitlist = pgTable(
  'match_waitlist',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('match_waitlist_match_user_key').on(t.matchId, t.userId),
    index('match_waitlist_user_idx').on(t.userId),
  ],
);

/**
 * Notifications to send, written in the same transaction as the change they announce, then sent
 * by the outbox worker. `email` and `sms` rows carry their whole rendered message (the match may be
 * gone when they are sent); a `reminder` row is the day-before reminder of a match, expanded into
 * e-mail and SMS rows when due (and removed with its match).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // `push` rows go to one device (`push_subscription_id`); `soon` is the same-day push of a match,
    // expanded into `push` rows 2 h before it starts, as `reminder` is into mails and SMS.
    channel: text({ enum: ['email', 'sms', 'reminder', 'push', 'soon'] }).notNull(),
    /** What happened (`joined`, `left`, `changed`, `cancelled`, `promoted`, `reminder`), for logs and metrics. */
    event: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer().references(() => matches.id, { onDelete: 'cascade' }),
    /**
     * When the match a notice is about starts, for a notice that outlives its match (a mail of a
     * cancellation has no `matchId`): within 3 h it is urgent and quiet hours do not hold it.
     */
    startsAt: timestamp({ withTimezone: true }),
    /** The device of a `push` row; null once the subscription is gone (the row is then skipped). */
    pushSubscriptionId: integer().references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    /** E-mail address or phone number, as it was when the notification was written. */
    recipient: text(),
    subject: text(),
    body: text(),
    /** The calendar file attached to the mail, if any. */
    ics: text(),
    // REQUEST: rows written before mailed copies became PUBLISH, still sent as they were written.
    icsMethod: text({ enum: ['PUBLISH', 'REQUEST', 'CANCEL'] }),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker takes the row. */
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** Given up after too many failures (kept for the administrator, counted by metrics). */
    failedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.sendAfter, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    uniqueIndex('outbox_pending_reminder_key')
      .on(t.matchId)
      .where(sql`${t.channel} = 'reminder' and ${t.sentAt} is null`),
    uniqueIndex('outbox_pending_soon_key')
      .on(t.matchId)
      .where(sql`${t.channel} = 'soon' and ${t.sentAt} is null`),
    // "Votre match commence dans 2 h" reaches a device once per match, whichever worker expands it.
    uniqueIndex('outbox_soon_push_key')
      .on(t.matchId, t.pushSubscriptionId)
      .where(sql`${t.channel} = 'push' and ${t.event} = 'soon'`),
    index('outbox_push_subscription_idx').on(t.pushSubscriptionId),
    index('outbox_user_idx').on(t.userId),
    // Notices per channel and outcome over a date range (admin dashboard).
    index('outbox_created_stats_idx').on(t.createdAt, t.channel),
    // Each channel's last success (admin notice health).
    index('outbox_channel_sent_idx').on(t.channel, t.sentAt),
    // The admin's list of notices given up or dropped, newest first.
    index('outbox_failed_idx')
      .on(t.failedAt, t.id)
      .where(sql`${t.failedAt} is not null and ${t.sentAt} is null`),
  ],
);
