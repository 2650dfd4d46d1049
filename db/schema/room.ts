import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { matchIdColumn } from './matches';
import { userIdColumn } from './users';

/**
 * Reserved seats ("Places réservées", issue 25): a friend of the organiser without an account, by
 * first name. Each row holds one place of its match: `matches.missing_players` counts it as taken
 * (slots − participants − guests), so every free-place rule (the conditional UPDATE of a join, the
 * CHECK that keeps free places ≥ 0) covers guests without knowing about them.
 */
export const matchGuests = pgTable(
  'match_guests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('match_guests_match_idx').on(t.matchId, t.id)],
);

export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;

/**
 * Requests to join a match from players outside its levels (issue 25). At most one PENDING request
 * per player and match, enforced by a unique partial index (two clicks, two tabs, two instances);
 * answered ones stay as history so the player can read the answer.
 */
export const matchRequests = pgTable(
  'match_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    message: text(),
    status: text({ enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('match_requests_pending_key')
      .on(t.matchId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('match_requests_match_idx').on(t.matchId, t.id),
    index('match_requests_user_idx').on(t.userId),
    check(
      'match_requests_status_check',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'expired')`,
    ),
  ],
);

/**
 * The organiser's removals of a player (issue 38): the removed player's match page says so, with
 * the reason, instead of silently offering to join again. One row per match and player, the latest
 * removal winning, so removing the same player twice keeps the newest reason.
 */
export const matchRemovals = pgTable(
  'match_removals',
  {
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    reason: text(),
    removedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_removals_match_user_key').on(t.matchId, t.userId),
    index('match_removals_user_idx').on(t.userId),
  ],
);
