import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { executePrepared, rowsOf } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPin, verifyPin } from '../../lib/pin-hash';
import { emailEquals } from '../users';
import { promoteIfListed } from './admin-emails';
import { startSession, type LoggedIn } from './sessions';
import {
  ACCOUNT_POLICY,
  clearFailures,
  giveBack,
  IP_POLICY,
  ipKey,
  lockedError,
  reserveAttempt,
  reserveSql,
  toAttempt,
  userKey,
  type Attempt,
} from './throttle';

/** Who is asking, as far as throttling is concerned. */
export interface RequestInfo {
  ip: string;
}

export type LoginIdentity = { email: string } | { phone: string };

/** One argon2id hash per pepper, verified against when the account does not exist. */
const dummyHashes = new WeakMap<Buffer, Promise<string>>();
const dummyHash = (pepper: Buffer) => {
  let hash = dummyHashes.get(pepper);
  if (!hash) dummyHashes.set(pepper, (hash = hashPin('no-such-account', pepper)));
  return hash;
};

/** The PIN hash and the fields a login needs, by e-mail or by phone. */
export async function findCredentials(deps: Pick<Deps, 'db'>, who: LoginIdentity) {
  const [row] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      isAdmin: users.isAdmin,
      pinHash: users.pinHash,
    })
    .from(users)
    .where('email' in who ? emailEquals(who.email) : eq(users.phone, who.phone))
    .limit(1)
    .prepare('email' in who ? 'credentials_by_email' : 'credentials_by_phone')
    .execute();
  return row ?? null;
}

/**
 * The one place an account's PIN is compared, for every door (login, PIN change, ...). The attempt
 * was reserved on the account beforehand (`reserveAttempt`), so no more than 5 PINs per lock window
 * are ever checked, however many arrive at once. A right PIN clears the count; a wrong one keeps
 * its slot, and when it was the last one answers the lock message. `address`: the address's attempt
 * of a login, given back with the same statement on success. Each check is logged (never the
 * PIN): the trail of guesses an account received.
 */
export async function checkReservedPin(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'logger'>,
  attempt: Attempt,
  hash: string,
  pin: string,
  address?: Attempt,
) {
  const ok = await verifyPin(hash, pin, deps.secrets.pinPepper);
  deps.logger.info({ throttleKey: attempt.key, ok }, 'PIN checked');
  if (ok) await clearFailures(deps, attempt.key, address);
  else if (attempt.lockedUntil)
    throw lockedError(attempt.policy, attempt.lockedUntil, deps.clock.now());
  return ok;
}

/** What the login's first statement answers: the address's reservation, the account, the account's reservation. */
interface ReserveRow {
  ip_window_started_at: string | Date | null;
  ip_locked_until: string | Date | null;
  ip_failures: number | null;
  id: number | null;
  email: string | null;
  phone: string | null;
  is_admin: boolean | null;
  pin_hash: string | null;
  user_window_started_at: string | Date | null;
  user_locked_until: string | Date | null;
  user_failures: number | null;
}

/**
 * The login's first round trip, one statement: reserves an attempt on the address, reads the
 * account's credentials and, when the address had one left and the account exists, reserves an
 * attempt on the account (`reserveSql` both times: same upserts, same limits as one by one). The
 * account's reservation reads the address's, so the address's row is always locked first.
 */
async function reserveAndFind(deps: Pick<Deps, 'db' | 'clock'>, ip: string, who: LoginIdentity) {
  const now = deps.clock.now();
  const byEmail = 'email' in who;
  const [row] = rowsOf<ReserveRow>(
    await executePrepared(
      deps.db,
      sql`
      with ip as (${reserveSql(sql`${ipKey(ip)}::text`, IP_POLICY, now)}),
      account as (
        select id, email, phone, is_admin, pin_hash from ${users}
         where ${byEmail ? emailEquals(who.email) : sql`phone = ${who.phone}::text`}
         limit 1
      ),
      reserved as (${reserveSql(sql`'user:' || account.id`, ACCOUNT_POLICY, now, sql`from account where exists (select 1 from ip)`)})
      select ip.window_started_at as ip_window_started_at, ip.locked_until as ip_locked_until, ip.failures as ip_failures,
             account.*,
             reserved.window_started_at as user_window_started_at, reserved.locked_until as user_locked_until,
             reserved.failures as user_failures
        from (select 1) one
        left join ip on true
        left join account on true
        left join reserved on true`,
      byEmail ? 'login_reserve_by_email' : 'login_reserve_by_phone',
    ),
  );
  const reserved = (
    key: string,
    policy: typeof IP_POLICY,
    window: string | Date | null,
    lockedUntil: string | Date | null,
    failures: number | null,
  ) =>
    window === null || failures === null
      ? null
      : toAttempt(key, policy, { window_started_at: window, locked_until: lockedUntil, failures });
  const account =
    row?.id != null && row.pin_hash !== null
      ? {
          id: row.id,
          email: row.email,
          phone: row.phone ?? '',
          isAdmin: row.is_admin === true,
          pinHash: row.pin_hash,
        }
      : null;
  return {
    fromIp: row
      ? reserved(
          ipKey(ip),
          IP_POLICY,
          row.ip_window_started_at,
          row.ip_locked_until,
          row.ip_failures,
        )
      : null,
    account,
    attempt:
      row && account
        ? reserved(
            userKey(account.id),
            ACCOUNT_POLICY,
            row.user_window_started_at,
            row.user_locked_until,
            row.user_failures,
          )
        : null,
  };
}

/**
 * PIN login by e-mail or phone. Unknown accounts are verified against a dummy argon2id hash so the
 * answer takes as long either way. 5 wrong PINs in a row lock the account for 15 minutes (even the
 * right PIN is then refused) and many failures from one address lock the address; both counters
 * live in the database so every instance sees them, and each attempt is counted before the PIN is
 * checked. Success opens a new session and trusts the device. Round trips: the reservations and the
 * credentials (one statement), the PIN check, the count cleared and the address's attempt given
 * back (one statement), the session, device and user (one statement).
 */
export async function loginWithPin(
  deps: Deps,
  req: RequestInfo,
  input: LoginIdentity & { pin: string; deviceId?: string | undefined },
): Promise<LoggedIn & { message: string }> {
  const first = await reserveAndFind(deps, req.ip, input);
  // The address had no attempt left: the one-by-one path answers its lock (or reserves, if it was
  // lifted in between).
  const fromIp = first.fromIp ?? (await reserveAttempt(deps, ipKey(req.ip), IP_POLICY));
  const account = first.account;
  if (!account) {
    await verifyPin(await dummyHash(deps.secrets.pinPepper), input.pin, deps.secrets.pinPepper);
    deps.metrics.loginFailures.inc({ reason: 'unknown_account' });
    throw new AppError(
      'UNAUTHORIZED',
      'email' in input ? MSG.auth.unknownEmail : MSG.auth.unknownPhone,
    );
  }
  // A locked account refuses before any check: that is no guess from this address.
  const attempt =
    (first.fromIp && first.attempt) ??
    (await reserveAttempt(deps, userKey(account.id), ACCOUNT_POLICY).catch(async (err: unknown) => {
      await giveBack(deps, fromIp);
      throw err;
    }));
  if (!(await checkReservedPin(deps, attempt, account.pinHash, input.pin, fromIp))) {
    deps.metrics.loginFailures.inc({ reason: 'wrong_pin' });
    throw new AppError('UNAUTHORIZED', MSG.auth.wrongPin, { attemptsLeft: attempt.attemptsLeft });
  }
  await promoteIfListed(deps, account);
  const session = await startSession(deps, account.id, input.deviceId);
  return { ...session, message: MSG.auth.loggedIn };
}
