import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './_columns';
import { places } from './catalog';
import { userIdColumn, users } from './users';

export const matches = pgTable(
  'matches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    placeId: integer()
      .notNull()
      .references(() => places.id, { onDelete: 'restrict' }),
    /** Local date and time in APP_TIMEZONE, as players read them. */
    date: date({ mode: 'string' }).notNull(),
    time: time().notNull(),
    /** Level names (`levels.niveau`), kept as names so a deleted level leaves the match readable. */
    levels: jsonb().$type<string[]>().notNull(),
    slots: integer().notNull(),
    missingPlayers: integer().notNull(),
    createdBy: userIdColumn(),
    /** iCalendar SEQUENCE: raised in the same UPDATE as every edit, so calendars replace the old event. */
    sequence: integer().notNull().default(0),
    /** The creator's key for this create (client retries, double submits): one match per key. */
    idempotencyKey: text(),
    /** `private`: never listed, filtered or counted; reached through `share_token` (issue 25). */
    visibility: text({ enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    /** Random, unguessable id of the share link (`/m/<token>`); set once a match is made private. */
    shareToken: text(),
    /** "Ouvert à tous les niveaux": players outside `levels` join without a request. */
    openLevels: boolean().notNull().default(false),
    /**
     * When the last place was taken; null while a place is free. Kept by a trigger (migration
     * 0006, hand-written part) in the very UPDATE that changes `missing_players`, whichever code
     * path does it (join, leave, waiting-list promotion, edit, account erasure): the admin
     * dashboard's fill rate and time to fill read it.
     */
    filledAt: timestamp({ withTimezone: true }),
    /** Only a `competitif` match's (or evening's) confirmed results move ratings (issue 42). */
    kind: text({ enum: ['amical', 'competitif'] })
      .notNull()
      .default('amical'),
    /** Who may take a seat: `mixte` is two men and two women (the seat rule, `takeSeat`). */
    gender: text({ enum: ['ouvert', 'hommes', 'femmes', 'mixte'] })
      .notNull()
      .default('ouvert'),
    /** The court's total price, split between the players on read; recorded, never charged. */
    priceCents: integer(),
    ...timestamps,
  },
  (t) => [
    check('matches_slots_positive', sql`${t.slots} >= 1`),
    check(
      'matches_missing_players_range',
      sql`${t.missingPlayers} >= 0 and ${t.missingPlayers} <= ${t.slots}`,
    ),
    index('matches_upcoming_idx').on(t.date, t.time, t.id),
    index('matches_created_by_idx').on(t.createdBy),
    index('matches_place_idx').on(t.placeId, t.date, t.time, t.id),
    // The list's "free places only" filter and its "need" order (fewest free places first).
    index('matches_open_idx')
      .on(t.date, t.time, t.id)
      .where(sql`${t.missingPlayers} > 0`),
    index('matches_need_idx')
      .on(t.missingPlayers, t.date, t.time, t.id)
      .where(sql`${t.missingPlayers} > 0`),
    uniqueIndex('matches_idempotency_key_idx').on(t.createdBy, t.idempotencyKey),
    uniqueIndex('matches_share_token_idx').on(t.shareToken),
    check('matches_visibility_check', sql`${t.visibility} in ('public', 'private')`),
    check('matches_kind_check', sql`${t.kind} in ('amical', 'competitif')`),
    check('matches_gender_check', sql`${t.gender} in ('ouvert', 'hommes', 'femmes', 'mixte')`),
    check('matches_price_check', sql`${t.priceCents} between 0 and 1000000`),
    // The admin dashboard's aggregates, read from the index alone (index-only scans): matches
    // created per week with their fill, and matches played per day, slot and place.
    index('matches_created_stats_idx').on(t.createdAt, t.placeId, t.filledAt, t.createdBy),
    index('matches_played_stats_idx').on(t.date, t.placeId, t.time),
  ],
);

/** A row that belongs to a match and goes with it. */
export const matchIdColumn = () =>
  integer()
    .notNull()
    .references(() => matches.id, { onDelete: 'cascade' });

export const matchParticipants = pgTable(
  'match_participants',
  {
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('match_participants_user_idx').on(t.userId),
    // Active players per week (admin dashboard), from the index alone.
    index('match_participants_joined_idx').on(t.joinedAt, t.userId),
  ],
);

/** « J'ai réservé le terrain » (issue 42): one mark per match, cleared when the match moves. */
export const matchCourts = pgTable('match_courts', {
  matchId: matchIdColumn().primaryKey(),
  bookedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  bookedAt: createdAt(),
});

/** Who paid their share of the court (recorded, never charged): one row per player who did. */
export const matchPayments = pgTable(
  'match_payments',
  {
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    /** Who ticked it: the player, or the organiser (paid cash). */
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    paidAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('match_payments_user_idx').on(t.userId),
  ],
);

/**
 * The time-driven nudges sent once per match (the organiser's « terrain pas réservé » 24 h before,
 * the unpaid shares' reminder 24 h after): the key makes "once" hold on several workers.
 */
export const matchNudges = pgTable(
  'match_nudges',
  {
    matchId: matchIdColumn(),
    kind: text({ enum: ['court', 'payment'] }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.kind] })],
);
