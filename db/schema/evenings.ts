import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { matchIdColumn } from './matches';
import { groups } from './groups';
import { users } from './users';

/**
 * A padel evening (Americano, Mexicano, « Roi du terrain »). Its sign-ups ARE a match: the match row
 * (same id) holds the place, date, time, levels, visibility, share link and player cap (`slots`),
 * its participants and waiting list are the evening's, so signing up takes a seat through the one
 * seat rule and the chat room, share page and calendar file come with it. This row holds what only
 * an evening has; its rounds and games below.
 */
export const evenings = pgTable(
  'evenings',
  {
    matchId: matchIdColumn().primaryKey(),
    format: text({ enum: ['americano', 'mexicano', 'king'] }).notNull(),
    courts: integer().notNull(),
    pointsPerGame: integer().notNull(),
    priceCents: integer(),
    sitOutRule: text({ enum: ['average', 'zero'] })
      .notNull()
      .default('average'),
    mexicanoPairing: text({ enum: ['1-4', '1-3'] })
      .notNull()
      .default('1-4'),
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    status: text({ enum: ['open', 'running', 'finished'] })
      .notNull()
      .default('open'),
    /** The organiser closed sign-ups: joins are refused, the waiting list stays. */
    signupsClosed: boolean().notNull().default(false),
    /** The round being played (0 before the start): moved by one conditional UPDATE per round. */
    currentRound: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('evenings_courts_range', sql`${t.courts} between 1 and 8`),
    check('evenings_points_range', sql`${t.pointsPerGame} between 4 and 99`),
    check('evenings_format_check', sql`${t.format} in ('americano', 'mexicano', 'king')`),
    check('evenings_status_check', sql`${t.status} in ('open', 'running', 'finished')`),
    check(
      'evenings_price_range',
      sql`${t.priceCents} is null or ${t.priceCents} between 0 and 100000`,
    ),
    index('evenings_group_idx').on(t.groupId),
  ],
);

/** A round: who sits it out (its games are below). */
export const eveningRounds = pgTable(
  'evening_rounds',
  {
    matchId: matchIdColumn(),
    number: integer().notNull(),
    sittingOut: jsonb().$type<number[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('evening_rounds_key').on(t.matchId, t.number)],
);

/**
 * A game of a round. Players are kept by id as they were seated: a player removed later keeps his
 * past games. The score is written by a compare-and-set (`version`), so two teams entering
 * different scores at once cannot both win.
 */
export const eveningGames = pgTable(
  'evening_games',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
    round: integer().notNull(),
    court: integer().notNull(),
    teamA: jsonb().$type<[number, number]>().notNull(),
    teamB: jsonb().$type<[number, number]>().notNull(),
    scoreA: integer(),
    scoreB: integer(),
    scoredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    scoredAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('evening_games_court_key').on(t.matchId, t.round, t.court),
    check('evening_games_score_pair', sql`(${t.scoreA} is null) = (${t.scoreB} is null)`),
  ],
);
