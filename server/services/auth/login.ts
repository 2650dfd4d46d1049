import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPin, verifyPin } from '../../lib/pin-hash';
import { emailEquals } from '../users';
import { promoteIfListed } from './admin-emails';
import { startSession, type LoggedIn } from './sessions';
import { ACCOUNT_POLICY, assertNotLocked, clearFailures, IP_POLICY, ipKey, recordFailure, userKey } from './throttle';

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
    .limit(1);
  return row ?? null;
}

/**
 * PIN login by e-mail or phone. Unknown accounts are verified against a dummy argon2id hash so the
 * answer takes as long either way. 5 wrong PINs in a row lock the account for 15 minutes (even the
 * right PIN is then refused) and many failures from one address lock the address; both counters
 * live in the database so every instance sees them. Success opens a new session and trusts the device.
 */
export async function loginWithPin(
  deps: Deps,
  req: RequestInfo,
  input: LoginIdentity & { pin: string; deviceId?: string | undefined },
): Promise<LoggedIn & { message: string }> {
  await assertNotLocked(deps, { ip: req.ip });
  const account = await findCredentials(deps, input);
  const unknown = 'email' in input ? MSG.auth.unknownEmail : MSG.auth.unknownPhone;
  if (!account) {
    await verifyPin(await dummyHash(deps.secrets.pinPepper), input.pin, deps.secrets.pinPepper);
    await recordFailure(deps, ipKey(req.ip), IP_POLICY);
    deps.metrics.loginFailures.inc({ reason: 'unknown_account' });
    throw new AppError('UNAUTHORIZED', unknown);
  }
  await assertNotLocked(deps, { userId: account.id });
  if (!(await verifyPin(account.pinHash, input.pin, deps.secrets.pinPepper))) {
    await recordFailure(deps, ipKey(req.ip), IP_POLICY);
    deps.metrics.loginFailures.inc({ reason: 'wrong_pin' });
    if (await recordFailure(deps, userKey(account.id), ACCOUNT_POLICY)) await assertNotLocked(deps, { userId: account.id });
    throw new AppError('UNAUTHORIZED', MSG.auth.wrongPin);
  }
  await clearFailures(deps, userKey(account.id));
  await promoteIfListed(deps, account);
  const session = await startSession(deps, account.id, input.deviceId);
  return { ...session, message: MSG.auth.loggedIn };
}
