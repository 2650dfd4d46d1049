/**
 * The building blocks of every input schema, so that nothing a client sends can reach the database
 * in a form PostgreSQL rejects (a 500) instead of the schema (a French 400): texts without control
 * characters or lone UTF-16 surrogates (and, for one-line texts, line breaks), ids that fit an
 * `integer` column, real calendar dates.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { isIsoDate } from '../schedule';
import { hasNoDirectionControl, isOneLine, isSafeText, stripInvisible } from '../safe-text';

// Every schema imports this module, so zod's own messages (a wrong type, an unknown key) are
// French wherever a schema does not give its own.
z.config(z.locales.fr());

/** PostgreSQL's `integer`: ids, counts and every other whole number an input may carry. */
export const INT32_MAX = 2_147_483_647;

export { hasNoDirectionControl, isOneLine, isSafeText, stripInvisible } from '../safe-text';

/**
 * A one-line text (a name, a place, a level, an address, a setting): `z.string(params)` that refuses
 * unsafe characters, line breaks and direction overrides with a French message, and treats a text
 * of invisible characters as empty (`stripInvisible`); chain `.trim()` etc. after it.
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .overwrite(stripInvisible)
    .refine(isSafeText, MSG.http.invalidText)
    .refine(isOneLine, MSG.http.oneLine)
    .refine(hasNoDirectionControl, MSG.http.directionControl);

/**
 * A text that may hold several lines (a level's description, a photo's base64): unsafe characters
 * refused, a text of invisible characters treated as empty (`stripInvisible`).
 */
export const safeMultilineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(stripInvisible).refine(isSafeText, MSG.http.invalidText);

/** A positive 32-bit integer, from a number or a string of digits (REST paths and legacy bodies). */
export const ZId = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MSG.http.invalidId })
    .int(MSG.http.invalidId)
    .min(1, MSG.http.invalidId)
    .max(INT32_MAX, MSG.http.invalidId),
);

/** A bounded whole number (`message` for every failure): the other integers of an input. */
export const boundedInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** "YYYY-MM-DD" naming a day that exists (no 2026-02-30), in years PostgreSQL's `date` stores plainly. */
export const isCalendarDate = (value: string) => isIsoDate(value) && value >= '1000-01-01';
export const calendarDate = (message: string, params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isCalendarDate, message);
