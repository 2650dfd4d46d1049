import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { placeholders, cte } from '../../../db/statement';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { prepared } from '../../lib/prepared';
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
  reservePart,
  reserveValues,
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

type ReserveAndFindValues = {
  /** The e-mail (lower case) or the phone number, by statement. */
  who: string;
  ipKey: string;
  now: string;
  ipWindowStart: string;
  ipLockUntil: string;
  ipMax: number;
  userWindowStart: string;
  userLockUntil: string;
  userMax: number;
};
const lv = placeholders<ReserveAndFindValues>();

/**
 * The login's first statement, one per way of logging in: reserves an attempt on the address,
 * reads the account's credentials and, when the address had one left and the account exists,
 * reserves an attempt on the account (`reservePart` both times: same upserts, same limits as one by
 * one). The account's reservation reads the address's, so the address's row is always locked first.
 */
function reserveAndFindStatement(db: DbOrTx, byEmail: boolean) {
  return prepared(db, byEmail ? 'login_reserve_by_email' : 'login_reserve_by_phone', (name) => {
    const ip = reservePart('ip', sql`${lv('ipKey')}::text`, {
      now: lv('now'),
      windowStart: lv('ipWindowStart'),
      lockUntil: lv('ipLockUntil'),
      max: lv('ipMax'),
    });
    const account = cte(
      'account',
      {
        id: users.id,
        email: users.email,
        phone: users.phone,
        isAdmin: users.isAdmin,
        pinHash: users.pinHash,
      },
      sql`select ${users.id}, ${users.email}, ${users.phone}, ${users.isAdmin}, ${users.pinHash}
              from ${users}
             where ${byEmail ? sql`lower(${users.email}) = ${lv('who')}::text` : sql`${users.phone} = ${lv('who')}::text`}
             limit 1`,
    );
    const reserved = reservePart(
      'reserved',
      sql`'user:' || ${account.id}`,
      {
        now: lv('now'),
        windowStart: lv('userWindowStart'),
        lockUntil: lv('userLockUntil'),
        max: lv('userMax'),
      },
      sql`from ${account} where exists (select 1 from ${ip})`,
    );
    return db
      .with(ip, account, reserved)
      .select({
        ip: { ...ip._.selectedFields },
        account: { ...account._.selectedFields },
        reserved: { ...reserved._.selectedFields },
      })
      .from(sql`(select 1) one`)
      .leftJoin(ip, sql`true`)
      .leftJoin(account, sql`true`)
      .leftJoin(reserved, sql`true`)
      .prepare(name);
  });
}

/** The login's first round trip (`reserveAndFindStatement`). */
async function reserveAndFind(deps: Pick<Deps, 'db' | 'clock'>, ip: string, who: LoginIdentity) {
  const now = deps.clock.now();
  const byEmail = 'email' in who;
  const fromIp = reserveValues(IP_POLICY, now);
  const fromUser = reserveValues(ACCOUNT_POLICY, now);
  const [row] = await reserveAndFindStatement(deps.db, byEmail).execute({
    who: byEmail ? who.email.toLowerCase() : who.phone,
    ipKey: ipKey(ip),
    now: fromIp.now,
    ipWindowStart: fromIp.windowStart,
    ipLockUntil: fromIp.lockUntil,
    ipMax: fromIp.max,
    userWindowStart: fromUser.windowStart,
    userLockUntil: fromUser.lockUntil,
    userMax: fromUser.max,
  } satisfies ReserveAndFindValues);
  const found = row?.account;
  const account =
    found && found.pinHash !== null
      ? {
          id: found.id,
          email: found.email,
          phone: found.phone,
          isAdmin: found.isAdmin,
          pinHash: found.pinHash,
        }
      : null;
  return {
    fromIp: row?.ip ? toAttempt(ipKey(ip), IP_POLICY, row.ip) : null,
    account,
    attempt:
      row?.reserved && account
        ? toAttempt(userKey(account.id), ACCOUNT_POLICY, row.reserved)
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
