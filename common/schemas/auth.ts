/**
 * Inputs and answers of the `auth` procedures and of the legacy `/auth/*` paths. Isomorphic, so
 * they import nothing server-only.
 *
 * Each form is checked in the order of spec section 5 by one function of common/auth-rules.ts, so
 * the first message a player sees is the one the spec lists first (a zod object would report fields
 * in key order); the logged-out screens run the same functions without zod.
 */
import { z } from 'zod';
import {
  DEVICE_ID_MAX,
  codeRules,
  emailRules,
  firstFailure,
  loginByEmailRules,
  phoneRules,
  pinFormatRule,
  pinLoginRules,
  registerRules,
  registrationStartRules,
  resetPinRules,
  verifyOtpEmailRules,
  weakRule,
  type Rule,
} from '../auth-rules';
import { MSG } from '../messages';
import { isPinFormat } from '../pin';
import { safeText } from './primitives';
import { ZUser } from './users';

export { DEVICE_ID_MAX, EMAIL_MAX, NAME_MAX } from '../auth-rules';

/** Runs `rules` in order; the first failure becomes the form's only issue. */
function checked<T>(value: T, ctx: z.RefinementCtx, rules: Rule[]): T {
  const failure = firstFailure(rules);
  if (failure) ctx.addIssue({ code: 'custom', message: failure[1], path: [failure[0]] });
  return value;
}

const text = (required: string) => safeText({ error: required }).trim();
const ZCountry = safeText().trim().max(2).optional();
const ZDeviceId = safeText().trim().max(DEVICE_ID_MAX).optional();

/** Fields several forms share, each with its "required" message. */
const ZEmailField = text(MSG.auth.emailRequired);
const ZCodeField = text(MSG.auth.otpRequired);
const phoneFields = { phone: text(MSG.auth.phoneRequired), country: ZCountry };

const lower = <T extends { email: string }>(v: T): T => ({ ...v, email: v.email.toLowerCase() });

// ---------------------------------------------------------------- existence checks and OTP

export const ZCheckUserInput = z
  .object(phoneFields)
  .transform((v, ctx) => checked(v, ctx, phoneRules(v)));
export type TCheckUserInput = z.input<typeof ZCheckUserInput>;

export const ZEmailInput = z
  .object({ email: ZEmailField })
  .transform((v, ctx) => lower(checked(v, ctx, emailRules(v.email))));
export const ZCheckUserByEmailInput = ZEmailInput;
export const ZSendOtpEmailInput = ZEmailInput;
export const ZRequestPinResetInput = ZEmailInput;

export const ZVerifyOtpEmailInput = z
  .object({ email: ZEmailField, code: ZCodeField })
  .transform((v, ctx) => lower(checked(v, ctx, verifyOtpEmailRules(v))));
export type TVerifyOtpEmailInput = z.input<typeof ZVerifyOtpEmailInput>;

export const ZSendOtpInput = ZCheckUserInput;

export const ZVerifyOtpInput = z
  .object({ ...phoneFields, code: ZCodeField })
  .transform((v, ctx) => checked(v, ctx, [...phoneRules(v), ...codeRules(v.code)]));
export type TVerifyOtpInput = z.input<typeof ZVerifyOtpInput>;

// ---------------------------------------------------------------- registration

/**
 * The first step of the authentication screen (name, e-mail, phone, country), checked before the
 * existence checks and the e-mail code; no procedure takes it whole, the client form does.
 */
export const ZRegistrationStartInput = z
  .object({
    name: text(MSG.auth.nameRequired),
    email: ZEmailField,
    ...phoneFields,
  })
  .transform((v, ctx) => lower(checked(v, ctx, registrationStartRules(v))));
export type TRegistrationStartInput = z.input<typeof ZRegistrationStartInput>;

/** The account fields of both registration forms, in the order their type errors are reported. */
const accountFields = {
  name: text(MSG.auth.allFieldsRequired),
  email: text(MSG.auth.allFieldsRequired),
  ...phoneFields,
  pin: text(MSG.auth.allFieldsRequired),
};

export const ZRegisterInput = z
  .object({
    ...accountFields,
    confirmPin: text(MSG.auth.allFieldsRequired),
    deviceId: ZDeviceId,
    /** Optional at sign-up ('' = not said); the server checks that the level exists. */
    level: safeText().trim().max(100, MSG.match.filterLevelInvalid).optional(),
  })
  .transform((v, ctx) => lower(checked(v, ctx, registerRules(v))));
export type TRegisterInput = z.input<typeof ZRegisterInput>;
/** What `register` receives once checked: trimmed, e-mail lower-cased, phone with its dial code. */
export type TRegisterData = z.output<typeof ZRegisterInput>;

/** Legacy `POST /auth/register {name, email, phone, pin}`: no confirmation field, so it confirms itself. */
export const ZLegacyRegisterBody = z
  .object({ ...accountFields, deviceId: ZDeviceId })
  .transform((v, ctx) => {
    const withConfirm = { ...v, confirmPin: v.pin };
    return lower(checked(withConfirm, ctx, registerRules(withConfirm)));
  });

// ---------------------------------------------------------------- login

export const ZLoginInput = z
  .object({ ...phoneFields, pin: text(MSG.auth.pinRequired), deviceId: ZDeviceId })
  .transform((v, ctx) =>
    checked(v, ctx, [...phoneRules(v), ...pinLoginRules(v.pin), pinFormatRule(v.pin)]),
  );
export type TLoginInput = z.input<typeof ZLoginInput>;

/** Spec order: e-mail required, PIN required, e-mail format, PIN of 4 digits. */
export const ZLoginByEmailInput = z
  .object({ email: ZEmailField, pin: text(MSG.auth.pinRequired), deviceId: ZDeviceId })
  .transform((v, ctx) => lower(checked(v, ctx, loginByEmailRules(v))));
export type TLoginByEmailInput = z.input<typeof ZLoginByEmailInput>;

// ---------------------------------------------------------------- PIN reset and change

export const ZResetPinInput = z
  .object({
    email: ZEmailField,
    code: ZCodeField,
    newPin: text(MSG.auth.allFieldsRequired),
    confirmPin: text(MSG.auth.allFieldsRequired),
    deviceId: ZDeviceId,
  })
  .transform((v, ctx) => lower(checked(v, ctx, resetPinRules(v))));
export type TResetPinInput = z.input<typeof ZResetPinInput>;

/** Legacy `POST /auth/reset-pin {phone, newPin}`: only after a fresh OTP verification of that account. */
export const ZLegacyResetPinBody = z
  .object({ ...phoneFields, newPin: text(MSG.auth.pinRequired) })
  .transform((v, ctx) =>
    checked(v, ctx, [
      ...phoneRules(v),
      () => !v.newPin && ['newPin', MSG.auth.pinRequired],
      () => !isPinFormat(v.newPin) && ['newPin', MSG.auth.pinFormat],
      weakRule('newPin', v.newPin),
    ]),
  );

const changePinRules = (v: { currentPin: string; newPin: string; confirmPin: string }): Rule[] => [
  () => {
    const missing = (['currentPin', 'newPin', 'confirmPin'] as const).find((k) => !v[k]);
    return missing && [missing, MSG.auth.pinChangeAllRequired];
  },
  () => !isPinFormat(v.currentPin) && ['currentPin', MSG.auth.currentPinFormat],
  () => !isPinFormat(v.newPin) && ['newPin', MSG.auth.newPinFormat],
  () => v.newPin !== v.confirmPin && ['confirmPin', MSG.auth.newPinMismatch],
  () => v.newPin === v.currentPin && ['newPin', MSG.auth.newPinSame],
  weakRule('newPin', v.newPin),
];

const changePinFields = {
  currentPin: text(MSG.auth.pinChangeAllRequired),
  newPin: text(MSG.auth.pinChangeAllRequired),
};

export const ZChangePinInput = z
  .object({ ...changePinFields, confirmPin: text(MSG.auth.pinChangeAllRequired) })
  .transform((v, ctx) => checked(v, ctx, changePinRules(v)));
export type TChangePinInput = z.input<typeof ZChangePinInput>;

const ZLegacyUserId = z.union([z.number(), safeText()]).optional();

/** Legacy `POST /auth/change-pin {userId, currentPin, newPin}` (userId must be the session's user). */
export const ZLegacyChangePinBody = z
  .object({ userId: ZLegacyUserId, ...changePinFields })
  .transform((v, ctx) => {
    const withConfirm = { ...v, confirmPin: v.newPin };
    return checked(withConfirm, ctx, changePinRules(withConfirm));
  });

// ---------------------------------------------------------------- devices and session

const deviceRules = (deviceId: string): Rule[] => [
  () => !deviceId && ['deviceId', MSG.auth.deviceIdRequired],
];
const ZRequiredDeviceId = safeText({ error: MSG.auth.deviceIdRequired }).trim().max(DEVICE_ID_MAX);

export const ZCheckDeviceInput = z
  .object({ deviceId: ZRequiredDeviceId })
  .transform((v, ctx) => checked(v, ctx, deviceRules(v.deviceId)));

/** Legacy `POST /auth/check-device {userId, deviceId}`. */
export const ZLegacyCheckDeviceBody = z
  .object({ userId: ZLegacyUserId, deviceId: ZRequiredDeviceId })
  .transform((v, ctx) => checked(v, ctx, deviceRules(v.deviceId)));

export const ZEmptyInput = z.object({});

// ---------------------------------------------------------------- answers

export const ZExistsAnswer = z.object({ exists: z.boolean() });
export const ZSuccessAnswer = z.object({ success: z.boolean(), message: z.string() });
export const ZSendOtpEmailAnswer = ZSuccessAnswer.extend({ resendAfterSeconds: z.number().int() });
export const ZSessionAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  user: ZUser,
  token: z.string(),
});
export const ZPinResetRequestAnswer = ZSuccessAnswer.extend({
  channel: z.enum(['sms', 'email']),
  destination: z.string(),
});
export const ZCheckDeviceAnswer = z.object({ isTrusted: z.boolean() });
export const ZLogoutAnswer = z.object({ success: z.boolean() });
