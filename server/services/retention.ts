import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { OTP_PROOF_MINUTES } from '../../common/limits';
import { authThrottles, matchMessageRate, otpCodes, outbox, sessions } from '../../db/schema';
import type { Deps } from '../deps';
import { SESSION_IDLE_MS } from './auth/sessions';
import { localParts } from '../../common/schedule';
import { materialiseRecentWeeks } from './admin/dashboard-weeks';

const MINUTE = 60_000;
/**
 * An unlocked failure counter untouched for a day is forgotten. Keeping it longer would not make a
 * PIN safer: a lock that runs out already starts a new count.
 */
export const THROTTLE_RETENTION_MS = 24 * 60 * MINUTE;

export interface PurgeResult {
  otpCodes: number;
  sessions: number;
  throttles: number;
  /** Sent or given-up notices whose text, recipient and calendar file were blanked. */
  notices: number;
}

/**
 * Deletes what can no longer serve (otherwise nothing is ever deleted): OTP codes past their expiry
 * that are not a proof of ownership still in its 30-minute window, sessions past their absolute or
 * idle expiry, and failure counters with no lock in force and no activity for a day. Notices sent
 * (or given up) more than NOTICE_RETENTION_DAYS ago keep only their channel, event and dates (the
 * export lists them): their text, recipient, calendar file and last error are blanked.
 */
export async function purgeExpired(deps: Pick<Deps, 'db' | 'clock' | 'env'>): Promise<PurgeResult> {
  const now = deps.clock.now();
  const proofSince = new Date(now.getTime() - OTP_PROOF_MINUTES * MINUTE);
  const codes = await deps.db
    .delete(otpCodes)
    .where(
      and(
        lt(otpCodes.expiresAt, now),
        or(isNull(otpCodes.verifiedAt), lt(otpCodes.verifiedAt, proofSince)),
      ),
    )
    .returning({ id: otpCodes.id });
  const dead = await deps.db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .returning({ id: sessions.id });
  const throttles = await deps.db
    .delete(authThrottles)
    .where(
      and(
        or(isNull(authThrottles.lockedUntil), lt(authThrottles.lockedUntil, now)),
        lt(authThrottles.windowStartedAt, new Date(now.getTime() - THROTTLE_RETENTION_MS)),
      ),
    )
    .returning({ key: authThrottles.key });
  // The chat's per-minute counters serve one minute; an hour-old one is dead weight (not counted).
  await deps.db
    .delete(matchMessageRate)
    .where(lt(matchMessageRate.minute, new Date(now.getTime() - 60 * MINUTE)));
  const noticesBefore = new Date(now.getTime() - deps.env.NOTICE_RETENTION_DAYS * 24 * 60 * MINUTE);
  const notices = await deps.db
    .update(outbox)
    .set({ subject: null, body: null, recipient: null, ics: null, lastError: null })
    .where(
      and(
        or(lt(outbox.sentAt, noticesBefore), lt(outbox.failedAt, noticesBefore)),
        or(
          isNotNull(outbox.subject),
          isNotNull(outbox.body),
          isNotNull(outbox.recipient),
          isNotNull(outbox.ics),
          isNotNull(outbox.lastError),
        ),
      ),
    )
    .returning({ id: outbox.id });
  return {
    otpCodes: codes.length,
    sessions: dead.length,
    throttles: throttles.length,
    notices: notices.length,
  };
}

/**
 * The first purge runs this soon after start, not one interval later: an instance restarted more
 * often than every interval (deploys, autoscaling) would otherwise never purge. Not at once, so it
 * stays out of the start-up's way.
 */
export const FIRST_PURGE_DELAY_MS = 30_000;

/**
 * Runs `purgeExpired` shortly after start (`firstDelayMs`, at most one interval) and then every
 * `minutes` (0 = never) in the background of one server process, counting what it deleted by kind.
 * Every instance may run it: the deletes are idempotent. Returns the function that stops it.
 */
export function startRetentionJob(
  deps: Pick<Deps, 'db' | 'clock' | 'env' | 'logger' | 'metrics'>,
  minutes: number,
  firstDelayMs = Math.min(FIRST_PURGE_DELAY_MS, minutes * MINUTE),
): () => void {
  if (minutes <= 0) return () => {};
  const run = () =>
    purgeExpired(deps)
      .then(
        (purged) => {
          const counts: Record<string, number> = { ...purged };
          for (const [kind, n] of Object.entries(counts)) {
            deps.metrics.retentionPurged.inc(
              { kind: kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) },
              n,
            );
          }
          deps.logger.info({ purged }, 'retention: expired rows purged');
        },
        (err: unknown) => deps.logger.error({ err }, 'retention: purge failed'),
      )
      .then(() =>
        // The admin dashboard's closed weeks, ready before an admin asks (issue 28).
        materialiseRecentWeeks(
          deps.db,
          localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date,
          deps.env.APP_TIMEZONE,
        ),
      )
      .catch((err: unknown) => deps.logger.error({ err }, 'dashboard: weeks not materialised'));
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    every = setInterval(() => void run(), minutes * MINUTE);
    every.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
