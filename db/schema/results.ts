import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TTeamEntry } from '../../common/results';
import { createdAt } from './_columns';
import { matchIdColumn } from './matches';
import { userIdColumn, users } from './users';

/**
 * One result per match. `teams` holds user ids and reserved-seat guests as `{ "guest": id }`
 * (`TTeamEntry`; hence jsonb, not int[]): `teams @> '[[12]]'` still finds player 12's results. `status` moves once from `pending` to
 * `confirmed` or `contested` by a conditional UPDATE (one outcome under a race); an admin turns a
 * contested result into `confirmed` or `rejected` (a rejected one may be entered again).
 */
export const matchResults = pgTable(
  'match_results',
  {
    matchId: matchIdColumn().primaryKey(),
    teams: jsonb().$type<TTeamEntry[][]>().notNull(),
    sets: jsonb().$type<number[][]>().notNull(),
    /** 0: the first team won. */
    winner: integer().notNull(),
    status: text({ enum: ['pending', 'confirmed', 'contested', 'rejected'] })
      .notNull()
      .default('pending'),
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    answeredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
    contestReason: text(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('match_results_winner', sql`${t.winner} in (0, 1)`),
    check(
      'match_results_status',
      sql`${t.status} in ('pending', 'confirmed', 'contested', 'rejected')`,
    ),
    index('match_results_pending_idx')
      .on(t.enteredAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Matches whose players were asked for the result (2 h after the start): the key makes it once. */
export const resultPrompts = pgTable('result_prompts', {
  matchId: matchIdColumn().primaryKey(),
  createdAt: createdAt(),
});

/**
 * The hidden rating of a player (Glicko-2 scale), and the level suggestion it leads to: the level
 * whose band held the rating after each of the last `bandCount` confirmed results in a row.
 */
export const playerRatings = pgTable('player_ratings', {
  userId: userIdColumn().primaryKey(),
  rating: doublePrecision().notNull(),
  rd: doublePrecision().notNull(),
  vol: doublePrecision().notNull(),
  bandLevel: text(),
  bandCount: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every rating change, for the admin's history of a player. */
export const ratingHistory = pgTable(
  'rating_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    matchId: integer(),
    rating: doublePrecision().notNull(),
    rd: doublePrecision().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rating_history_user_idx').on(t.userId, t.id)],
);

/** The admin's switch for level suggestions (single row, id 1; absent = on). */
export const ratingSettings = pgTable(
  'rating_settings',
  {
    id: integer().primaryKey().default(1),
    suggestionsEnabled: boolean().notNull().default(true),
  },
  (t) => [check('rating_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * A participant the organiser declared absent. `status`: `absent` (counts against reliability),
 * `contested` (the player disagrees; counts until an admin decides), `upheld` or `cancelled`.
 */
export const noShows = pgTable(
  'no_shows',
  {
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['absent', 'contested', 'upheld', 'cancelled'] })
      .notNull()
      .default('absent'),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('no_shows_user_idx').on(t.userId),
    check('no_shows_status', sql`${t.status} in ('absent', 'contested', 'upheld', 'cancelled')`),
  ],
);

/** Leaves, recorded as they happen (participant rows are deleted): a late one weighs on reliability. */
export const matchLeaves = pgTable(
  'match_leaves',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    /** Under 24 h before the start. */
    isLate: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('match_leaves_user_idx').on(t.userId, t.matchId)],
);

/**
 * A co-player's word on a player's level after a confirmed result (issue 43): once per match,
 * judge and judged (the key), never readable one by one; only counted into the level suggestion.
 */
export const levelFeedback = pgTable(
  'level_feedback',
  {
    matchId: matchIdColumn(),
    fromUserId: userIdColumn(),
    aboutUserId: userIdColumn(),
    verdict: text({ enum: ['plus_bas', 'juste', 'plus_haut'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.fromUserId, t.aboutUserId] }),
    index('level_feedback_about_idx').on(t.aboutUserId, t.createdAt),
    check('level_feedback_verdict', sql`${t.verdict} in ('plus_bas', 'juste', 'plus_haut')`),
    check('level_feedback_not_self', sql`${t.fromUserId} <> ${t.aboutUserId}`),
  ],
);

/**
 * « Niveau vérifié » (issue 43): an admin, or an admin of one of the player's groups, vouches for
 * the player's level. It holds for that level only: a player who changes level loses it.
 */
export const levelVerifications = pgTable('level_verifications', {
  userId: userIdColumn().primaryKey(),
  /** The level vouched for (`levels.niveau`), as the player had it. */
  level: text().notNull(),
  verifiedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  verifiedAt: createdAt(),
});
