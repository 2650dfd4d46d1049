import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { matches, outbox, pushSubscriptions, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { MSG } from '../../../common/messages';
import { NOTICE_TYPE_OF } from '../../../common/notification-types';
import { PushSubscriptionGone } from '../../push/push';
import { noticeColumns, notifyMatch, REMINDER_MIN_LEAD_MS, writePushNotices } from './enqueue';
import { matchInfo, matchPlayers, startOf, whereOf, type MatchInfo } from './match-info';
import { verdictFor, type RecipientChoices } from './choices';
import { unsubscribeUrl } from './unsubscribe';
import type { WorkerConsumer } from '../../worker/loop';
import { retryDelayMs } from '../../worker/retry';

export interface OutboxWorkerOptions {
  /** Sends in flight at once (default 1); each instance runs its own. */
  concurrency?: number;
  /** Rows leased per claim (default: four per concurrent send). */
  batchSize?: number;
  /** How long a taken row stays out of other workers' reach while it is being sent (ms). */
  leaseMs?: number;
}

/** Wait before the n-th retry: 30 s, 1 min, 2 min… capped at an hour. */
const noticeRetryDelayMs = (attempts: number) => retryDelayMs(30_000, attempts, 3_600_000);
/** After this many failures a row is given up (about half a day of retries) and logged as an error. */
export const MAX_ATTEMPTS = 20;
/**
 * A notice still unsent this long after it was due (its channel was not configured, or stopped
 * working) is dropped: "X joined your match" or a reminder weeks late would mislead more than help.
 */
export const STALE_AFTER_MS = 12 * 3_600_000;

/** Channels whose rows are messages to send (the others are schedules expanded into them). */
const SENT_CHANNELS: Channel[] = ['email', 'sms', 'push'];
type Channel = 'email' | 'sms' | 'push';

/** How long a push service keeps a message for an offline device: a "2 h" notice is moot after 2 h. */
const pushTtlSeconds = (event: string) => (event === 'soon' ? 2 * 3600 : STALE_AFTER_MS / 1000);

type Pending = Pick<
  typeof outbox.$inferSelect,
  | 'id'
  | 'channel'
  | 'event'
  | 'userId'
  | 'recipient'
  | 'subject'
  | 'body'
  | 'ics'
  | 'icsMethod'
  | 'attempts'
  | 'sendAfter'
  | 'pushSubscriptionId'
> & {
  /** False when the player turned this channel off after the notification was written (read when leased). */
  wanted: boolean;
  /** The recipient's choices (types, push, quiet hours), read when leased; null without an account. */
  choices: RecipientChoices | null;
  /** When the notice's match starts, if it is about one. */
  startsAt: Date | null;
};

/**
 * Notifications not yet sent nor given up, retries included: the backlog a metric watches.
 * Reminders waiting for their day, and notices held by quiet hours, are not late: they count once
 * due.
 */
export async function outboxBacklog(
  db: Pick<Db, '$count'>,
  now: Date = new Date(),
): Promise<number> {
  return db.$count(
    outbox,
    and(
      isNull(outbox.sentAt),
      isNull(outbox.failedAt),
      or(
        lte(outbox.sendAfter, now),
        and(inArray(outbox.channel, SENT_CHANNELS), gt(outbox.attempts, 0)),
      ),
    ),
  );
}

/**
 * Seconds since the oldest pending notification was written (0 when none): mails and SMS waiting or
 * retried count from their creation; a reminder, or a notice held by quiet hours, from when it fell
 * due.
 */
export async function oldestPendingSeconds(db: Db, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({
      oldest:
        sql<Date | null>`min(case when ${outbox.channel} in ('reminder', 'soon') or ${outbox.attempts} = 0 then ${outbox.sendAfter} else least(${outbox.createdAt}, ${outbox.sendAfter}) end)`.mapWith(
          outbox.sendAfter,
        ),
    })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        or(
          lte(outbox.sendAfter, now),
          and(inArray(outbox.channel, SENT_CHANNELS), gt(outbox.attempts, 0)),
        ),
      ),
    );
  return row?.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0;
}

/**
 * Sends what the outbox holds (a consumer of the worker loop, server/worker/loop.ts). Several
 * instances may run one each on the same database: a row is taken with `FOR UPDATE SKIP LOCKED`
 * and leased (`locked_until`) in one statement, so two workers never take the same row; it is
 * marked sent after the transport accepted it, or put back with an exponential delay. Reminders
 * are expanded into mails and SMS in the transaction that marks them done, so each is expanded
 * once.
 */
export function createOutboxWorker(deps: Deps, o: OutboxWorkerOptions = {}): WorkerConsumer {
  const concurrency = Math.max(1, o.concurrency ?? 1);
  const batchSize = o.batchSize ?? concurrency * 4;
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  /** Set by `halt`: no new claim, no new send; what is leased but not sent is given back. */
  let halting = false;

  const due = (now: Date) =>
    and(
      isNull(outbox.sentAt),
      isNull(outbox.failedAt),
      lte(outbox.sendAfter, now),
      or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
    );

  /**
   * Takes the due schedules of `channel` (SKIP LOCKED, so each once across instances) and expands
   * each into its notices with `expand`, in the transaction that marks the schedule done; answers
   * how many were expanded.
   */
  async function expandDue(
    channel: 'reminder' | 'soon',
    expand: (tx: Tx, match: MatchInfo) => Promise<void>,
  ): Promise<number> {
    const now = deps.clock.now();
    const expanded = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, matchId: outbox.matchId })
        .from(outbox)
        .where(and(eq(outbox.channel, channel), due(now)))
        .orderBy(asc(outbox.sendAfter), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const r of rows) {
        const match = r.matchId === null ? null : await matchInfo(tx, r.matchId);
        // Never for a match that starts within the hour (a schedule taken late, or a worker that
        // was down): "demain" or "dans 2 h" must still be about true.
        if (match && startOf(match, deps.env).getTime() - now.getTime() >= REMINDER_MIN_LEAD_MS)
          await expand(tx, match);
        await tx
          .update(outbox)
          .set({ sentAt: now, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, r.id));
      }
      return rows.length;
    });
    if (expanded > 0) deps.metrics.notifications.inc({ channel, outcome: 'expanded' }, expanded);
    return expanded;
  }

  /** Due reminders become mails, SMS and pushes to the match's players. */
  const expandReminders = () =>
    expandDue('reminder', async (tx, match) =>
      notifyMatch(tx, deps, 'reminder', match, await matchPlayers(tx, match.id, match.createdBy)),
    );

  /** Due same-day schedules become one push per device of the match's players that wants it. */
  const expandSoon = () =>
    expandDue('soon', async (tx, match) =>
      writePushNotices(
        tx,
        deps,
        'soon',
        match.id,
        await matchPlayers(tx, match.id, match.createdBy),
        { title: MSG.push.soonTitle, body: MSG.push.soon(match.time, whereOf(match)) },
      ),
    );

  /**
   * The channels a send can go through now. In production without an SMTP or Twilio configuration
   * every send would fail: those rows are left waiting, untouched (no attempt counted, no retry
   * written, nothing logged), until the admin configures the channel.
   */
  async function sendableChannels(): Promise<Channel[]> {
    const [email, sms] = await Promise.all([deps.mailer.canSend(), deps.sms.canSend()]);
    return [
      ...(email ? (['email'] as const) : []),
      ...(sms ? (['sms'] as const) : []),
      // Push rows wait, like the others, while push is off (production without VAPID keys).
      ...(deps.push.enabled ? (['push'] as const) : []),
    ];
  }

  /** Leases a batch of due mails, SMS and pushes of `channels` to this worker. */
  async function claim(channels: Channel[]): Promise<Pending[]> {
    if (channels.length === 0) return [];
    const now = deps.clock.now();
    const ids = deps.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.channel, channels), due(now)))
      .orderBy(asc(outbox.sendAfter), asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return deps.db
      .update(outbox)
      .set({
        lockedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(inArray(outbox.id, ids))
      .returning({
        id: outbox.id,
        ...noticeColumns,
        attempts: outbox.attempts,
        pushSubscriptionId: outbox.pushSubscriptionId,
        // In the lease's statement: one round trip less per notice than a lookup before each send.
        // A push goes only to a device still owned by its recipient (a phone handed over does not
        // get its former owner's notices) that still wants this kind.
        wanted: sql<boolean>`case when ${outbox.channel} = 'push' then exists(select 1 from ${pushSubscriptions}
            where ${pushSubscriptions.id} = ${outbox.pushSubscriptionId} and ${pushSubscriptions.userId} = ${outbox.userId}
            and ${outbox.event} = any(${pushSubscriptions.kinds}))
          else ${outbox.userId} is null or coalesce((select case when ${outbox.channel} = 'sms' then ${users.notifySms} else ${users.notifyEmail} end
          from ${users} where ${users.id} = ${outbox.userId}), false) end`,
        choices: sql<RecipientChoices | null>`(select json_build_object('push', u.notify_push,
            'muted', u.muted_types, 'quietFrom', u.quiet_from, 'quietTo', u.quiet_to)
          from ${users} u where u.id = ${outbox.userId})`,
        startsAt:
          sql<Date | null>`coalesce(${outbox.startsAt}, (select (m.date + m.time) at time zone ${deps.env.APP_TIMEZONE}
          from ${matches} m where m.id = ${outbox.matchId}))`.mapWith(outbox.sendAfter),
      });
  }

  /** Encrypts and sends one push; a subscription gone meanwhile (deleted) is nothing to send. */
  async function deliverPush(row: Pending) {
    if (row.pushSubscriptionId === null) return;
    const [target] = await deps.db
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, row.pushSubscriptionId));
    if (!target) return;
    try {
      await deps.push.send(target, {
        payload: row.body ?? '{}',
        ttl: pushTtlSeconds(row.event),
        urgency: row.event === 'reminder' || row.event === 'soon' ? 'high' : 'normal',
      });
    } catch (err) {
      if (!(err instanceof PushSubscriptionGone)) {
        await deps.db
          .update(pushSubscriptions)
          .set({
            lastFailureAt: deps.clock.now(),
            lastFailure: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          })
          .where(eq(pushSubscriptions.id, row.pushSubscriptionId));
      }
      throw err;
    }
  }

  async function deliver(row: Pending) {
    const to = row.recipient ?? '';
    const body = row.body ?? '';
    if (row.channel === 'sms') return deps.sms.send(to, body);
    if (row.channel === 'push') return deliverPush(row);
    const unsubscribe =
      row.userId === null
        ? null
        : unsubscribeUrl(deps.env, deps.secrets, row.userId, NOTICE_TYPE_OF[row.event]);
    await deps.mailer.send({
      to,
      subject: row.subject ?? '',
      text: unsubscribe ? `${body}\n\n${MSG.notify.unsubscribeFooter(unsubscribe)}` : body,
      headers: unsubscribe
        ? {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : undefined,
      attachments:
        row.ics && row.icsMethod
          ? [
              {
                filename: 'match.ics',
                content: row.ics,
                contentType: `text/calendar; charset=utf-8; method=${row.icsMethod}`,
              },
            ]
          : undefined,
    });
  }

  async function sendOne(row: Pending) {
    const now = () => deps.clock.now();
    const count = (outcome: 'sent' | 'skipped' | 'deferred' | 'failed' | 'given_up' | 'dropped') =>
      deps.metrics.notifications.inc({ channel: row.channel, outcome });
    if (now().getTime() - row.sendAfter.getTime() > STALE_AFTER_MS) {
      await deps.db
        .update(outbox)
        .set({
          lockedUntil: null,
          failedAt: now(),
          lastError: 'stale: not sent within 12 h of being due',
        })
        .where(eq(outbox.id, row.id));
      deps.logger.warn(
        { id: row.id, channel: row.channel, event: row.event },
        'notification dropped as stale',
      );
      count('dropped');
      return;
    }
    const verdict = verdictFor(row, row.choices, now(), deps.env.APP_TIMEZONE);
    if (verdict instanceof Date) {
      // Quiet hours: back to the queue until they end, the lease and this attempt undone.
      await deps.db
        .update(outbox)
        .set({ sendAfter: verdict, lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
        .where(eq(outbox.id, row.id));
      count('deferred');
      return;
    }
    const wanted = row.wanted && verdict === 'send';
    try {
      if (wanted) await deliver(row);
      await deps.db
        .update(outbox)
        .set({ sentAt: now(), lockedUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
      count(wanted ? 'sent' : 'skipped');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const gone = err instanceof PushSubscriptionGone ? row.pushSubscriptionId : null;
      if (err instanceof PushSubscriptionGone && gone !== null) {
        // The browser unsubscribed or the device is gone: forget it, end the row, never retry.
        await deps.db.transaction(async (tx) => {
          await tx
            .update(outbox)
            .set({ lockedUntil: null, failedAt: now(), lastError: message })
            .where(eq(outbox.id, row.id));
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, gone));
        });
        deps.logger.info(
          { id: row.id, event: row.event, status: err.statusCode },
          'push subscription gone: deleted',
        );
        count('dropped');
        return;
      }
      const givenUp = row.attempts >= MAX_ATTEMPTS;
      await deps.db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 500),
          sendAfter: new Date(now().getTime() + noticeRetryDelayMs(row.attempts)),
          failedAt: givenUp ? now() : null,
        })
        .where(eq(outbox.id, row.id));
      const log = {
        id: row.id,
        channel: row.channel,
        event: row.event,
        attempts: row.attempts,
        err: message,
      };
      if (givenUp) deps.logger.error(log, 'notification given up');
      else deps.logger.warn(log, 'notification not sent, will retry');
      count(givenUp ? 'given_up' : 'failed');
    }
  }

  /**
   * Gives leased rows that were never tried back at once (lease lifted, the claim's attempt undone),
   * so a stopping instance does not hold them for the rest of the lease.
   */
  async function release(rows: Pending[]) {
    if (rows.length === 0) return;
    await deps.db
      .update(outbox)
      .set({ lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(
        and(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
        ),
      );
  }

  /** Sends a leased batch, `concurrency` at a time; stops starting sends once halted. Answers how many were sent. */
  async function sendBatch(rows: Pending[]): Promise<number> {
    const queue = [...rows];
    let sent = 0;
    const lane = async () => {
      for (let row = queue.shift(); row; row = halting ? undefined : queue.shift()) {
        await sendOne(row);
        sent++;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    } finally {
      await release(queue);
    }
    return sent;
  }

  /**
   * One round: expands due reminders, then sends due notifications until none is left (or `stop`).
   * Answers how many notices it handled: each reminder expanded and each mail or SMS sent, skipped,
   * retried or dropped.
   */
  async function round(): Promise<number> {
    let handled = 0;
    while (!halting) {
      const expanded = (await expandReminders()) + (await expandSoon());
      if (expanded === 0) break;
      handled += expanded;
    }
    if (halting) return handled;
    const channels = await sendableChannels();
    while (!halting) {
      const rows = await claim(channels);
      if (rows.length === 0) break;
      handled += await sendBatch(rows);
    }
    return handled;
  }

  return {
    queue: 'outbox',
    runOnce: round,
    halt() {
      halting = true;
    },
    resume() {
      halting = false;
    },
  };
}
