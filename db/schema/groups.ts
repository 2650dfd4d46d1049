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
import { matches } from './matches';
import { userIdColumn, users } from './users';

/**
 * A circle of players ("les mardis soir"). `inviteToken` is the random part of the invite link
 * `/g/<token>`: whoever holds it may join, so it is long and unguessable.
 */
export const groups = pgTable(
  'groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    inviteToken: text().notNull(),
    /** How long members have a group match to themselves before it shows in Trouver (hours). */
    priorityHours: integer().notNull().default(24),
    // Null once its creator's account is erased: the group belongs to its members, not to him.
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('groups_invite_token_key').on(t.inviteToken),
    check('groups_priority_hours_range', sql`${t.priorityHours} between 0 and 168`),
  ],
);

export const groupIdColumn = () =>
  integer()
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' });

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: groupIdColumn(),
    userId: userIdColumn(),
    isAdmin: boolean().notNull().default(false),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId),
  ],
);

/**
 * Who a group admin took out of the group: the invite link no longer lets them in (they would
 * read the chat again, what was said while they were out included) until a group admin invites
 * them again, which deletes the row. Leaving on one's own bars nothing.
 */
export const groupBans = pgTable(
  'group_bans',
  {
    groupId: groupIdColumn(),
    userId: userIdColumn(),
    /** The admin who removed them; null once that account is erased. */
    bannedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_bans_user_idx').on(t.userId),
  ],
);

/**
 * A weekly slot: every `weekday` (1 = Monday … 7 = Sunday) at `time`, a match is opened
 * `daysAhead` days before, by the scheduler of whichever instance gets there first.
 */
export const groupSlots = pgTable(
  'group_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: groupIdColumn(),
    /** The slot's owner, organiser of every match it opens. */
    ownerId: userIdColumn(),
    weekday: integer().notNull(),
    time: time().notNull(),
    placeId: integer()
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    levels: jsonb().$type<string[]>().notNull(),
    slots: integer().notNull(),
    daysAhead: integer().notNull().default(7),
    isPaused: boolean().notNull().default(false),
    isGroupOnly: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('group_slots_weekday_range', sql`${t.weekday} between 1 and 7`),
    check('group_slots_days_ahead_range', sql`${t.daysAhead} between 0 and 60`),
    check('group_slots_slots_positive', sql`${t.slots} >= 1`),
    index('group_slots_group_idx').on(t.groupId),
  ],
);

/**
 * One row per slot and date the scheduler has dealt with: a match opened, a date skipped by the
 * admin ("Pas de match le 24 décembre"), or a date skipped because the place became inactive.
 * The primary key is what makes "exactly once" hold across instances.
 */
export const groupSlotRuns = pgTable(
  'group_slot_runs',
  {
    slotId: integer()
      .notNull()
      .references(() => groupSlots.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    outcome: text({ enum: ['created', 'skipped', 'place_inactive'] }).notNull(),
    matchId: integer().references(() => matches.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.date] })],
);

export const polls = pgTable(
  'polls',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: groupIdColumn(),
    createdBy: userIdColumn(),
    /** "oui" answers a slot needs to become a match. */
    size: integer().notNull().default(4),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['open', 'matched', 'closed'] })
      .notNull()
      .default('open'),
    matchId: integer().references(() => matches.id, { onDelete: 'set null' }),
    /** The slot that became `matchId`. */
    matchedSlotId: integer(),
    /** Raised by every answer under the poll's row lock: the order "oui" answers came in. */
    answerSeq: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('polls_size_range', sql`${t.size} between 2 and 20`),
    index('polls_group_idx').on(t.groupId),
    index('polls_open_closes_idx')
      .on(t.closesAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const pollSlots = pgTable(
  'poll_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pollId: integer()
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    placeId: integer()
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    time: time().notNull(),
  },
  (t) => [index('poll_slots_poll_idx').on(t.pollId)],
);

/** A member's answer to one slot; `answeredAt` orders the "oui" (first answered, first in). */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    slotId: integer()
      .notNull()
      .references(() => pollSlots.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text({ enum: ['oui', 'non', 'peut-être'] }).notNull(),
    /** `polls.answer_seq` when this answer last became what it is: a counter, not a clock. */
    seq: integer().notNull(),
    answeredAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] })],
);

/**
 * A match made for a group ("pour le groupe"). Kept beside `matches` rather than in it: the public
 * lists hide a match while `publicAt` is ahead, or for good when `isGroupOnly`. The group may be
 * deleted later (`groupId` null); the match keeps its privacy.
 */
export const groupMatches = pgTable(
  'group_matches',
  {
    matchId: integer()
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    isGroupOnly: boolean().notNull().default(false),
    /** When the match appears in Trouver for everyone (null with `isGroupOnly`). */
    publicAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('group_matches_group_idx').on(t.groupId)],
);
