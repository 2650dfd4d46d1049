import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { bare, placeholders, cte } from '../../../db/statement';
import { prepared } from '../../lib/prepared';
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

/** The values a reservation needs, from its policy and the time; `max` travels as a value too. */
export const reserveValues = (policy: Policy, now: Date) => ({
  now: now.toISOString(),
  windowStart: (policy.windowMs === null
    ? new Date(0)
    : new Date(now.getTime() - policy.windowMs)
  ).toISOString(),
  lockUntil: new Date(now.getTime() + policy.lockMs).toISOString(),
  max: policy.max,
});
type ReserveValues = ReturnType<typeof reserveValues>;
/** Where a reservation's values come from in its statement (placeholders, named per statement). */
export type ReserveSlots = { [K in keyof ReserveValues]: SQL | Placeholder };

/** A reservation's answer: the key's row after the attempt was counted. */
const reservedColumns = {
  windowStartedAt: authThrottles.windowStartedAt,
  lockedUntil: authThrottles.lockedUntil,
  failures: authThrottles.failures,
};

/**
 * The conditional upsert that counts one attempt against the key `key` yields (a value, or a column
 * of `source` when the login's statement reserves the account it has just read), as a CTE named
 * `alias`: it only succeeds while the key is under its maximum and not locked, and the attempt
 * that uses the last slot locks the key at once. It answers no row when no attempt is left.
 */
export function reservePart<A extends string>(
  alias: A,
  key: SQL | Placeholder,
  v: ReserveSlots,
  source?: SQL,
) {
  const t = authThrottles;
  const now = sql`${v.now}::timestamptz`;
  // Not locked any more (an expired lock or window starts a new count).
  const restart = sql`(${t.windowStartedAt} < ${v.windowStart}::timestamptz or ${t.lockedUntil} is not null)`;
  const count = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  return cte(
    alias,
    reservedColumns,
    sql`
    insert into ${t} (${bare(t.key)}, ${bare(t.failures)}, ${bare(t.windowStartedAt)}, ${bare(t.lockedUntil)})
    select ${key}, 1, ${now}, null::timestamptz ${source ?? sql``}
    on conflict (${bare(t.key)}) do update
       set ${bare(t.failures)} = ${count},
           ${bare(t.windowStartedAt)} = case when ${restart} then ${now} else ${t.windowStartedAt} end,
           ${bare(t.lockedUntil)} = case when ${count} >= ${v.max}::int then ${v.lockUntil}::timestamptz else null end
     where (${t.lockedUntil} is null or ${t.lockedUntil} <= ${now}) and (${restart} or ${t.failures} < ${v.max}::int)
    returning ${t.windowStartedAt}, ${t.lockedUntil}, ${t.failures}`,
  );
}

/** A reservation's row as `reservePart` answers it. */
export type ReservedRow = { windowStartedAt: Date; lockedUntil: Date | null; failures: number };

type KeyedReserveValues = ReserveValues & { key: string };
const rv = placeholders<KeyedReserveValues>();
const reserveOne = reservePart('reserved', sql`${rv('key')}::text`, {
  now: rv('now'),
  windowStart: rv('windowStart'),
  lockUntil: rv('lockUntil'),
  max: rv('max'),
});
const reserveStatement = (db: DbOrTx) =>
  prepared(db, 'throttle_reserve', (name) =>
    db.with(reserveOne).select(reserveOne._.selectedFields).from(reserveOne).prepare(name),
  );

export const toAttempt = (key: string, policy: Policy, row: ReservedRow): Attempt => ({
  key,
  policy,
  windowStartedAt: row.windowStartedAt,
  lockedUntil: row.lockedUntil,
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
    const [row] = await reserveStatement(deps.db).execute({
      ...reserveValues(policy, now),
      key,
    } satisfies KeyedReserveValues);
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
  await clearGivingBack(deps.db).execute({
    key,
    addressKey: address.key,
    windowStartedAt: address.windowStartedAt.toISOString(),
  } satisfies ClearValues);
}

type ClearValues = { key: string; addressKey: string; windowStartedAt: string };
const cv = placeholders<ClearValues>();
const given = cte(
  'given',
  { key: authThrottles.key },
  sql`update ${authThrottles}
         set ${bare(authThrottles.failures)} = ${authThrottles.failures} - 1, ${bare(authThrottles.lockedUntil)} = null
       where ${authThrottles.key} = ${cv('addressKey')}::text
         and ${authThrottles.windowStartedAt} = ${cv('windowStartedAt')}::timestamptz
         and ${authThrottles.failures} > 0
      returning ${authThrottles.key}`,
);
/** The address's row is updated first (`given`), the order the login's reservation locks them in. */
const clearGivingBack = (db: DbOrTx) =>
  prepared(db, 'throttle_clear_give_back', (name) =>
    db
      .with(given)
      .delete(authThrottles)
      .where(and(eq(authThrottles.key, cv('key')), sql`(select count(*) from ${given}) >= 0`))
      .prepare(name),
  );
