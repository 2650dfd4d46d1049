import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { accountTaken } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { hashPin } from '../../lib/pin-hash';
import type { TRegisterData } from '../../../common/schemas/auth';
import { isExistingLevel } from '../levels';
import { emailEquals } from '../users';
import { isListedAdmin } from './admin-emails';
import { checkCode, consumeProof, hasProof, sendEmailCode, sendSmsCode } from './otp';
import { startSession, type LoggedIn } from './sessions';

/** Whether an account uses this phone (stored form, e.g. +33612345678). */
export async function phoneExists(
  deps: Pick<Deps, 'db'>,
  phone: string,
): Promise<{ exists: boolean }> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return { exists: Boolean(row) };
}

/** Whether an account uses this e-mail, whatever its case. */
export async function emailExists(
  deps: Pick<Deps, 'db'>,
  email: string,
): Promise<{ exists: boolean }> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(emailEquals(email))
    .limit(1);
  return { exists: Boolean(row) };
}

/** Step 2 of registration (and PIN reset): a 6-digit code to the e-mail, resend after 300 s. */
export async function sendEmailOtp(deps: Deps, email: string) {
  const { resendAfterSeconds } = await sendEmailCode(deps, email);
  return { success: true, message: MSG.auth.otpSent, resendAfterSeconds };
}

/**
 * Checks the e-mail code; a verified code is the proof `register` asks for (30 minutes, once).
 * Entering the same code again (a player who went back a step) is accepted while the proof holds.
 */
export async function verifyEmailOtp(deps: Deps, input: { email: string; code: string }) {
  await checkCode(deps, [{ channel: 'email', target: input.email }], input.code, {
    acceptVerified: true,
  });
  return { success: true, message: MSG.auth.otpVerified };
}

/**
 * A code by SMS, only to the phone of an existing account: SMS cost money per message, and an
 * open sender is an invitation to SMS-pumping fraud. It serves the legacy PIN reset.
 */
export async function sendPhoneOtp(deps: Deps, phone: string) {
  if (!(await phoneExists(deps, phone)).exists) throw notFound(MSG.auth.unknownPhone);
  await sendSmsCode(deps, phone);
  return { success: true, message: MSG.auth.otpSentSms };
}

/** Checks the SMS code; a verified code proves the phone for the legacy PIN reset (30 minutes, once). */
export async function verifyPhoneOtp(deps: Deps, input: { phone: string; code: string }) {
  await checkCode(deps, [{ channel: 'sms', target: input.phone }], input.code);
  return { success: true, message: MSG.auth.phoneVerified };
}

/**
 * Creates an account for an e-mail proven by OTP within the last 30 minutes (checked here, never
 * trusted from the client), refusing an e-mail or phone already in use, then logs the player in
 * (and trusts the device it registered from, like a login).
 * The proof is used up in the same transaction as the insert, so it registers one account.
 */
export async function register(
  deps: Deps,
  input: TRegisterData,
): Promise<LoggedIn & { message: string }> {
  const now = deps.clock.now();
  const proofOf = [{ channel: 'email' as const, target: input.email }];
  if (!(await hasProof(deps.db, now, proofOf)))
    throw new AppError('FORBIDDEN', MSG.auth.emailNotVerified);
  if ((await emailExists(deps, input.email)).exists) throw conflict(MSG.auth.existingEmail);
  if ((await phoneExists(deps, input.phone)).exists) throw conflict(MSG.auth.existingPhone);
  const level = input.level || null;
  if (level !== null && !(await isExistingLevel(deps, level)))
    throw badRequest(MSG.match.levelUnknown(level));

  const pinHash = await hashPin(input.pin, deps.secrets.pinPepper);
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      if (!(await consumeProof(tx, now, proofOf)))
        throw new AppError('FORBIDDEN', MSG.auth.emailNotVerified);
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          level,
          pinHash,
          isAdmin: isListedAdmin(deps, input.email),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    });
  } catch (err) {
    throw accountTaken(err, { email: MSG.auth.existingEmail, phone: MSG.auth.existingPhone });
  }
  const session = await startSession(deps, userId, input.deviceId);
  return { ...session, message: MSG.auth.registered };
}
