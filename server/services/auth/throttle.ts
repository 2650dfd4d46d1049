import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { executePrepared, rowsOf } from '../../../db/client';
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

export interface Policy {
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

const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));

export const lockedError = (policy: Policy, until: Date, now: Date) =>
  new AppError('TOO_MANY_REQUESTS', policy.lockedMessage(minutesLeft(until, now)));

/**
 * The conditional upsert that counts one attempt against the key `key` yields (a value, or a column
 * of `source` when the login's statement reserves the account it has just read): it only succeeds
 * while the key is under its maximum and not locked, and the attempt that uses the last slot locks
 * the key at once. It answers no row when no attempt is left. Its text depends only on `source`, so
 * it can be prepared.
 */
export function reserveSql(key: SQL, policy: Policy, now: Date, source?: SQL): SQL {
  const t = authThrottles;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lockSql = sql`${new Date(now.getTime() + policy.lockMs).toISOString()}::timestamptz`;
  const windowStart =
    policy.windowMs === null ? new Date(0) : new Date(now.getTime() - policy.windowMs);
  // Not locked any more (an expired lock or window starts a new count).
  const restart = sql`(${t.windowStartedAt} < ${windowStart.toISOString()}::timestamptz or ${t.lockedUntil} is not null)`;
  const count = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  return sql`
    insert into ${t} (key, failures, window_started_at, locked_until)
    select ${key}, 1, ${nowSql}, null::timestamptz ${source ?? sql``}
    on conflict (key) do update
       set failures = ${count},
           window_started_at = case when ${restart} then ${nowSql} else ${t.windowStartedAt} end,
           locked_until = case when ${count} >= ${policy.max} then ${lockSql} else null end
     where (${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowSql}) and (${restart} or ${t.failures} < ${policy.max})
    returning window_started_at, locked_until, failures`;
}

/** A reservation's row as `reserveSql` answers it (timestamps as text or dates, by driver). */
export interface ReservedRow {
  window_started_at: string | Date;
  locked_until: string | Date | null;
  failures: number;
}

export const toAttempt = (key: string, policy: Policy, row: ReservedRow): Attempt => ({
  key,
  policy,
  windowStartedAt: new Date(row.window_started_at),
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
  attemptsLeft: Math.max(0, policy.max - row.failures),
});

/**
 * Counts an attempt against `key` BEFORE the PIN is checked (`reserveSql`), so however many guesses
 * arrive at once (on any instance) at most `max` of them get through per window. A success gives its
 * slot back (`giveBack`, `clearFailures`). Throws the policy's French lock message when no attempt is
 * left. The login reserves the address and the account in its own statement and comes here only
 * when that statement found one of them locked.
 */
// Statements on the login path are prepared: postgres.js sends an unprepared query with parameters in
// two round trips and PostgreSQL plans it each time.
export async function reserveAttempt(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
  policy: Policy,
): Promise<Attempt> {
  const t = authThrottles;
  for (let tries = 0; ; tries++) {
    const now = deps.clock.now();
    const [row] = rowsOf<ReservedRow>(
      await executePrepared(
        deps.db,
        reserveSql(sql`${key}::text`, policy, now),
        `throttle_reserve_${policy.max}`,
      ),
    );
    if (row) return toAttempt(key, policy, row);

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

/**
 * A success (or an OTP-backed PIN reset) wipes the account's attempts and any lock. With `address`,
 * the address's attempt is given back in the same statement (a login's success): its row first,
 * as the login's reservation locks them, so two logins of one account never wait on each other.
 */
export async function clearFailures(deps: Pick<Deps, 'db'>, key: string, address?: Attempt) {
  if (!address) {
    await deps.db
      .delete(authThrottles)
      .where(eq(authThrottles.key, key))
      .prepare('throttle_clear')
      .execute();
    return;
  }
  const t = authThrottles;
  await executePrepared(
    deps.db,
    sql`
      with given as (
        update ${t} set failures = failures - 1, locked_until = null
         where key = ${address.key}::text and window_started_at = ${address.windowStartedAt.toISOString()}::timestamptz and failures > 0
        returning 1
      )
      delete from ${t} where key = ${key}::text and (select count(*) from given) >= 0`,
    'throttle_clear_give_back',
  );
}
