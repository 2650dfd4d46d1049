import { and, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { shortPublicName } from '../../../common/names';
import { CHAT_NOTICE_MINUTES } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import { matchMessageReads, outbox, pushSubscriptions } from '../../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { writePushNotices, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, matchPlayers, matchUrl, recipients, whenOf } from '../notifications/match-info';

/** How much of the message a notice quotes. */
const EXCERPT = 140;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

/**
 * Claims the right to tell `userIds` about new messages of a match, at most once per 15 minutes
 * each: one upsert that sets `notified_at` only where the last notice is older (or none), and
 * answers the members it set it for. PostgreSQL re-checks the condition on the row a parallel post
 * has just claimed, so 40 posts at once tell each member once. Ids are sorted, so parallel claims
 * lock rows in the same order.
 */
async function claimNotices(tx: DbOrTx, matchId: number, userIds: number[], now: Date) {
  if (userIds.length === 0) return [];
  const cutoff = new Date(now.getTime() - CHAT_NOTICE_MINUTES * 60_000);
  const claimed = await tx
    .insert(matchMessageReads)
    .values(
      [...userIds].sort((a, b) => a - b).map((userId) => ({ matchId, userId, notifiedAt: now })),
    )
    .onConflictDoUpdate({
      target: [matchMessageReads.matchId, matchMessageReads.userId],
      set: { notifiedAt: now },
      setWhere: sql`${matchMessageReads.notifiedAt} is null or ${matchMessageReads.notifiedAt} <= ${cutoff.toISOString()}::timestamptz`,
    })
    .returning({ userId: matchMessageReads.userId });
  return claimed.map((r) => r.userId);
}

/**
 * Tells the match's players (organiser and participants, never the author; the waiting list only
 * reads) that a message arrived, grouped: at most one notice per match and member per 15 minutes
 * (`claimNotices`). A member with a device that wants chat notices gets a push; the others get an
 * e-mail if they keep e-mail notices on. Written through the outbox in the post's transaction.
 */
export async function noticeNewMessage(
  tx: DbOrTx,
  deps: NotifyDeps,
  post: { matchId: number; createdBy: number; author: SessionUser; text: string },
) {
  const players = await matchPlayers(tx, post.matchId, post.createdBy);
  const others = players.filter((id) => id !== post.author.id);
  const now = deps.clock.now();
  const told = await claimNotices(tx, post.matchId, others, now);
  if (told.length === 0) return;
  const info = await matchInfo(tx, post.matchId);
  if (!info) return;
  const subject = MSG.chat.noticeSubject(whenOf(info));
  const line = MSG.chat.noticeText(shortPublicName(post.author.name), excerpt(post.text));
  const withPush = await tx
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, told),
        sql`'message' = any(${pushSubscriptions.kinds})`,
      ),
    );
  const pushed = new Set(withPush.map((r) => r.userId));
  await writePushNotices(tx, deps, 'message', post.matchId, [...pushed], {
    title: subject,
    body: line,
  });
  const url = matchUrl(deps.env, post.matchId);
  const mails = (
    await recipients(
      tx,
      told.filter((id) => !pushed.has(id)),
    )
  )
    .filter((p) => p.email && p.notifyEmail)
    .map((p) => ({
      channel: 'email' as const,
      event: 'message',
      userId: p.id,
      matchId: post.matchId,
      recipient: p.email,
      subject,
      body: `${line}\n\n${MSG.chat.noticeMore}\n\n${MSG.notify.seeMatch(url)}`,
      sendAfter: now,
    }));
  if (mails.length > 0) await tx.insert(outbox).values(mails);
}
