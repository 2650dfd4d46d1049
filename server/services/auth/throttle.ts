import { and, eq, gt, sql } from 'drizzle-orm';
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
  /** Attempts older than this no longer count; `null` = they count until a success ("in a row"). */
  windowMs: number | null;
  lockMs: number;
  /** The French refusal while the key is locked. */
  lockedMessage: (minutes: number) => string;
}

/** An account: 5 failures in a row lock it for 15 minutes. */
export const ACCOUNT_POLICY: Policy = {
  max: LOGIN_MAX_FAILURES,
  windowMs: null,
  lockMs: LOGIN_LOCK_MINUTES * MINUTE,
  lockedMessage: MSG.auth.accountLocked,
};
/** An address: many failures within a window, whatever the account, lock the address. */
export const IP_POLICY: Policy = {
  max: IP_MAX_FAILURES,
  windowMs: IP_WINDOW_MINUTES * MINUTE,
  lockMs: IP_LOCK_MINUTES * MINUTE,
  lockedMessage: MSG.auth.ipLocked,
};

/** One attempt counted against a key before the PIN is checked. */
export interface Attempt {
  key: string;
  policy: Policy;
  windowStartedAt: Date;
  /** Set when this attempt used the last one of the window: the key is locked until then. */
  lockedUntil: Date | null;
  /** Attempts still allowed in the window should this one fail (told to the player). */
  attemptsLeft: number;
}

const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));

export const lockedError = (policy: Policy, until: Date, now: Date) =>
  new AppError('TOO_MANY_REQUESTS', policy.lockedMessage(minutesLeft(until, now)));

/**
 * Counts an attempt against `key` BEFORE the PIN is checked, in one conditional upsert: it only
 * succeeds while the key is under its maximum and not locked, so however many guesses arrive at
 * once (on any instance) at most `max` of them get through per window. The attempt that uses the
 * last slot locks the key at once; a success gives its slot back (`giveBack`, `clearFailures`).
 * Throws the policy's French lock message when no attempt is left.
 */
// Statements on the login path are prepared: postgres.js sends an unprepared query with parameters in
// two round trips and PostgreSQL plans it each time.
export async function reserveAttempt(deps: Pick<Deps, 'db' | 'clock'>, key: string, policy: Policy): Promise<Attempt> {
  const t = authThrottles;
  for (let tries = 0; ; tries++) {
    const now = deps.clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const lockSql = sql`${new Date(now.getTime() + policy.lockMs).toISOString()}::timestamptz`;
    const windowStart = policy.windowMs === null ? new Date(0) : new Date(now.getTime() - policy.windowMs);
    // Not locked any more (an expired lock or window starts a new count).
    const restart = sql`(${t.windowStartedAt} < ${windowStart.toISOString()}::timestamptz or ${t.lockedUntil} is not null)`;
    const count = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
    const [row] = await deps.db
      .insert(t)
      .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: count,
          windowStartedAt: sql`case when ${restart} then ${nowSql} else ${t.windowStartedAt} end`,
          lockedUntil: sql`case when ${count} >= ${policy.max} then ${lockSql} else null end`,
        },
        setWhere: sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowSql}) and (${restart} or ${t.failures} < ${policy.max})`,
      })
      .returning({ windowStartedAt: t.windowStartedAt, lockedUntil: t.lockedUntil, failures: t.failures })
      .prepare(`throttle_reserve_${policy.max}`)
      .execute();
    if (row) {
      const { failures, ...kept } = row;
      return { key, policy, ...kept, attemptsLeft: Math.max(0, policy.max - failures) };
    }

    const [lock] = await deps.db
      .select({ lockedUntil: t.lockedUntil })
      .from(t)
      .where(and(eq(t.key, key), gt(t.lockedUntil, now)))
      .limit(1);
    if (lock?.lockedUntil) throw lockedError(policy, lock.lockedUntil, now);
    // The lock was lifted between the two statements (a success elsewhere): try again.
    if (tries >= 2) throw lockedError(policy, new Date(now.getTime() + policy.lockMs), now);
  }
}

/** Gives an attempt back (it turned out not to be a failed guess); lifts the lock it may have set. */
export async function giveBack(deps: Pick<Deps, 'db'>, a: Attempt) {
  const t = authThrottles;
  await deps.db
    .update(t)
    .set({ failures: sql`${t.failures} - 1`, lockedUntil: null })
    .where(and(eq(t.key, a.key), eq(t.windowStartedAt, a.windowStartedAt), gt(t.failures, 0)))
    .prepare('throttle_give_back')
    .execute();
}

/** A success (or an OTP-backed PIN reset) wipes the account's attempts and any lock. */
export async function clearFailures(deps: Pick<Deps, 'db'>, key: string) {
  await deps.db.delete(authThrottles).where(eq(authThrottles.key, key)).prepare('throttle_clear').execute();
}
