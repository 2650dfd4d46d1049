import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../../common/messages';
import { readSmsConfig } from '../../../db/config-rows';
import { smsConfig } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type {
  TActionResult,
  TTwilioConfig,
  TTwilioSaveInput,
  TTwilioTestInput,
} from '../../../common/schemas/admin';
import { writeAudit } from '../audit/audit-log';
import { keptSecret } from './kept-secret';

/** What a failed Twilio call tells the log: the HTTP status and Twilio's error code (RestException). */
const ZTwilioError = z
  .object({
    status: z.number().optional().catch(undefined),
    code: z.number().optional().catch(undefined),
  })
  .catch({});

const MASK = '********';
const VISIBLE = 4;

/**
 * A token as the admin sees it: eight stars and, for tokens long enough that it gives nothing away,
 * the last four characters (enough to recognise which token is stored).
 */
export const maskToken = (token: string) =>
  MASK + (token.length >= 3 * VISIBLE ? token.slice(-VISIBLE) : '');

/** A value that came back from `maskToken` (real Twilio tokens never contain `*`). */
const isMasked = (token: string) => token.startsWith('*');

async function storedConfig(deps: Pick<Deps, 'db' | 'secrets'>) {
  const row = await readSmsConfig(deps.db);
  return row ? { ...row, authToken: deps.secrets.decrypt(row.authTokenEnc) } : null;
}

/** The stored Twilio settings with the token masked; null when none are saved. */
export async function getTwilioConfig(
  deps: Pick<Deps, 'db' | 'secrets'>,
  _actor: SessionUser,
): Promise<TTwilioConfig | null> {
  const row = await storedConfig(deps);
  if (!row) return null;
  return {
    account_sid: row.accountSid,
    auth_token: maskToken(row.authToken),
    phone_number: row.phoneNumber,
    is_live: row.isLive,
    is_verified: row.verifiedAt !== null,
  };
}

/**
 * Saves the Twilio settings. The token is encrypted at rest (AES-256-GCM); a masked token sent
 * back unchanged from the form keeps the stored one, so the admin never has to retype it. Once
 * `isLive` is on, SMS (PIN reset codes) really go out through Twilio — so it goes live only once
 * a test of these very settings succeeded; untested settings are saved not live.
 */
export async function saveTwilioConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'clock'>,
  actor: SessionUser,
  input: TTwilioSaveInput,
): Promise<TActionResult> {
  const stored = await storedConfig(deps);
  const authToken =
    keptSecret(isMasked(input.authToken), stored?.authToken, MSG.admin.smsFieldsRequired) ??
    input.authToken;
  const same =
    stored !== null &&
    stored.accountSid === input.accountSid &&
    stored.authToken === authToken &&
    stored.phoneNumber === input.phoneNumber;
  const verifiedAt = same ? stored.verifiedAt : null;
  const isLive = input.isLive && verifiedAt !== null;
  const values = {
    accountSid: input.accountSid,
    authTokenEnc: deps.secrets.encrypt(authToken),
    phoneNumber: input.phoneNumber,
    isLive,
    verifiedAt,
    updatedAt: deps.clock.now(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(smsConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: smsConfig.id, set: values });
    await writeAudit(tx, deps, actor, {
      action: stored ? 'update' : 'create',
      entity: 'twilio',
      details: {
        account_sid: input.accountSid,
        phone_number: input.phoneNumber,
        is_live: isLive,
        token_changed: authToken !== stored?.authToken,
      },
    });
  });
  return {
    success: true,
    message: input.isLive && !isLive ? MSG.admin.smsSavedInactive : MSG.admin.smsSaved,
  };
}

/**
 * Asks Twilio (through the `twilio` package) whether the credentials open the account. Fields left
 * out, or a masked token, fall back to the stored settings, so "Tester" works on the saved config.
 */
export async function testTwilioConfig(
  deps: Pick<Deps, 'db' | 'secrets' | 'sms' | 'logger' | 'clock'>,
  _actor: SessionUser,
  input: TTwilioTestInput,
): Promise<TActionResult> {
  const stored = await storedConfig(deps);
  const accountSid = input.accountSid || stored?.accountSid;
  const authToken =
    input.authToken && !isMasked(input.authToken) ? input.authToken : stored?.authToken;
  const phoneNumber = input.phoneNumber || stored?.phoneNumber;
  if (!accountSid || !authToken || !phoneNumber) throw badRequest(MSG.admin.smsFieldsRequired);
  try {
    await deps.sms.verify({ accountSid, authToken, phoneNumber });
  } catch (err) {
    const { status, code } = ZTwilioError.parse(err);
    deps.logger.warn({ status, code, accountSid }, 'Twilio credential test failed');
    throw badRequest(MSG.admin.smsTestFailed);
  }
  // The proof counts for the stored settings only when they are what was tested.
  if (
    stored &&
    stored.accountSid === accountSid &&
    stored.authToken === authToken &&
    stored.phoneNumber === phoneNumber
  )
    await deps.db
      .update(smsConfig)
      .set({ verifiedAt: deps.clock.now() })
      .where(eq(smsConfig.id, 1));
  return { success: true, message: MSG.admin.smsValid };
}
