import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { shortPublicName } from '../../../common/names';
import { CHAT_NOTICE_MINUTES, type TChatRoom } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import { groups, matchMessageReads, matchMessages, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { createLogConsumer } from '../../worker/log-consumer';
import type { LoggedEvent } from '../events/log';
import type { NotifyDeps } from '../notifications/enqueue';
import { notifyUsers } from '../notifications/notify-users';
import { matchInfo, matchPlayers, whenOf } from '../notifications/match-info';
import { memberIds } from '../rooms/members';
import { readsKey, roomValues } from './access';

/** How much of the message a notice quotes. */
const EXCERPT = 140;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

/**
 * Claims the right to tell `userIds` about new messages of a room, at most once per 15 minutes
 * each and never to a reader who muted it: one upsert that sets `notified_at` only where the last notice is older (or none), and
 * answers the members it set it for. PostgreSQL re-checks the condition on the row a parallel post
 * has just claimed, so 40 posts at once tell each member once. Ids are sorted, so parallel claims
 * lock rows in the same order.
 */
async function claimNotices(tx: DbOrTx, room: TChatRoom, userIds: number[], now: Date) {
  if (userIds.length === 0) return [];
  const cutoff = new Date(now.getTime() - CHAT_NOTICE_MINUTES * 60_000);
  const claimed = await tx
    .insert(matchMessageReads)
    .values(
      [...userIds]
        .sort((a, b) => a - b)
        .map((userId) => ({ ...roomValues(room), userId, notifiedAt: now })),
    )
    .onConflictDoUpdate({
      target: readsKey(room),
      set: { notifiedAt: now },
      // A reader who muted the room is never claimed (issue 41).
      setWhere: sql`not ${matchMessageReads.muted} and (${matchMessageReads.notifiedAt} is null or ${matchMessageReads.notifiedAt} <= ${cutoff.toISOString()}::timestamptz)`,
    })
    .returning({ userId: matchMessageReads.userId });
  return claimed.map((r) => r.userId);
}

/** Who a room's notices go to, and what they say about the room (subject, link, closing line). */
interface RoomNotice {
  readers: number[];
  subject: string;
  path: string;
  more: (url: string) => string;
  matchId: number | null;
}

/**
 * A match's notices go to its players (organiser and participants; the waiting list only reads),
 * a group's to its members.
 */
async function roomNotice(tx: DbOrTx, room: TChatRoom): Promise<RoomNotice | null> {
  if (room.kind === 'match') {
    const info = await matchInfo(tx, room.id);
    if (!info) return null;
    return {
      readers: await matchPlayers(tx, room.id, info.createdBy),
      subject: MSG.chat.noticeSubject(whenOf(info)),
      path: `/matches/${room.id}`,
      more: (url) => `${MSG.chat.noticeMore}\n\n${MSG.notify.seeMatch(url)}`,
      matchId: room.id,
    };
  }
  const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, room.id));
  if (!group) return null;
  return {
    readers: await memberIds(tx, room.id),
    subject: MSG.chat.groupNoticeSubject(group.name),
    path: `/groups/${room.id}`,
    more: (url) => `${MSG.chat.groupNoticeMore}\n\n${MSG.chat.seeGroup(url)}`,
    matchId: null,
  };
}

/** The message an event names, with its room and its author's name; none once deleted. */
async function postedMessage(tx: DbOrTx, messageId: unknown) {
  if (!Number.isSafeInteger(messageId)) return null;
  const [row] = await tx
    .select({
      matchId: matchMessages.matchId,
      groupId: matchMessages.groupId,
      authorId: matchMessages.authorId,
      authorName: users.name,
      text: matchMessages.text,
      createdAt: matchMessages.createdAt,
      deletedAt: matchMessages.deletedAt,
    })
    .from(matchMessages)
    .innerJoin(users, eq(users.id, matchMessages.authorId))
    .where(eq(matchMessages.id, messageId as number));
  if (!row || row.deletedAt) return null;
  const room: TChatRoom =
    row.matchId !== null ? { kind: 'match', id: row.matchId } : { kind: 'group', id: row.groupId! };
  return { ...row, room, authorId: row.authorId! };
}

/**
 * Tells a room's readers who may write (never the author) that a message arrived, grouped: at
 * most one notice per room and member per 15 minutes of posting (`claimNotices`, in the
 * consumer's transaction), through `notifyUsers` like every notice: push first to a device that
 * takes chat notices, else e-mail; never SMS. A message deleted meanwhile is told nobody.
 */
async function noticeNewMessage(tx: DbOrTx, deps: NotifyDeps, e: LoggedEvent) {
  const post = await postedMessage(tx, e.payload.messageId);
  if (!post) return;
  const notice = await roomNotice(tx, post.room);
  if (!notice) return;
  const others = notice.readers.filter((id) => id !== post.authorId);
  const told = await claimNotices(tx, post.room, others, post.createdAt);
  if (told.length === 0) return;
  const line = MSG.chat.noticeText(shortPublicName(post.authorName), excerpt(post.text));
  await notifyUsers(
    tx,
    deps,
    told,
    () => ({
      event: 'message',
      subject: notice.subject,
      text: line,
      path: notice.path,
      matchId: notice.matchId,
      mailFooter: notice.more,
    }),
    { pushFirst: 'message', sms: false },
  );
}

/**
 * The notices of the messages members post, queued in the outbox by a consumer of the event log
 * (`message.posted`), in log order.
 */
export const createChatNoticesConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>) =>
  createLogConsumer(deps, {
    name: 'chat-notices',
    types: ['message.posted'],
    async handle(tx, events) {
      for (const e of events) await noticeNewMessage(tx, deps, e);
    },
  });
