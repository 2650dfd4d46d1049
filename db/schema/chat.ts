import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { groups } from './groups';
import { matches } from './matches';
import { userIdColumn, users } from './users';

/**
 * A chat room is a match's or a group's: exactly one of the two columns is set (the tables keep
 * their `match_` names from when only matches had a chat). Both cascade: the chat goes with its room.
 */
const roomColumns = () => ({
  matchId: integer().references(() => matches.id, { onDelete: 'cascade' }),
  groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
});

/**
 * The chat's change counter: every insert, edit and deletion of a message takes the next value,
 * under the room's row lock (the match's or the group's), so a live stream that remembers the last
 * value it sent reads exactly what changed since (commit order and counter order agree within a room).
 */
export const matchMessagesRev = pgSequence('match_messages_rev_seq');

/**
 * The messages of a chat room, a match's or a group's (they go with it). `author_id` is null for a system message
 * ("Julie a rejoint le match") and for a player whose account was erased ("Joueur supprimé"): the
 * conversation stays readable. A deleted message keeps its row (and its place in the thread),
 * shown as "Message supprimé"; `deleted_by` says whether its author or an admin removed it.
 */
export const matchMessages = pgTable(
  'match_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...roomColumns(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['user', 'system'] }).notNull(),
    /** The player a system message names ("Julie a rejoint le match"), so erasure can unname them. */
    subjectId: integer().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: text({ enum: ['author', 'admin'] }),
    rev: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('match_messages_rev_seq')`),
  },
  (t) => [
    index('match_messages_match_idx').on(t.matchId, t.id),
    index('match_messages_match_rev_idx').on(t.matchId, t.rev),
    index('match_messages_group_idx').on(t.groupId, t.id),
    index('match_messages_group_rev_idx').on(t.groupId, t.rev),
    index('match_messages_author_idx').on(t.authorId),
    index('match_messages_subject_idx').on(t.subjectId),
    check('match_messages_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('match_messages_one_room', sql`num_nonnulls(${t.matchId}, ${t.groupId}) = 1`),
  ],
);

/**
 * One row per member who has opened (or been told about) a room's chat: the last message they have
 * read (unread counts) and when they were last told of new messages (at most one notice per 15
 * minutes, claimed by a conditional upsert so parallel posts tell a member once). One unique key
 * per kind of room (NULLs are distinct, so each ignores the other kind's rows) is the upserts' target.
 */
export const matchMessageReads = pgTable(
  'match_message_reads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ...roomColumns(),
    userId: userIdColumn(),
    lastReadId: integer().notNull().default(0),
    notifiedAt: timestamp({ withTimezone: true }),
    /** The reader turned this room's notices off (issue 41): its messages still count as unread. */
    muted: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('match_message_reads_match_key').on(t.matchId, t.userId),
    uniqueIndex('match_message_reads_group_key').on(t.groupId, t.userId),
    index('match_message_reads_user_idx').on(t.userId),
    check('match_message_reads_one_room', sql`num_nonnulls(${t.matchId}, ${t.groupId}) = 1`),
  ],
);

/** A player's report of a message, for the admins (once per message and reporter). */
export const matchMessageReports = pgTable(
  'match_message_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer()
      .notNull()
      .references(() => matchMessages.id, { onDelete: 'cascade' }),
    reporterId: userIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('match_message_reports_key').on(t.messageId, t.reporterId),
    index('match_message_reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * Messages a player posted per minute, all rooms together: the conditional upsert
 * (`count < 20`) is the rate limit, exact under parallel posts because PostgreSQL serialises the
 * upserts of one row. Old minutes are dead rows, dropped by the retention job.
 */
export const matchMessageRate = pgTable(
  'match_message_rate',
  {
    userId: userIdColumn(),
    minute: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.minute] })],
);
