import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { publicName, shortPublicName } from '../../../common/names';
import {
  CHAT_EDIT_MINUTES,
  CHAT_PAGE_MAX,
  CHAT_RATE_PER_MINUTE,
  type TChatEditInput,
  type TChatListInput,
  type TChatMessage,
  type TChatMessageParams,
  type TChatMessages,
  type TChatPostInput,
  type TChatReport,
  type TChatUnread,
} from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import {
  matches,
  matchMessageRate,
  matchMessageReads,
  matchMessageReports,
  matchMessages,
  matchParticipants,
  matchWaitlist,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { chatPayload, LIVE_CHANNEL } from '../../lib/live-channel';
import { chatAccess, chatWriter } from './access';
import { noticeNewMessage } from './notices';

const MINUTE_MS = 60_000;

/** The columns a message is shown from (the author's name only to build "Prénom N."). */
export const messageColumns = {
  id: matchMessages.id,
  text: matchMessages.text,
  kind: matchMessages.kind,
  authorId: matchMessages.authorId,
  authorName: users.name,
  createdAt: matchMessages.createdAt,
  editedAt: matchMessages.editedAt,
  deletedAt: matchMessages.deletedAt,
  rev: matchMessages.rev,
};
type MessageRow = {
  id: number;
  text: string;
  kind: 'user' | 'system';
  authorId: number | null;
  authorName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  rev: number;
};

/**
 * A message as every member sees it: the author as "Prénom N." (null for a system message, and for
 * an erased account, which the client shows as "Joueur supprimé"); a deleted message keeps its
 * place as "Message supprimé".
 */
export function toMessage(r: MessageRow): TChatMessage {
  const author =
    r.kind === 'user' && r.authorId !== null && r.authorName !== null
      ? { user_id: r.authorId, ...publicName(r.authorName) }
      : null;
  return {
    id: r.id,
    text: r.deletedAt ? MSG.chat.deletedText : r.text,
    author,
    kind: r.kind,
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt ? r.editedAt.toISOString() : null,
    deleted: r.deletedAt !== null,
  };
}

/** Queues the live notification of a chat change (delivered by PostgreSQL on commit only). */
export async function announceChat(tx: DbOrTx, matchId: number) {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${chatPayload(matchId)}::text)`);
}

/** Moves the member's read marker forward to `lastId` (never back). */
async function markReadIn(tx: DbOrTx, matchId: number, userId: number, lastId: number) {
  await tx
    .insert(matchMessageReads)
    .values({ matchId, userId, lastReadId: lastId })
    .onConflictDoUpdate({
      target: [matchMessageReads.matchId, matchMessageReads.userId],
      set: { lastReadId: sql`greatest(${matchMessageReads.lastReadId}, excluded.last_read_id)` },
    });
}

/**
 * A page of a match's chat, newest last: the latest `limit` messages, or those before message
 * `before` (older pages). Reading the latest page marks the chat read for the viewer. `rev` is
 * the chat's revision at the time of reading: the live stream starts from it.
 */
export async function listMessages(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, before, limit = 50 }: TChatListInput,
): Promise<TChatMessages & { rev: number }> {
  return deps.db.transaction(async (tx) => {
    const access = await chatAccess(tx, actor, id);
    const rev = await currentRev(tx, id);
    const rows = await tx
      .select(messageColumns)
      .from(matchMessages)
      .leftJoin(users, eq(users.id, matchMessages.authorId))
      .where(
        and(
          eq(matchMessages.matchId, id),
          before === undefined ? undefined : lt(matchMessages.id, before),
        ),
      )
      .orderBy(desc(matchMessages.id))
      .limit(Math.min(limit, CHAT_PAGE_MAX));
    rows.reverse();
    const newest = rows.at(-1);
    if (before === undefined && newest) await markReadIn(tx, id, actor.id, newest.id);
    return {
      messages: rows.map(toMessage),
      can_write: access.canWrite,
      rev,
    };
  });
}

/** Marks the chat read up to message `lastId` (the open page saw it arrive live). */
export async function markRead(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, messageId }: TChatMessageParams,
): Promise<{ success: true }> {
  await deps.db.transaction(async (tx) => {
    await chatAccess(tx, actor, id);
    const [last] = await tx
      .select({ id: matchMessages.id })
      .from(matchMessages)
      .where(and(eq(matchMessages.matchId, id), eq(matchMessages.id, messageId)));
    if (!last) throw notFound(MSG.chat.notFound);
    await markReadIn(tx, id, actor.id, last.id);
  });
  return { success: true };
}

/**
 * Counts one post against the player's 20 per minute, all matches together: the conditional upsert
 * adds one only while the minute's count is under the limit, and PostgreSQL serialises upserts of
 * one row, so 40 parallel posts get exactly 20 through. Rolled back with a post that fails.
 */
async function takeRate(tx: DbOrTx, userId: number, now: Date) {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const counted = await tx
    .insert(matchMessageRate)
    .values({ userId, minute, count: 1 })
    .onConflictDoUpdate({
      target: [matchMessageRate.userId, matchMessageRate.minute],
      set: { count: sql`${matchMessageRate.count} + 1` },
      setWhere: sql`${matchMessageRate.count} < ${CHAT_RATE_PER_MINUTE}`,
    })
    .returning({ count: matchMessageRate.count });
  if (counted.length === 0)
    throw new AppError('TOO_MANY_REQUESTS', MSG.chat.tooMany(CHAT_RATE_PER_MINUTE));
}

/** The message as its match shows it, read in the caller's transaction. */
async function messageIn(tx: DbOrTx, matchId: number, messageId: number) {
  const [row] = await tx
    .select(messageColumns)
    .from(matchMessages)
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .where(and(eq(matchMessages.matchId, matchId), eq(matchMessages.id, messageId)));
  return row;
}

/**
 * Posts a message (organiser or participant), in one transaction: the match row is locked (see
 * `chatAccess`), the rate counted, the message written and read by its author, the other players
 * told (grouped, see `noticeNewMessage`) and the live readers poked on commit.
 */
export async function postMessage(
  deps: Deps,
  actor: SessionUser,
  { id, text }: TChatPostInput,
): Promise<TChatMessage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const access = await chatWriter(tx, actor, id);
    await takeRate(tx, actor.id, now);
    const [inserted] = await tx
      .insert(matchMessages)
      .values({ matchId: id, authorId: actor.id, kind: 'user', text, createdAt: now })
      .returning({ id: matchMessages.id });
    if (!inserted) throw conflict(MSG.chat.notFound);
    await markReadIn(tx, id, actor.id, inserted.id);
    await noticeNewMessage(tx, deps, {
      matchId: id,
      createdBy: access.createdBy,
      author: actor,
      text,
    });
    await announceChat(tx, id);
    const row = await messageIn(tx, id, inserted.id);
    if (!row) throw notFound(MSG.chat.notFound);
    return toMessage(row);
  });
}

/** The message an author acts on, locked, with the 15-minute rule; system messages never. */
async function ownRecentMessage(
  tx: DbOrTx,
  actor: SessionUser,
  { id, messageId }: TChatMessageParams,
  now: Date,
) {
  const [m] = await tx
    .select({
      authorId: matchMessages.authorId,
      kind: matchMessages.kind,
      createdAt: matchMessages.createdAt,
      deletedAt: matchMessages.deletedAt,
    })
    .from(matchMessages)
    .where(and(eq(matchMessages.matchId, id), eq(matchMessages.id, messageId)))
    .for('update');
  if (!m) throw notFound(MSG.chat.notFound);
  if (m.kind === 'system') throw forbidden(MSG.chat.systemLocked);
  if (m.authorId !== actor.id) throw forbidden(MSG.chat.notAuthor);
  if (m.deletedAt) throw conflict(MSG.chat.alreadyDeleted);
  if (now.getTime() - m.createdAt.getTime() > CHAT_EDIT_MINUTES * MINUTE_MS)
    throw forbidden(MSG.chat.tooLate(CHAT_EDIT_MINUTES));
}

/** Edits one's own message within 15 minutes (still a member who may write). */
export async function editMessage(
  deps: Deps,
  actor: SessionUser,
  input: TChatEditInput,
): Promise<TChatMessage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await chatWriter(tx, actor, input.id);
    await ownRecentMessage(tx, actor, input, now);
    await tx
      .update(matchMessages)
      .set({ text: input.text, editedAt: now, rev: sql`nextval('match_messages_rev_seq')` })
      .where(eq(matchMessages.id, input.messageId));
    await announceChat(tx, input.id);
    const row = await messageIn(tx, input.id, input.messageId);
    if (!row) throw notFound(MSG.chat.notFound);
    return toMessage(row);
  });
}

/**
 * Deletes a message: its author within 15 minutes (still a member who may write), or an admin at
 * any time (moderation, whether or not they play the match). The row stays, shown as "Message
 * supprimé"; its text is overwritten, so nothing of it is kept.
 */
export async function deleteMessage(
  deps: Deps,
  actor: SessionUser,
  input: TChatMessageParams,
): Promise<TChatMessage> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    let by: 'author' | 'admin' = 'author';
    const [match] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.id, input.id))
      .for('update');
    if (!match) throw notFound(MSG.match.notFound);
    const [m] = await tx
      .select({ authorId: matchMessages.authorId, deletedAt: matchMessages.deletedAt })
      .from(matchMessages)
      .where(and(eq(matchMessages.matchId, input.id), eq(matchMessages.id, input.messageId)));
    if (actor.isAdmin && m?.authorId !== actor.id) {
      if (!m) throw notFound(MSG.chat.notFound);
      if (m.deletedAt) throw conflict(MSG.chat.alreadyDeleted);
      by = 'admin';
    } else {
      await chatWriter(tx, actor, input.id);
      await ownRecentMessage(tx, actor, input, now);
    }
    await tx
      .update(matchMessages)
      .set({
        text: MSG.chat.deletedText,
        deletedAt: now,
        deletedBy: by,
        rev: sql`nextval('match_messages_rev_seq')`,
      })
      .where(eq(matchMessages.id, input.messageId));
    await announceChat(tx, input.id);
    const row = await messageIn(tx, input.id, input.messageId);
    if (!row) throw notFound(MSG.chat.notFound);
    return toMessage(row);
  });
}

/** Reports a message to the admins (any reader of the chat, once per message; not one's own). */
export async function reportMessage(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  { id, messageId }: TChatMessageParams,
): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    await chatAccess(tx, actor, id);
    const [m] = await tx
      .select({ authorId: matchMessages.authorId, kind: matchMessages.kind })
      .from(matchMessages)
      .where(and(eq(matchMessages.matchId, id), eq(matchMessages.id, messageId)));
    if (!m) throw notFound(MSG.chat.notFound);
    if (m.kind === 'system') throw badRequest(MSG.chat.systemLocked);
    if (m.authorId === actor.id) throw badRequest(MSG.chat.ownReport);
    const done = await tx
      .insert(matchMessageReports)
      .values({ messageId, reporterId: actor.id, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: matchMessageReports.id });
    if (done.length === 0) throw conflict(MSG.chat.alreadyReported);
  });
  return { success: true, message: MSG.chat.reported };
}

/**
 * Unread messages per match for the player, in every match they organise, play or wait for: the
 * messages after their read marker, not their own, not deleted. Matches without any are left out.
 */
export async function unreadCounts(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
): Promise<TChatUnread> {
  const me = actor.id;
  const mine = sql`(select ${matchParticipants.matchId} from ${matchParticipants} where ${matchParticipants.userId} = ${me}
                    union select ${matches.id} from ${matches} where ${matches.createdBy} = ${me}
                    union select ${matchWaitlist.matchId} from ${matchWaitlist} where ${matchWaitlist.userId} = ${me})`;
  const rows = await deps.db
    .select({ matchId: matchMessages.matchId, n: sql<number>`count(*)::int` })
    .from(matchMessages)
    .leftJoin(
      matchMessageReads,
      and(eq(matchMessageReads.matchId, matchMessages.matchId), eq(matchMessageReads.userId, me)),
    )
    .where(
      and(
        sql`${matchMessages.matchId} in ${mine}`,
        gt(matchMessages.id, sql`coalesce(${matchMessageReads.lastReadId}, 0)`),
        sql`${matchMessages.authorId} is distinct from ${me}`,
        isNull(matchMessages.deletedAt),
      ),
    )
    .groupBy(matchMessages.matchId);
  return Object.fromEntries(rows.map((r) => [String(r.matchId), r.n]));
}

/** The chat's latest revision (0 when empty): where a live stream starts. */
export async function currentRev(db: DbOrTx, matchId: number): Promise<number> {
  const [row] = await db
    .select({ rev: sql<string>`coalesce(max(${matchMessages.rev}), 0)::text` })
    .from(matchMessages)
    .where(eq(matchMessages.matchId, matchId));
  return Number(row?.rev ?? 0);
}

/**
 * The changes of a match's chat after revision `after`, oldest first (new, edited and deleted
 * messages alike), and the revision reached: what a live stream sends after each poke.
 */
export async function changesSince(db: DbOrTx, matchId: number, after: number) {
  const rows = await db
    .select(messageColumns)
    .from(matchMessages)
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .where(and(eq(matchMessages.matchId, matchId), gt(matchMessages.rev, after)))
    .orderBy(matchMessages.rev)
    .limit(500);
  return rows.map((r) => ({ rev: Number(r.rev), message: toMessage(r) }));
}

/**
 * What the chat holds about a user, for the export of their data: their messages, the system
 * messages that name them, their reports, read markers and rate counters.
 */
export async function chatDataOf(db: DbOrTx, userId: number) {
  const iso = (d: Date) => d.toISOString();
  const [messages, reports, reads, rate] = await Promise.all([
    db
      .select({
        match_id: matchMessages.matchId,
        kind: matchMessages.kind,
        text: matchMessages.text,
        createdAt: matchMessages.createdAt,
        editedAt: matchMessages.editedAt,
        deletedAt: matchMessages.deletedAt,
      })
      .from(matchMessages)
      .where(or(eq(matchMessages.authorId, userId), eq(matchMessages.subjectId, userId)))
      .orderBy(matchMessages.id),
    db
      .select({
        message_id: matchMessageReports.messageId,
        createdAt: matchMessageReports.createdAt,
      })
      .from(matchMessageReports)
      .where(eq(matchMessageReports.reporterId, userId))
      .orderBy(matchMessageReports.id),
    db.select().from(matchMessageReads).where(eq(matchMessageReads.userId, userId)),
    db.select().from(matchMessageRate).where(eq(matchMessageRate.userId, userId)),
  ]);
  return {
    messages: messages.map(({ createdAt, editedAt, deletedAt, ...m }) => ({
      ...m,
      created_at: iso(createdAt),
      edited_at: editedAt ? iso(editedAt) : null,
      deleted: deletedAt !== null,
    })),
    reports: reports.map(({ createdAt, ...r }) => ({ ...r, created_at: iso(createdAt) })),
    read_markers: reads.map((r) => ({
      match_id: r.matchId,
      last_read_id: r.lastReadId,
      notified_at: r.notifiedAt ? iso(r.notifiedAt) : null,
    })),
    rate: rate.map((r) => ({ minute: iso(r.minute), count: r.count })),
  };
}

/** Reported messages for the admins, most recently reported first (with how many reports). */
export async function listReports(deps: Pick<Deps, 'db'>): Promise<TChatReport[]> {
  const rows = await deps.db
    .select({
      messageId: matchMessages.id,
      matchId: matchMessages.matchId,
      text: matchMessages.text,
      authorName: users.name,
      deletedAt: matchMessages.deletedAt,
      reports: sql<number>`count(${matchMessageReports.id})::int`,
      lastAt: sql<Date>`max(${matchMessageReports.createdAt})`.mapWith(
        matchMessageReports.createdAt,
      ),
    })
    .from(matchMessageReports)
    .innerJoin(matchMessages, eq(matchMessages.id, matchMessageReports.messageId))
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .groupBy(matchMessages.id, users.id)
    .orderBy(desc(sql`max(${matchMessageReports.createdAt})`))
    .limit(200);
  return rows.map((r) => ({
    message_id: r.messageId,
    match_id: r.matchId,
    text: r.deletedAt ? MSG.chat.deletedText : r.text,
    author: r.authorName === null ? null : shortPublicName(r.authorName),
    reports: r.reports,
    last_reported_at: r.lastAt.toISOString(),
    deleted: r.deletedAt !== null,
  }));
}
