import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../../common/messages';
import { readSmtpConfig } from '../../../db/config-rows';
import { smtpConfig } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type {
  TActionResult,
  TSmtpConfig,
  TSmtpSaveInput,
  TSmtpTestInput,
} from '../../../common/schemas/admin';
import type { SmtpSettings } from '../../mail/mailer';
import { writeAudit } from '../audit/audit-log';
import { keptSecret } from './kept-secret';

type SmtpRow = NonNullable<Awaited<ReturnType<typeof readSmtpConfig>>>;

/** What a failed send tells: nodemailer's code (EAUTH, ESOCKET…), the server's SMTP reply code and the text. */
const ZSendError = z
  .object({
    code: z.string().optional().catch(undefined),
    responseCode: z.number().optional().catch(undefined),
    message: z.string().catch(''),
  })
  .catch({ message: '' });

const SMTP_REASONS = MSG.admin.smtpReasons;
const isKnownReason = (code: string): code is keyof typeof SMTP_REASONS =>
  Object.hasOwn(SMTP_REASONS, code);

/** The stored SMTP settings, never the password (only whether one is stored); null when none. */
export async function getSmtpConfig(
  deps: Pick<Deps, 'db'>,
  _actor: SessionUser,
): Promise<TSmtpConfig | null> {
  const row = await readSmtpConfig(deps.db);
  if (!row) return null;
  return {
    host: row.host,
    port: row.port,
    secure: row.secure,
    username: row.username,
    is_active: row.isActive,
    from_email: row.fromEmail,
    from_name: row.fromName,
    skip_cert_verify: row.skipCertVerify,
    has_password: row.passwordEnc !== '',
    is_verified: row.verifiedAt !== null,
  };
}

/**
 * Saves the one SMTP configuration. The password is encrypted at rest (AES-256-GCM) and never
 * sent back; left empty on a later save it keeps the stored one, and is required when none is
 * stored. While `is_active`, every mail of the app (OTP codes included) goes through it — so it
 * becomes active only once a test mail through these very settings succeeded: an untested
 * configuration is saved inactive (one wrong field would otherwise stop every sign-up code).
 */
export async function saveSmtpConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'clock'>,
  actor: SessionUser,
  input: TSmtpSaveInput,
): Promise<TActionResult> {
  const stored = await readSmtpConfig(deps.db);
  const newPassword = input.password ?? '';
  const keptEnc = keptSecret(newPassword === '', stored?.passwordEnc, MSG.admin.smtpFieldsRequired);
  const sameConnection =
    stored !== null &&
    keptEnc !== undefined &&
    stored.host === input.host &&
    stored.port === input.port &&
    stored.secure === input.secure &&
    stored.username === input.username &&
    stored.skipCertVerify === input.skip_cert_verify;
  const verifiedAt = sameConnection ? stored.verifiedAt : null;
  const isActive = input.is_active && verifiedAt !== null;
  const values = {
    host: input.host,
    port: input.port,
    secure: input.secure,
    username: input.username,
    passwordEnc: keptEnc ?? deps.secrets.encrypt(newPassword),
    fromEmail: input.from_email || null,
    fromName: input.from_name || null,
    isActive,
    verifiedAt,
    skipCertVerify: input.skip_cert_verify,
    updatedAt: deps.clock.now(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(smtpConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: smtpConfig.id, set: values });
    await writeAudit(tx, deps, actor, {
      action: stored ? 'update' : 'create',
      entity: 'smtp',
      details: {
        host: input.host,
        port: input.port,
        secure: input.secure,
        username: input.username,
        is_active: isActive,
        skip_cert_verify: input.skip_cert_verify,
        password_changed: newPassword !== '',
      },
    });
  });
  return {
    success: true,
    message: input.is_active && !isActive ? MSG.admin.smtpSavedInactive : MSG.admin.smtpSaved,
  };
}

/** Whether `input` names the same connection as the stored row (the password left empty keeps it). */
function sameConnection(
  row: SmtpRow,
  input: TSmtpSaveInput,
  password: string | undefined,
  storedPassword: string,
): boolean {
  return (
    row.host === input.host &&
    row.port === input.port &&
    row.secure === input.secure &&
    row.username === input.username &&
    row.skipCertVerify === input.skip_cert_verify &&
    (password === undefined || password === '' || password === storedPassword)
  );
}

/**
 * Sends a real test mail to the address the admin typed, through the settings as they stand in the
 * form (`config`, an empty password meaning the stored one) or, without them, through the stored
 * settings (active or not): a configuration is proven before it is saved or switched on. Success
 * records the proof only when what was tested is what is stored. A failure names its cause
 * (unknown host, refused login…) so the admin knows what to fix.
 */
export async function testSmtpConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'mailer' | 'logger' | 'clock'>,
  _actor: SessionUser,
  input: TSmtpTestInput,
): Promise<TActionResult> {
  const row = await readSmtpConfig(deps.db);
  const form = input.config;
  const storedPassword = row && row.passwordEnc !== '' ? deps.secrets.decrypt(row.passwordEnc) : '';
  const password = form ? form.password || storedPassword : storedPassword;
  if (form && password === '') throw badRequest(MSG.admin.smtpFieldsRequired);
  const settings: SmtpSettings | undefined = form
    ? {
        host: form.host,
        port: form.port,
        secure: form.secure,
        username: form.username,
        password,
        skipCertVerify: form.skip_cert_verify,
        fromEmail: form.from_email || null,
        fromName: form.from_name || null,
      }
    : row
      ? { ...row, password }
      : undefined;
  if (!settings) throw badRequest(MSG.admin.smtpNotConfigured);
  try {
    await deps.mailer.sendWith(settings, {
      to: input.email,
      subject: MSG.admin.smtpTestSubject,
      text: MSG.admin.smtpTestBody,
    });
  } catch (err) {
    const { code, responseCode, message } = ZSendError.parse(err);
    deps.logger.warn(
      { code, responseCode, host: settings.host, port: settings.port },
      'SMTP test mail failed',
    );
    // Nodemailer wraps socket errors (ESOCKET, ECONNECTION, EDNS): the system code is in the text.
    const cause = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT)\b/.exec(message)?.[1] ?? code;
    const known = cause === 'EAI_AGAIN' || cause === 'EDNS' ? 'ENOTFOUND' : cause;
    const reason =
      (known && isKnownReason(known) ? SMTP_REASONS[known](settings.host) : undefined) ??
      (responseCode ? `réponse ${responseCode} du serveur.` : null);
    throw badRequest(
      reason
        ? MSG.admin.testFailedBecause(MSG.admin.smtpTestFailed, reason)
        : MSG.admin.smtpTestFailed,
    );
  }
  if (!row || (form && !sameConnection(row, form, form.password, storedPassword)))
    return { success: true, message: MSG.smtpTest.sentUnsaved };
  // Only the settings that were tested become activable (a save in between clears the proof).
  await deps.db
    .update(smtpConfig)
    .set({ verifiedAt: deps.clock.now() })
    .where(and(eq(smtpConfig.id, 1), eq(smtpConfig.updatedAt, row.updatedAt)));
  return { success: true, message: MSG.admin.smtpTestSent };
}
