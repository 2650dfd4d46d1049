import { eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { authThrottles } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';

/** Failed PIN checks allowed from one IP address within `IP_WINDOW_MINUTES`, across all accounts. */
export const IP_MAX_FAILURES = 50;
export const IP_WINDOW_MINUTES = 15;
export const IP_LOCK_MINUTES = 15;

const MINUTE = 60_000;

export const userKey = (userId: number) => `user:${userId}`;
export const ipKey = (ip: string) => `ip:${ip}`;

interface Policy {
  max: number;
  /** Failures older than this no longer count; `null` = they count until a success ("in a row"). */
  windowMs: number | null;
  lockMs: number;
}

/** An account: 5 failures in a row lock it for 15 minutes. */
export const ACCOUNT_POLICY: Policy = { max: LOGIN_MAX_FAILURES, windowMs: null, lockMs: LOGIN_LOCK_MINUTES * MINUTE };
/** An address: many failures within a window, whatever the account, lock the address. */
export const IP_POLICY: Policy = { max: IP_MAX_FAILURES, windowMs: IP_WINDOW_MINUTES * MINUTE, lockMs: IP_LOCK_MINUTES * MINUTE };

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));

/** Minutes left on a lock of `key`, or 0 when it is not locked. */
async function lockedMinutes(deps: Pick<Deps, 'db' | 'clock'>, key: string): Promise<number> {
  const [row] = await deps.db
    .select({ lockedUntil: authThrottles.lockedUntil })
    .from(authThrottles)
    .where(eq(authThrottles.key, key))
    .limit(1);
  const now = deps.clock.now();
  return row?.lockedUntil && row.lockedUntil > now ? minutesLeft(row.lockedUntil, now) : 0;
}

/** Refuses at once (before any PIN is checked) while the account or the address is locked. */
export async function assertNotLocked(deps: Pick<Deps, 'db' | 'clock'>, o: { userId?: number; ip?: string }) {
  if (o.ip) {
    const minutes = await lockedMinutes(deps, ipKey(o.ip));
    if (minutes) throw new AppError('TOO_MANY_REQUESTS', MSG.auth.ipLocked(minutes));
  }
  if (o.userId !== undefined) {
    const minutes = await lockedMinutes(deps, userKey(o.userId));
    if (minutes) throw new AppError('TOO_MANY_REQUESTS', MSG.auth.accountLocked(minutes));
  }
}

/**
 * Counts one failure against `key` (atomically, so concurrent guesses all count) and locks it when
 * the policy's maximum is reached. Says whether this failure locked it, and how many tries are left.
 */
export async function recordFailure(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
  policy: Policy,
): Promise<{ locked: boolean; attemptsLeft: number }> {
  const now = deps.clock.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = policy.windowMs === null ? new Date(0) : new Date(now.getTime() - policy.windowMs);
  const t = authThrottles;
  const active = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${nowSql})`;
  const restart = sql`(${t.windowStartedAt} < ${windowStart.toISOString()}::timestamptz or ${t.lockedUntil} is not null)`;
  const [row] = await deps.db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        // A lock in force stays as it is; an expired lock or window starts a new count.
        failures: sql`case when ${active} then ${t.failures} when ${restart} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${active} then ${t.windowStartedAt} when ${restart} then ${nowSql} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${active} then ${t.lockedUntil} else null end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  if (row?.lockedUntil) return { locked: true, attemptsLeft: 0 };
  if (!row || row.failures < policy.max) return { locked: false, attemptsLeft: policy.max - (row?.failures ?? 0) };
  await deps.db
    .update(authThrottles)
    .set({ failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + policy.lockMs) })
    .where(eq(authThrottles.key, key));
  return { locked: true, attemptsLeft: 0 };
}

/** A success (or an OTP-backed PIN reset) wipes the account's failures and any lock. */
export async function clearFailures(deps: Pick<Deps, 'db'>, key: string) {
  await deps.db.delete(authThrottles).where(eq(authThrottles.key, key));
}
