import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { readSmsConfig } from '../../../db/config-rows';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { type SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import { confirmPin } from './confirm-pin';
import { findCredentials } from './login';
import { checkCode, consumeProof, sendEmailCode, sendSmsCode, type OtpTarget } from './otp';
import { revokeOtherSessions, startSession, type LoggedIn } from './sessions';
import { clearFailures, userKey } from './throttle';

/** `jo***@example.fr`: enough for the player to recognise, not enough to harvest. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***@${domain}`;
};
/** `+33******78`. */
const maskPhone = (phone: string) =>
  `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;

const accountTargets = (a: { email: string | null; phone: string }): OtpTarget[] => [
  ...(a.email ? [{ channel: 'email' as const, target: a.email.toLowerCase() }] : []),
  { channel: 'sms', target: a.phone },
];

async function isSmsLive(deps: Pick<Deps, 'db'>) {
  return (await readSmsConfig(deps.db))?.isLive ?? false;
}

/** Sets a new PIN after proof of ownership: lifts the lock and ends every session of the account. */
async function setPin(deps: Pick<Deps, 'db' | 'clock' | 'secrets'>, userId: number, pin: string) {
  const pinHash = await hashPin(pin, deps.secrets.pinPepper);
  await deps.db
    .update(users)
    .set({ pinHash, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
  await clearFailures(deps, userKey(userId));
}

/**
 * "PIN oublié": a code to the account's phone by SMS when Twilio is live, else to its e-mail.
 * A locked-out player can always get back in this way, since anyone can lock anyone out.
 */
export async function requestPinReset(deps: Deps, email: string) {
  const account = await findCredentials(deps, { email });
  if (!account) throw notFound(MSG.auth.unknownEmail);
  const bySms = await isSmsLive(deps);
  if (bySms) await sendSmsCode(deps, account.phone);
  else await sendEmailCode(deps, email);
  const destination = bySms ? maskPhone(account.phone) : maskEmail(email);
  return {
    success: true,
    message: MSG.auth.resetCodeSent(destination),
    channel: bySms ? ('sms' as const) : ('email' as const),
    destination,
  };
}

/**
 * Resets the PIN with the code sent by `requestPinReset` (or any fresh code of the account's
 * e-mail or phone), which is used up; lifts the lock, ends the old sessions and logs the player in.
 */
export async function resetPinWithCode(
  deps: Deps,
  input: { email: string; code: string; newPin: string; deviceId?: string | undefined },
): Promise<LoggedIn & { message: string }> {
  const account = await findCredentials(deps, { email: input.email });
  if (!account) throw notFound(MSG.auth.unknownEmail);
  await checkCode(deps, accountTargets(account), input.code, {
    acceptVerified: true,
    consume: true,
  });
  await setPin(deps, account.id, input.newPin);
  await revokeOtherSessions(deps, account.id);
  const session = await startSession(deps, account.id, input.deviceId);
  return { ...session, message: MSG.auth.resetDone };
}

/**
 * Legacy `POST /auth/reset-pin {phone, newPin}`: allowed only with a fresh OTP verification (SMS
 * `verify-otp` or e-mail `verify-otp-email`, within 30 minutes, used once) of that very account.
 */
export async function resetPinWithProof(deps: Deps, input: { phone: string; newPin: string }) {
  const account = await findCredentials(deps, { phone: input.phone });
  if (!account) throw notFound(MSG.auth.unknownPhone);
  if (!(await consumeProof(deps.db, deps.clock.now(), accountTargets(account))))
    throw new AppError('FORBIDDEN', MSG.auth.ownershipNotVerified);
  await setPin(deps, account.id, input.newPin);
  await revokeOtherSessions(deps, account.id);
  return { success: true, message: MSG.auth.resetDone };
}

/**
 * A logged-in player changes their PIN by giving the current one. Wrong current PINs count toward
 * the account lock (a stolen session must not become a PIN oracle); other sessions end on success.
 */
export async function changePin(
  deps: Deps,
  actor: SessionUser,
  input: { currentPin: string; newPin: string },
) {
  await confirmPin(deps, actor.id, input.currentPin);
  await setPin(deps, actor.id, input.newPin);
  await revokeOtherSessions(deps, actor.id, actor.sessionId);
  return { success: true, message: MSG.auth.pinChanged };
}
