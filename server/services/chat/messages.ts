import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import { MSG } from '../../../common/messages';
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
  type TChatRoom,
  type TChatRoomKind,
} from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import {
  matchMessageRate,
  matchMessageReads,
  matchMessageReports,
  matchMessages,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { chatPayload, LIVE_CHANNEL } from '../../lib/live-channel';
import { chatAccess, chatWriter, inRoom, lockRoom, readsKey, roomValues } from './access';
import { recordEvent } from '../events/log';
import { isMuted } from './mute';
import { currentRev } from './revisions';
import { messageColumns, toMessage } from './rows';

const MINUTE_MS = 60_000;

/** The room a call names: `{ id, room }` of the inputs (a match unless said otherwise). */
export const roomOf = (input: { id: number; room: TChatRoomKind }): TChatRoom => ({
  kind: input.room,
  id: input.id,
});

/** The 404 of a room that does not exist (or that the reader may not know exists). */
const roomNotFound = (room: TChatRoom) =>
  notFound(room.kind === 'match' ? MSG.match.notFound : GROUP_MSG.notFound);

/** Queues the live notification of a chat change (delivered by PostgreSQL on commit only). */
export async function announceChat(tx: DbOrTx, room: TChatRoom) {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${chatPayload(room)}::text)`);
}

/** Moves the member's read marker forward to `lastId` (never back). */
async function markReadIn(tx: DbOrTx, room: TChatRoom, userId: number, lastId: number) {
  await tx
    .insert(matchMessageReads)
    .values({ ...roomValues(room), userId, lastReadId: lastId })
    .onConflictDoUpdate({
      target: readsKey(room),
      set: { lastReadId: sql`greatest(${matchMessageReads.lastReadId}, excluded.last_read_id)` },
    });
}

/**
 * A page of a room's chat, newest last: the latest `limit` messages, or those before message
 * `before` (older pages). Reading the latest page marks the chat read for the viewer. `rev` is
 * the chat's revision at the time of reading: the live stream starts from it.
 */
export async function listMessages(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TChatListInput,
): Promise<TChatMessages & { rev: number }> {
  const room = roomOf(input);
  const { before, limit = 50 } = input;
  return deps.db.transaction(async (tx) => {
    const access = await chatAccess(tx, actor, room);
    const rev = await currentRev(tx, room);
    const rows = await tx
      .select(messageColumns)
      .from(matchMessages)
      .leftJoin(users, eq(users.id, matchMessages.authorId))
      .where(and(inRoom(room), before === undefined ? undefined : lt(matchMessages.id, before)))
      .orderBy(desc(matchMessages.id))
      .limit(Math.min(limit, CHAT_PAGE_MAX));
    rows.reverse();
    const newest = rows.at(-1);
    if (before === undefined && newest) await markReadIn(tx, room, actor.id, newest.id);
    return {
      messages: rows.map(toMessage),
      can_write: access.canWrite,
      muted: await isMuted(tx, room, actor.id),
      rev,
    };
  });
}

/** Marks the chat read up to message `lastId` (the open page saw it arrive live). */
export async function markRead(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TChatMessageParams,
): Promise<{ success: true }> {
  const room = roomOf(input);
  await deps.db.transaction(async (tx) => {
    await chatAccess(tx, actor, room);
    const [last] = await tx
      .select({ id: matchMessages.id })
      .from(matchMessages)
      .where(and(inRoom(room), eq(matchMessages.id, input.messageId)));
    if (!last) throw notFound(MSG.chat.notFound);
    await markReadIn(tx, room, actor.id, last.id);
  });
  return { success: true };
}

/**
 * Counts one post against the player's 20 per minute, all rooms together: the conditional upsert
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

/** The message as its room shows it, read in the caller's transaction. */
async function messageIn(tx: DbOrTx, room: TChatRoom, messageId: number) {
  const [row] = await tx
    .select(messageColumns)
    .from(matchMessages)
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .where(and(inRoom(room), eq(matchMessages.id, messageId)));
  if (!row) throw notFound(MSG.chat.notFound);
  return toMessage(row);
}

/**
 * Posts a message (a match's organiser or participant, a group's member), in one transaction: the
 * room's row is locked (see `chatAccess`), the rate counted, the message written and read by its
 * author, a `message.posted` event recorded (its notices: `createChatNoticesConsumer`) and the live readers poked on commit.
 */
export async function postMessage(
  deps: Deps,
  actor: SessionUser,
  input: TChatPostInput,
): Promise<TChatMessage> {
  const room = roomOf(input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await chatWriter(tx, actor, room);
    await takeRate(tx, actor.id, now);
    const [inserted] = await tx
      .insert(matchMessages)
      .values({
        ...roomValues(room),
        authorId: actor.id,
        kind: 'user',
        text: input.text,
        createdAt: now,
      })
      .returning({ id: matchMessages.id });
    if (!inserted) throw conflict(MSG.chat.notFound);
    await markReadIn(tx, room, actor.id, inserted.id);
    await recordEvent(tx, {
      type: 'message.posted',
      matchId: room.kind === 'match' ? room.id : null,
      userId: actor.id,
      actorId: actor.id,
      payload: { messageId: inserted.id, ...(room.kind === 'group' ? { groupId: room.id } : {}) },
    });
    await announceChat(tx, room);
    return messageIn(tx, room, inserted.id);
  });
}

/** The message an author acts on, locked, with the 15-minute rule; system messages never. */
async function ownRecentMessage(
  tx: DbOrTx,
  actor: SessionUser,
  room: TChatRoom,
  messageId: number,
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
    .where(and(inRoom(room), eq(matchMessages.id, messageId)))
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
  const room = roomOf(input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await chatWriter(tx, actor, room);
    await ownRecentMessage(tx, actor, room, input.messageId, now);
    await tx
      .update(matchMessages)
      .set({ text: input.text, editedAt: now, rev: sql`nextval('match_messages_rev_seq')` })
      .where(eq(matchMessages.id, input.messageId));
    await announceChat(tx, room);
    return messageIn(tx, room, input.messageId);
  });
}

/**
 * Deletes a message: its author within 15 minutes (still a member who may write), or a site admin
 * at any time, in any room (moderation of reported messages, whether or not they play the match or
 * belong to the group). The row stays, shown as "Message supprimé"; its text is overwritten, so
 * nothing of it is kept.
 */
export async function deleteMessage(
  deps: Deps,
  actor: SessionUser,
  input: TChatMessageParams,
): Promise<TChatMessage> {
  const room = roomOf(input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    let by: 'author' | 'admin' = 'author';
    if (!(await lockRoom(tx, room))) throw roomNotFound(room);
    const [m] = await tx
      .select({ authorId: matchMessages.authorId, deletedAt: matchMessages.deletedAt })
      .from(matchMessages)
      .where(and(inRoom(room), eq(matchMessages.id, input.messageId)));
    if (actor.isAdmin && m?.authorId !== actor.id) {
      if (!m) throw notFound(MSG.chat.notFound);
      if (m.deletedAt) throw conflict(MSG.chat.alreadyDeleted);
      by = 'admin';
    } else {
      await chatWriter(tx, actor, room);
      await ownRecentMessage(tx, actor, room, input.messageId, now);
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
    await announceChat(tx, room);
    return messageIn(tx, room, input.messageId);
  });
}

/** Reports a message to the admins (any reader of the chat, once per message; not one's own). */
export async function reportMessage(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TChatMessageParams,
): Promise<{ success: true; message: string }> {
  const room = roomOf(input);
  await deps.db.transaction(async (tx) => {
    await chatAccess(tx, actor, room);
    const [m] = await tx
      .select({ authorId: matchMessages.authorId, kind: matchMessages.kind })
      .from(matchMessages)
      .where(and(inRoom(room), eq(matchMessages.id, input.messageId)));
    if (!m) throw notFound(MSG.chat.notFound);
    if (m.kind === 'system') throw badRequest(MSG.chat.systemLocked);
    if (m.authorId === actor.id) throw badRequest(MSG.chat.ownReport);
    const done = await tx
      .insert(matchMessageReports)
      .values({ messageId: input.messageId, reporterId: actor.id, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: matchMessageReports.id });
    if (done.length === 0) throw conflict(MSG.chat.alreadyReported);
  });
  return { success: true, message: MSG.chat.reported };
}
