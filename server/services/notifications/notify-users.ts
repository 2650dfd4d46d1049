import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TPushKind } from '../../../common/schemas/push';
import type { DbOrTx } from '../../../db/client';
import { outbox, pushSubscriptions, smsConfig, users } from '../../../db/schema';
import { writePushNotices, type NotifyDeps } from './enqueue';
import { publicUrl, recipients } from './match-info';
import { wakeWorkers } from '../events/wake';

export interface UserNotice {
  /** For logs and metrics: `group_match`, `poll_match`, `evening_round`… */
  event: string;
  subject: string;
  text: string;
  /** App path the notice links to (`/matches/12`, `/groups/3`). */
  path: string;
  matchId?: number | null;
  /** What closes the e-mail around the link (push and SMS stay short); the bare link otherwise. */
  mailFooter?: (url: string) => string;
}

export interface NotifyOptions {
  /**
   * Push first (`kind`): a player with a device that takes this kind is told there and gets no
   * e-mail; the others by e-mail. SMS follows each player's opt-in either way.
   */
  pushFirst?: TPushKind;
  /** False: never by SMS (chat messages: many, and each SMS costs). */
  sms?: boolean;
}

/**
 * Writes the e-mail and SMS rows of a notice whose text depends on its recipient (a group's
 * follow-ups, an evening's rounds, an alert), in the caller's transaction (a consumer of the event
 * log), for the players who keep each channel on; the outbox worker sends them.
 */
export async function notifyUsers(
  tx: DbOrTx,
  deps: NotifyDeps,
  userIds: number[],
  notice: (userId: number) => UserNotice,
  { pushFirst, sms: bySms = true }: NotifyOptions = {},
) {
  const people = await recipients(tx, [...new Set(userIds)]);
  if (people.length === 0) return;
  const pushed = new Set<number>();
  if (pushFirst) {
    const devices = await tx
      .selectDistinct({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(
        and(
          inArray(
            pushSubscriptions.userId,
            people.map((p) => p.id),
          ),
          sql`${pushFirst}::text = any(${pushSubscriptions.kinds})`,
          // A player who turned push off is told by e-mail instead.
          sql`exists (select 1 from ${users} u where u.id = ${pushSubscriptions.userId} and u.notify_push)`,
        ),
      );
    for (const { userId } of devices) {
      const n = notice(userId);
      await writePushNotices(
        tx,
        deps,
        pushFirst,
        n.matchId ?? null,
        [userId],
        {
          title: n.subject,
          body: n.text,
        },
        n.path,
      );
      pushed.add(userId);
    }
  }
  const [sms] = await tx
    .select({ isLive: smsConfig.isLive })
    .from(smsConfig)
    .where(eq(smsConfig.isLive, true))
    .limit(1);
  const now = deps.clock.now();
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const p of people) {
    const n = notice(p.id);
    const url = `${publicUrl(deps.env)}${n.path}`;
    const base = { event: n.event, userId: p.id, matchId: n.matchId ?? null, sendAfter: now };
    if (p.email && p.notifyEmail && !pushed.has(p.id))
      rows.push({
        ...base,
        channel: 'email',
        recipient: p.email,
        subject: n.subject,
        body: `${n.text}\n\n${n.mailFooter ? n.mailFooter(url) : url}`,
      });
    if (bySms && p.notifySms && sms?.isLive)
      rows.push({
        ...base,
        channel: 'sms',
        recipient: p.phone,
        body: `Padel Match : ${n.text} ${url}`,
      });
  }
  if (rows.length > 0) {
    await tx.insert(outbox).values(rows);
    await wakeWorkers(tx, 'outbox');
  }
}
