import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { matchIdColumn } from './matches';
import { userIdColumn, users } from './users';

/**
 * The chat's change counter: every insert, edit and deletion of a message takes the next value,
 * under the match row lock, so a live stream that remembers the last value it sent reads exactly
 * what changed since (commit order and counter order agree within one match).
 */
export const matchMessagesRev = pgSequence('match_messages_rev_seq');

/**
 * The messages of a match's chat (they go with the match). `author_id` is null for a system message
 * ("Julie a rejoint le match") and for a player whose account was erased ("Joueur supprimé"): the
 * conversation stays readable. A deleted message keeps its row (and its place in the thread),
 * shown as "Message supprimé"; `deleted_by` says whether its author or an admin removed it.
 */
export const matchMessages = pgTable(
  'match_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    matchId: matchIdColumn(),
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
    index('match_messages_author_idx').on(t.authorId),
    index('match_messages_subject_idx').on(t.subjectId),
    check('match_messages_text_length', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);

/**
 * One row per member who has opened (or been told about) a match's chat: the last message they have
 * read (unread counts) and when they were last told of new messages (at most one notice per 15
 * minutes, claimed by a conditional upsert so parallel posts tell a member once).
 */
export const matchMessageReads = pgTable(
  'match_message_reads',
  {
    matchId: matchIdColumn(),
    userId: userIdColumn(),
    lastReadId: integer().notNull().default(0),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('match_message_reads_user_idx').on(t.userId),
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
 * Messages a player posted per minute, all matches together: the conditional upsert
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
