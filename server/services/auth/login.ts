import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPin, verifyPin } from '../../lib/pin-hash';
import { emailEquals } from '../users';
import { promoteIfListed } from './admin-emails';
import { startSession, type LoggedIn } from './sessions';
import { ACCOUNT_POLICY, clearFailures, giveBack, IP_POLICY, ipKey, lockedError, reserveAttempt, userKey, type Attempt } from './throttle';

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
    .select({ id: users.id, email: users.email, phone: users.phone, isAdmin: users.isAdmin, pinHash: users.pinHash })
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
 * its slot, and when it was the last one answers the lock message. Each check is logged (never the
 * PIN): the trail of guesses an account received.
 */
export async function checkReservedPin(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'logger'>,
  attempt: Attempt,
  hash: string,
  pin: string,
) {
  const ok = await verifyPin(hash, pin, deps.secrets.pinPepper);
  deps.logger.info({ throttleKey: attempt.key, ok }, 'PIN checked');
  if (ok) await clearFailures(deps, attempt.key);
  else if (attempt.lockedUntil) throw lockedError(attempt.policy, attempt.lockedUntil, deps.clock.now());
  return ok;
}

/**
 * PIN login by e-mail or phone. Unknown accounts are verified against a dummy argon2id hash so the
 * answer takes as long either way. 5 wrong PINs in a row lock the account for 15 minutes (even the
 * right PIN is then refused) and many failures from one address lock the address; both counters
 * live in the database so every instance sees them, and each attempt is counted before the PIN is
 * checked. Success opens a new session and trusts the device.
 */
export async function loginWithPin(
  deps: Deps,
  req: RequestInfo,
  input: LoginIdentity & { pin: string; deviceId?: string | undefined },
): Promise<LoggedIn & { message: string }> {
  const fromIp = await reserveAttempt(deps, ipKey(req.ip), IP_POLICY);
  const account = await findCredentials(deps, input);
  if (!account) {
    await verifyPin(await dummyHash(deps.secrets.pinPepper), input.pin, deps.secrets.pinPepper);
    deps.metrics.loginFailures.inc({ reason: 'unknown_account' });
    throw new AppError('UNAUTHORIZED', 'email' in input ? MSG.auth.unknownEmail : MSG.auth.unknownPhone);
  }
  // A locked account refuses before any check: that is no guess from this address.
  const attempt = await reserveAttempt(deps, userKey(account.id), ACCOUNT_POLICY).catch(async (err: unknown) => {
    await giveBack(deps, fromIp);
    throw err;
  });
  if (!(await checkReservedPin(deps, attempt, account.pinHash, input.pin))) {
    deps.metrics.loginFailures.inc({ reason: 'wrong_pin' });
    throw new AppError('UNAUTHORIZED', MSG.auth.wrongPin, { attemptsLeft: attempt.attemptsLeft });
  }
  await giveBack(deps, fromIp);
  await promoteIfListed(deps, account);
  const session = await startSession(deps, account.id, input.deviceId);
  return { ...session, message: MSG.auth.loggedIn };
}
