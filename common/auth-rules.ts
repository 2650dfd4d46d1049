/**
 * The rules of the authentication forms, in the order of spec section 5, without zod: the `auth`
 * schemas (common/schemas/auth.ts) run them on the server, and the logged-out screens run the same
 * functions before the player logs in, when zod is not loaded yet. Each rule gives the field it is
 * about and its French message; the first rule that fails is the form's one message.
 */
import { OTP_LENGTH } from './limits';
import { MSG } from './messages';
import { resolvePhone } from './phone';
import { isPinFormat, isWeakPin } from './pin';

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const DEVICE_ID_MAX = 200;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The first failed rule of a form: its field and French message. */
export type Failure = [field: string, message: string];
export type Rule = () => Failure | null | false | undefined;

export const firstFailure = (rules: Rule[]): Failure | null => {
  for (const rule of rules) {
    const failed = rule();
    if (failed) return failed;
  }
  return null;
};

export const emailRules = (email: string, required = MSG.auth.emailRequired): Rule[] => [
  () => !email && ['email', required],
  () =>
    (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) && ['email', MSG.auth.emailInvalid],
];
/** The phone with its country; a valid one is replaced by its international form in `v`. */
export const phoneRules = (v: { phone: string; country?: string | undefined }): Rule[] => [
  () => {
    const r = resolvePhone(v.phone, v.country);
    if (r.ok) v.phone = r.phone;
    return !r.ok && ['phone', r.message];
  },
];
export const codeRules = (code: string): Rule[] => [
  () => !code && ['code', MSG.auth.otpRequired],
  () => !OTP_PATTERN.test(code) && ['code', MSG.auth.otpFormat],
];
export const weakRule =
  (field: string, pin: string): Rule =>
  () =>
    isWeakPin(pin) && [field, MSG.auth.pinTooWeak];

/** E-mail then code (the registration's e-mail code). */
export const verifyOtpEmailRules = (v: { email: string; code: string }): Rule[] => [
  ...emailRules(v.email),
  ...codeRules(v.code),
];

/** The first step of the authentication screen: name, e-mail, phone with its country. */
export const registrationStartRules = (v: {
  name: string;
  email: string;
  phone: string;
  country?: string | undefined;
}): Rule[] => [
  () => !v.name && ['name', MSG.auth.nameRequired],
  () => v.name.length > NAME_MAX && ['name', MSG.auth.nameTooLong(NAME_MAX)],
  () => !v.email && ['email', MSG.auth.emailRequired],
  () => !v.phone && ['phone', MSG.auth.phoneRequired],
  ...phoneRules(v),
  ...emailRules(v.email),
];

export const registerRules = (v: {
  name: string;
  email: string;
  phone: string;
  country?: string | undefined;
  pin: string;
  confirmPin: string;
}): Rule[] => [
  () => {
    const missing = (['name', 'email', 'pin', 'confirmPin'] as const).find((k) => !v[k]);
    return missing && [missing, MSG.auth.allFieldsRequired];
  },
  () => v.name.length > NAME_MAX && ['name', MSG.auth.nameTooLong(NAME_MAX)],
  ...emailRules(v.email),
  ...phoneRules(v),
  () => v.pin !== v.confirmPin && ['confirmPin', MSG.auth.pinMismatch],
  () => !isPinFormat(v.pin) && ['pin', MSG.auth.pinFormat],
  weakRule('pin', v.pin),
];

export const pinLoginRules = (pin: string): Rule[] => [() => !pin && ['pin', MSG.auth.pinRequired]];
export const pinFormatRule =
  (pin: string): Rule =>
  () =>
    !isPinFormat(pin) && ['pin', MSG.auth.pinFormat];

/** Spec order: e-mail required, PIN required, e-mail format, PIN of 4 digits. */
export const loginByEmailRules = (v: { email: string; pin: string }): Rule[] => {
  const [required, format] = emailRules(v.email);
  return [required!, ...pinLoginRules(v.pin), format!, pinFormatRule(v.pin)];
};

/** The second half of the PIN reset: e-mail, code, then the new PIN and its confirmation. */
export const resetPinRules = (v: {
  email: string;
  code: string;
  newPin: string;
  confirmPin: string;
}): Rule[] => [
  ...emailRules(v.email),
  ...codeRules(v.code),
  () =>
    !v.newPin
      ? ['newPin', MSG.auth.allFieldsRequired]
      : !v.confirmPin && ['confirmPin', MSG.auth.allFieldsRequired],
  () => v.newPin !== v.confirmPin && ['confirmPin', MSG.auth.pinMismatch],
  () => !isPinFormat(v.newPin) && ['newPin', MSG.auth.pinFormat],
  weakRule('newPin', v.newPin),
];
