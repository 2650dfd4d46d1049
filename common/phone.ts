import { countryByCode, DEFAULT_COUNTRY } from './countries';
import { MSG } from './messages';

export const PHONE_DIGITS = 10;

/** Keeps digits only and at most 10 of them, as the phone field filters its input. */
export const filterPhoneInput = (raw: string) => raw.replace(/\D/g, '').slice(0, PHONE_DIGITS);

export type PhoneCheck = { ok: true; phone: string } | { ok: false; message: string };

/**
 * Validates a 10-digit national number and returns it with its dial code: a leading 0 is replaced
 * by the dial code, otherwise the dial code is prefixed (spec section 5).
 */
function normalizePhone(raw: string, countryCode: string): PhoneCheck {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, message: MSG.auth.phoneRequired };
  const country = countryByCode(countryCode);
  if (!country) return { ok: false, message: MSG.auth.countryUnsupported };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: MSG.auth.phoneFormat };
  if (trimmed.length > PHONE_DIGITS) return { ok: false, message: MSG.auth.phoneTooLong };
  if (trimmed.length < PHONE_DIGITS) return { ok: false, message: MSG.auth.phoneExact };
  const national = trimmed.startsWith('0') ? trimmed.slice(1) : trimmed;
  return { ok: true, phone: `${country.dialCode}${national}` };
}

/** An already-normalised international number as stored: `+` then 8 to 15 digits. */
export const INTERNATIONAL_PHONE = /^\+\d{8,15}$/;

/**
 * The one phone rule of every form and path (registration, login, profile, admin, REST): the stored
 * form is a national number of 10 digits with its country (leading 0 replaced by the dial code,
 * else prefixed), or an already-international `+…` number as legacy clients send it. Separators are
 * refused everywhere (the phone fields filter typing to digits).
 */
export function resolvePhone(raw: string, country: string | undefined): PhoneCheck {
  const trimmed = raw.trim();
  if (trimmed.startsWith('+')) {
    return INTERNATIONAL_PHONE.test(trimmed)
      ? { ok: true, phone: trimmed }
      : { ok: false, message: MSG.auth.phoneFormat };
  }
  return normalizePhone(trimmed, (country ?? DEFAULT_COUNTRY).trim().toUpperCase());
}
