import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_PROOF_MINUTES,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '../../../common/limits';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { otpCodes } from '../../../db/schema';
import type { Deps } from '../../deps';
import { ChannelNotConfigured } from '../../lib/delivery';
import { AppError, badRequest } from '../../lib/errors';

export type OtpChannel = 'email' | 'sms';
/** Where a code goes: a lower-cased e-mail, or a phone with its dial code. */
export interface OtpTarget {
  channel: OtpChannel;
  target: string;
}

type OtpDeps = Pick<Deps, 'db' | 'clock' | 'secrets'>;

const MINUTE = 60_000;

/**
 * Codes are stored as an HMAC keyed with the PIN pepper: a plain hash of a 6-digit number is
 * undone by trying the million candidates, the keyed one not without the server's secret.
 */
const hashCode = (secrets: Deps['secrets'], t: OtpTarget, code: string) =>
  createHmac('sha256', secrets.pinPepper)
    .update(`${t.channel}:${t.target}:${code}`)
    .digest('base64url');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** An early resend's refusal names the wait left (m:ss), and gives it in seconds to programs. */
function resendTooSoon(sentAt: Date, now: Date) {
  const seconds = Math.max(
    1,
    Math.ceil((sentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000),
  );
  return new AppError('TOO_MANY_REQUESTS', MSG.auth.otpResendWait(seconds), {
    retryAfterSeconds: seconds,
  });
}

/**
 * Creates a fresh code for `target` and hands it to `deliver`. A new code may be asked for only
 * once the 300-second countdown of the previous one has run out; it replaces every earlier
 * pending code, so only the latest can be used. If delivery fails the code is withdrawn.
 */
export async function issueCode(
  deps: OtpDeps & Pick<Deps, 'logger' | 'metrics'>,
  t: OtpTarget,
  deliver: (code: string) => Promise<void>,
) {
  const now = deps.clock.now();
  const code = newCode();
  // Check and insert under a per-target lock, held until commit: parallel sends to one address
  // (any instance) queue here, and each one after the first sees the code just created.
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${t.channel}:${t.target}`}, 0))`,
    );
    const [last] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.channel, t.channel),
          eq(otpCodes.target, t.target),
          gt(otpCodes.createdAt, new Date(now.getTime() - OTP_RESEND_SECONDS * 1000)),
          // A code already used for what it was sent for (registration, reset) no longer holds the
          // next one back: a player locked out right after registering can reset at once.
          or(isNull(otpCodes.consumedAt), isNull(otpCodes.verifiedAt)),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (last) throw resendTooSoon(last.createdAt, now);

    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.channel, t.channel),
          eq(otpCodes.target, t.target),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.verifiedAt),
        ),
      );
    const [inserted] = await tx
      .insert(otpCodes)
      .values({
        ...t,
        codeHash: hashCode(deps.secrets, t, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE),
        createdAt: now,
      })
      .returning({ id: otpCodes.id });
    return inserted;
  });
  try {
    await deliver(code);
  } catch (err) {
    if (row) await deps.db.delete(otpCodes).where(eq(otpCodes.id, row.id));
    deps.logger.error({ err, channel: t.channel }, 'OTP delivery failed');
    if (err instanceof ChannelNotConfigured)
      throw new AppError(
        'BAD_GATEWAY',
        err.channel === 'sms' ? MSG.auth.smsNotConfigured : MSG.auth.emailNotConfigured,
      );
    throw new AppError('BAD_GATEWAY', MSG.auth.otpSendFailed);
  }
  deps.metrics.codesSent.inc({ channel: t.channel });
  return { resendAfterSeconds: OTP_RESEND_SECONDS };
}

/** Sends a 6-digit code by e-mail (admin SMTP config, else SMTP_URL, else the log outside production). */
export function sendEmailCode(
  deps: OtpDeps & Pick<Deps, 'logger' | 'mailer' | 'metrics'>,
  email: string,
) {
  return issueCode(deps, { channel: 'email', target: email }, (code) =>
    deps.mailer.send({
      to: email,
      subject: MSG.auth.otpEmailSubject,
      text: MSG.auth.otpEmailText(code, OTP_TTL_MINUTES),
    }),
  );
}

/** Sends a 6-digit code by SMS (Twilio when the admin's config is live, else the log). */
export function sendSmsCode(
  deps: OtpDeps & Pick<Deps, 'logger' | 'sms' | 'metrics'>,
  phone: string,
) {
  return issueCode(deps, { channel: 'sms', target: phone }, (code) =>
    deps.sms.send(phone, MSG.auth.otpSms(code, OTP_TTL_MINUTES)),
  );
}

interface CheckOptions {
  /** Also accept a code already verified (within 30 minutes) and not yet used. */
  acceptVerified?: boolean;
  /** Mark the code used at once (PIN reset by code) instead of only verified (registration proof). */
  consume?: boolean;
}

/**
 * Checks `code` against the latest live code of any of `targets`: refused when expired, after 5
 * wrong tries (the code is then burned), or once used. Each try is counted before the comparison,
 * atomically, so parallel guesses cannot exceed the limit.
 */
export async function checkCode(
  deps: OtpDeps,
  targets: OtpTarget[],
  code: string,
  o: CheckOptions = {},
): Promise<OtpTarget> {
  const now = deps.clock.now();
  const proofSince = new Date(now.getTime() - OTP_PROOF_MINUTES * MINUTE);
  const [row] = await deps.db
    .select()
    .from(otpCodes)
    .where(
      and(
        or(
          ...targets.map((t) =>
            and(eq(otpCodes.channel, t.channel), eq(otpCodes.target, t.target)),
          ),
        ),
        isNull(otpCodes.consumedAt),
        o.acceptVerified
          ? or(isNull(otpCodes.verifiedAt), gt(otpCodes.verifiedAt, proofSince))
          : isNull(otpCodes.verifiedAt),
      ),
    )
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!row) throw badRequest(MSG.auth.otpWrong);
  const target: OtpTarget = { channel: row.channel, target: row.target };
  if (!row.verifiedAt && row.expiresAt <= now) throw badRequest(MSG.auth.otpExpired);
  if (row.attempts >= OTP_MAX_ATTEMPTS)
    throw new AppError('TOO_MANY_REQUESTS', MSG.auth.otpTooManyAttempts);

  const [counted] = await deps.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: otpCodes.attempts });
  if (!counted) throw new AppError('TOO_MANY_REQUESTS', MSG.auth.otpTooManyAttempts);
  if (!sameHash(row.codeHash, hashCode(deps.secrets, target, code)))
    throw badRequest(MSG.auth.otpWrong);

  const [marked] = await deps.db
    .update(otpCodes)
    .set(
      o.consume
        ? { consumedAt: now, verifiedAt: row.verifiedAt ?? now }
        : { verifiedAt: row.verifiedAt ?? now },
    )
    .where(
      and(
        eq(otpCodes.id, row.id),
        isNull(otpCodes.consumedAt),
        row.verifiedAt ? sql`true` : isNull(otpCodes.verifiedAt),
      ),
    )
    .returning({ id: otpCodes.id });
  if (!marked) throw badRequest(MSG.auth.otpWrong);
  return target;
}

/**
 * Uses up a proof of ownership: a code of one of `targets` verified within the last 30 minutes and
 * not used yet. Returns false when there is none. Atomic, so one proof serves one action.
 */
export async function consumeProof(db: DbOrTx, now: Date, targets: OtpTarget[]): Promise<boolean> {
  const since = new Date(now.getTime() - OTP_PROOF_MINUTES * MINUTE);
  const live = and(isNull(otpCodes.consumedAt), gt(otpCodes.verifiedAt, since));
  const ofTargets = or(
    ...targets.map((t) => and(eq(otpCodes.channel, t.channel), eq(otpCodes.target, t.target))),
  );
  const candidates = db.select({ id: otpCodes.id }).from(otpCodes).where(and(ofTargets, live));
  const used = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(inArray(otpCodes.id, candidates), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return used.length > 0;
}

/** True when a proof of `targets` exists (checked before slower work; consumed later). */
export async function hasProof(db: DbOrTx, now: Date, targets: OtpTarget[]): Promise<boolean> {
  const since = new Date(now.getTime() - OTP_PROOF_MINUTES * MINUTE);
  const [row] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        or(
          ...targets.map((t) =>
            and(eq(otpCodes.channel, t.channel), eq(otpCodes.target, t.target)),
          ),
        ),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.verifiedAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}
