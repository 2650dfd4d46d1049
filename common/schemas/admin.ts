import { z } from 'zod';
import {
  LEVEL_ORDRE_MAX,
  LEVEL_ORDRE_MIN,
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
  SETTING_MAX,
} from '../limits';
import { MSG } from '../messages';
import { safeMultilineText, safeText, ZId } from './primitives';
import { ZUser } from './users';

/**
 * Admin forms (spec section 5). Shared by the tRPC router, the REST adapter and the client's
 * forms, so every rule carries the French text the admin sees. No server-only imports here.
 */
import { ZBookingUrl } from './court';
import { COURT_TEXT } from '../messages-court';

const A = MSG.admin;

/** A required text field: trimmed, and missing or blank gives `message`. */
const required = (message: string) => safeText({ error: message }).trim().min(1, message);

// --- Places -----------------------------------------------------------------------------------

const placeFields = {
  name: required(A.placeFieldsRequired),
  address: required(A.placeFieldsRequired),
  city: required(A.placeFieldsRequired),
  is_active: z.boolean().optional(),
  booking_url: ZBookingUrl.optional(),
  indoor: z.boolean({ error: COURT_TEXT.indoorInvalid }).nullable().optional(),
};
export const ZCreatePlaceInput = z.object(placeFields);
export type TCreatePlaceInput = z.infer<typeof ZCreatePlaceInput>;
/** Partial: the edit form sends every field, the "active" toggle only `is_active`. */
export const ZUpdatePlaceInput = z
  .object({ id: ZId, ...placeFields })
  .partial()
  .required({ id: true });
export type TUpdatePlaceInput = z.infer<typeof ZUpdatePlaceInput>;

// --- Levels -----------------------------------------------------------------------------------

const levelFields = {
  niveau: required(A.levelFieldsRequired),
  label: required(A.levelFieldsRequired),
  description: safeMultilineText().trim().optional(),
  /** Hex `#RRGGBB`; empty or absent means the default (#4CAF50) on create, unchanged on edit. */
  couleur: safeText()
    .trim()
    .regex(/^(#[0-9A-Fa-f]{6})?$/, A.levelColourInvalid)
    .optional()
    .transform((v) => v || undefined),
  ordre: z
    .number({ error: A.levelFieldsRequired })
    .int(A.levelOrdreRange)
    .min(LEVEL_ORDRE_MIN, A.levelOrdreRange)
    .max(LEVEL_ORDRE_MAX, A.levelOrdreRange),
};
export const ZCreateLevelInput = z.object(levelFields);
export type TCreateLevelInput = z.infer<typeof ZCreateLevelInput>;
export const ZUpdateLevelInput = z
  .object({ id: ZId, ...levelFields })
  .partial()
  .required({ id: true });
export type TUpdateLevelInput = z.infer<typeof ZUpdateLevelInput>;

// --- Users ------------------------------------------------------------------------------------

export const ZAdminUpdateUserInput = z.object({
  id: ZId,
  name: required(A.userFieldsRequired),
  /** A 10-digit national number (normalised with `country`, default FR) or an international one. */
  phone: required(A.userFieldsRequired),
  country: safeText().trim().optional(),
  /** Absent: unchanged. */
  email: safeText().trim().toLowerCase().pipe(z.email(MSG.auth.emailInvalid)).optional(),
  level: required(A.userFieldsRequired),
  is_admin: z.boolean().optional(),
});
export type TAdminUpdateUserInput = z.infer<typeof ZAdminUpdateUserInput>;

/** The client's user shape (`TUser`), the same as everywhere else. */
/** A user in the admin's list: the profile, and whether their level is vouched for (issue 43). */
export const ZAdminUser = ZUser.extend({ level_verified: z.boolean().optional() });
export type TAdminUser = z.infer<typeof ZAdminUser>;

// --- Twilio -----------------------------------------------------------------------------------

export const ZTwilioSaveInput = z.object({
  accountSid: required(A.smsFieldsRequired),
  /** A masked value (as `get` answers it) keeps the stored token. */
  authToken: required(A.smsFieldsRequired),
  phoneNumber: required(A.smsFieldsRequired),
  isLive: z.boolean().default(false),
});
export type TTwilioSaveInput = z.infer<typeof ZTwilioSaveInput>;

/** Each field defaults to the stored one, so "Tester" works on the saved config. */
export const ZTwilioTestInput = z.object({
  accountSid: safeText().trim().optional(),
  authToken: safeText().trim().optional(),
  phoneNumber: safeText().trim().optional(),
});
export type TTwilioTestInput = z.infer<typeof ZTwilioTestInput>;

export const ZTwilioConfig = z.object({
  account_sid: z.string(),
  auth_token: z.string(),
  phone_number: z.string(),
  is_live: z.boolean(),
  /** A test of the stored settings succeeded since they last changed: they may go live. */
  is_verified: z.boolean(),
});
export type TTwilioConfig = z.infer<typeof ZTwilioConfig>;

// --- SMTP -------------------------------------------------------------------------------------

export const ZSmtpSaveInput = z.object({
  host: required(A.smtpFieldsRequired),
  port: z
    .number({ error: A.smtpFieldsRequired })
    .int(A.smtpPortInvalid)
    .min(1, A.smtpPortInvalid)
    .max(65535, A.smtpPortInvalid),
  secure: z.boolean().default(false),
  username: required(A.smtpFieldsRequired),
  /** Empty keeps the stored password; required when none is stored yet. */
  password: safeText().optional(),
  is_active: z.boolean().default(true),
  /** Accept an invalid or self-signed certificate ("Ne pas vérifier le certificat"). */
  skip_cert_verify: z.boolean().default(false),
  from_email: safeText()
    .trim()
    .pipe(z.union([z.literal(''), z.email(MSG.auth.emailInvalid)]))
    .nullish(),
  from_name: safeText().trim().nullish(),
});
export type TSmtpSaveInput = z.infer<typeof ZSmtpSaveInput>;

export const ZSmtpTestInput = z.object({
  email: safeText({ error: A.smtpTestEmailRequired })
    .trim()
    .min(1, A.smtpTestEmailRequired)
    .pipe(z.email(MSG.auth.emailInvalid)),
  /**
   * The settings as they stand in the form, tested before any save (an empty password uses the
   * stored one); absent, the stored settings are tested.
   */
  config: ZSmtpSaveInput.optional(),
});
export type TSmtpTestInput = z.infer<typeof ZSmtpTestInput>;

export const ZSmtpConfig = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  is_active: z.boolean(),
  from_email: z.string().nullable(),
  from_name: z.string().nullable(),
  skip_cert_verify: z.boolean(),
  /** Whether a password is stored (it is never sent back). */
  has_password: z.boolean(),
  /** A test mail through the stored settings succeeded since they last changed: they may be activated. */
  is_verified: z.boolean(),
});
export type TSmtpConfig = z.infer<typeof ZSmtpConfig>;

// --- General settings -------------------------------------------------------------------------

/** One bound per setting: an integer 1..max, else '{description} doit être un nombre entre 1 et {max}.' */
const settingValue = (key: (typeof SETTING_KEYS)[number]) => {
  const message = A.settingRange(SETTING_DESCRIPTIONS[key], SETTING_MAX[key]);
  return z.number({ error: message }).int(message).min(1, message).max(SETTING_MAX[key], message);
};

export const ZSaveSettingsInput = z.object({
  max_places: settingValue('max_places'),
  max_levels_selection: settingValue('max_levels_selection'),
  months_ahead: settingValue('months_ahead'),
});
export type TSaveSettingsInput = z.infer<typeof ZSaveSettingsInput>;
/** The legacy POST may send only some settings. */
export const ZSaveSomeSettingsInput = ZSaveSettingsInput.partial();
export type TSaveSomeSettingsInput = z.infer<typeof ZSaveSomeSettingsInput>;

export const ZAdminSetting = z.object({
  key: z.enum(SETTING_KEYS),
  value: z.number().int(),
  description: z.string(),
  max: z.number().int(),
});
export type TAdminSetting = z.infer<typeof ZAdminSetting>;

// --- Results and audit ------------------------------------------------------------------------

export const ZActionResult = z.object({ success: z.boolean(), message: z.string() });
export type TActionResult = z.infer<typeof ZActionResult>;

export const ZAuditListInput = z
  .object({ limit: z.number().int().min(1).max(200).optional() })
  .default({});
export type TAuditListInput = z.infer<typeof ZAuditListInput>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_name: z.string().nullable(),
  /** The current name of the user or place the entry is about, when it still exists. */
  subject_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
