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
  };
}

/**
 * Saves the one SMTP configuration. The password is encrypted at rest (AES-256-GCM) and never
 * sent back; left empty on a later save it keeps the stored one, and is required when none is
 * stored. While `is_active`, every mail of the app (OTP codes included) goes through it.
 */
export async function saveSmtpConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'clock'>,
  actor: SessionUser,
  input: TSmtpSaveInput,
): Promise<TActionResult> {
  const stored = await readSmtpConfig(deps.db);
  const newPassword = input.password ?? '';
  const keptEnc = keptSecret(newPassword === '', stored?.passwordEnc, MSG.admin.smtpFieldsRequired);
  const values = {
    host: input.host,
    port: input.port,
    secure: input.secure,
    username: input.username,
    passwordEnc: keptEnc ?? deps.secrets.encrypt(newPassword),
    fromEmail: input.from_email || null,
    fromName: input.from_name || null,
    isActive: input.is_active,
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
        is_active: input.is_active,
        skip_cert_verify: input.skip_cert_verify,
        password_changed: newPassword !== '',
      },
    });
  });
  return { success: true, message: MSG.admin.smtpSaved };
}

/**
 * Sends a real test mail through the stored settings (active or not) to the address the admin
 * typed, so a configuration can be proven before it is switched on.
 */
export async function testSmtpConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'mailer' | 'logger'>,
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
    const { code, responseCode } = err as { code?: string; responseCode?: number };
    deps.logger.warn({ code, responseCode, host: row.host, port: row.port }, 'SMTP test mail failed');
    throw badRequest(MSG.admin.smtpTestFailed);
  }
  return { success: true, message: MSG.admin.smtpTestSent };
}
