import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { matchIdColumn } from './matches';
import { userIdColumn } from './users';

/**
 * « Je veux jouer »: a player's standing alert (issue 41). A match or an evening that fits (one of
 * `placeIds`, a weekday of `weekdays`, 1 = Monday … 7 = Sunday, a time from `fromTime` to `toTime`,
 * the level) is offered to them when it is created or a seat frees. `level` null means the
 * player's own level at that moment. It lives 30 days (`expiresAt`); renewing moves it.
 */
export const wants = pgTable(
  'wants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    weekdays: integer().array().notNull(),
    fromTime: time().notNull(),
    toTime: time().notNull(),
    placeIds: integer().array().notNull(),
    level: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('wants_user_idx').on(t.userId),
    check('wants_window', sql`${t.fromTime} < ${t.toTime}`),
    check(
      'wants_weekdays',
      sql`${t.weekdays} <@ array[1,2,3,4,5,6,7] and cardinality(${t.weekdays}) > 0`,
    ),
    check('wants_places', sql`cardinality(${t.placeIds}) > 0`),
  ],
);

/**
 * One row per player and match an alert offered: its primary key is the rule « at most one notice
 * per match per player », whichever instance or event gets there first. `held`: over the day's
 * limit, said in the player's next alert notice (then `grouped`).
 */
export const wantNotices = pgTable(
  'want_notices',
  {
    userId: userIdColumn(),
    matchId: matchIdColumn(),
    status: text({ enum: ['sent', 'held', 'grouped'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.matchId] }),
    index('want_notices_held_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** Alert notices sent to a player per local day: the limit of 3 is a conditional upsert on it. */
export const wantNoticeDays = pgTable(
  'want_notice_days',
  {
    userId: userIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    sent: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A late refill (issue 41): a seat freed within 48 h of a public match that nobody waits for is
 * offered in up to two waves. The primary key makes the first wave once per match whichever
 * instance reads the freeing; `secondWaveAt` is when the second is due (null once taken).
 * `offered` counts the players told, for the organiser's « Place proposée à N joueurs ».
 */
export const matchRefills = pgTable(
  'match_refills',
  {
    matchId: matchIdColumn().primaryKey(),
    offered: integer().notNull().default(0),
    secondWaveAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('match_refills_due_idx')
      .on(t.secondWaveAt)
      .where(sql`${t.secondWaveAt} is not null`),
  ],
);
