import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { readSmtpConfig } from '../../../db/config-rows';
import { smtpConfig } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { TActionResult, TSmtpConfig, TSmtpSaveInput, TSmtpTestInput } from '../../../common/schemas/admin';
import { writeAudit } from './audit';
import { keptSecret } from './kept-secret';

/** The stored SMTP settings, never the password (only whether one is stored); null when none. */
export async function getSmtpConfig(deps: Pick<Deps, 'db'>, _actor: SessionUser): Promise<TSmtpConfig | null> {
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
  return { success: true, message: input.is_active && !isActive ? MSG.admin.smtpSavedInactive : MSG.admin.smtpSaved };
}

/**
 * Sends a real test mail through the stored settings (active or not) to the address the admin
 * typed, so a configuration can be proven before it is switched on; success records the proof.
 * A failure names its cause (unknown host, refused login…) so the admin knows what to fix.
 */
export async function testSmtpConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'mailer' | 'logger' | 'clock'>,
  _actor: SessionUser,
  input: TSmtpTestInput,
): Promise<TActionResult> {
  const row = await readSmtpConfig(deps.db);
  if (!row) throw badRequest(MSG.admin.smtpNotConfigured);
  try {
    await deps.mailer.sendWith(
      { ...row, password: deps.secrets.decrypt(row.passwordEnc) },
      { to: input.email, subject: MSG.admin.smtpTestSubject, text: MSG.admin.smtpTestBody },
    );
  } catch (err) {
    const { code, responseCode, message = '' } = err as { code?: string; responseCode?: number; message?: string };
    deps.logger.warn({ code, responseCode, host: row.host, port: row.port }, 'SMTP test mail failed');
    // Nodemailer wraps socket errors (ESOCKET, ECONNECTION, EDNS): the system code is in the text.
    const cause = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT)\b/.exec(message)?.[1] ?? code;
    const known = cause === 'EAI_AGAIN' || cause === 'EDNS' ? 'ENOTFOUND' : cause;
    const reason = (known && MSG.admin.smtpReasons[known]?.(row.host)) ?? (responseCode ? `réponse ${responseCode} du serveur.` : null);
    throw badRequest(reason ? MSG.admin.testFailedBecause(MSG.admin.smtpTestFailed, reason) : MSG.admin.smtpTestFailed);
  }
  // Only the settings that were tested become activable (a save in between clears the proof).
  await deps.db
    .update(smtpConfig)
    .set({ verifiedAt: deps.clock.now() })
    .where(and(eq(smtpConfig.id, 1), eq(smtpConfig.updatedAt, row.updatedAt)));
  return { success: true, message: MSG.admin.smtpTestSent };
}
