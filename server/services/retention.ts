import { and, isNull, lt, or } from 'drizzle-orm';
import { OTP_PROOF_MINUTES } from '../../common/limits';
import { authThrottles, otpCodes, sessions } from '../../db/schema';
import type { Deps } from '../deps';
import { SESSION_IDLE_MS } from './auth/sessions';

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
}

/**
 * Deletes what can no longer serve (otherwise nothing is ever deleted): OTP codes past their expiry
 * that are not a proof of ownership still in its 30-minute window, sessions past their absolute or
 * idle expiry, and failure counters with no lock in force and no activity for a day.
 */
export async function purgeExpired(deps: Pick<Deps, 'db' | 'clock'>): Promise<PurgeResult> {
  const now = deps.clock.now();
  const proofSince = new Date(now.getTime() - OTP_PROOF_MINUTES * MINUTE);
  const codes = await deps.db
    .delete(otpCodes)
    .where(and(lt(otpCodes.expiresAt, now), or(isNull(otpCodes.verifiedAt), lt(otpCodes.verifiedAt, proofSince))))
    .returning({ id: otpCodes.id });
  const dead = await deps.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
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
  return { otpCodes: codes.length, sessions: dead.length, throttles: throttles.length };
}

/**
 * Runs `purgeExpired` every `minutes` (0 = never) in the background of one server process. Every
 * instance may run it: the deletes are idempotent. Returns the function that stops it.
 */
export function startRetentionJob(deps: Pick<Deps, 'db' | 'clock' | 'logger'>, minutes: number): () => void {
  if (minutes <= 0) return () => {};
  const run = () =>
    purgeExpired(deps).then(
      (purged) => deps.logger.info({ purged }, 'retention: expired rows purged'),
      (err: unknown) => deps.logger.error({ err }, 'retention: purge failed'),
    );
  const timer = setInterval(() => void run(), minutes * MINUTE);
  timer.unref();
  return () => clearInterval(timer);
}
