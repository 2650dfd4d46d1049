/**
 * The building blocks of every input schema, so that nothing a client sends can reach the database
 * in a form PostgreSQL rejects (a 500) instead of the schema (a French 400): texts without control
 * characters or lone UTF-16 surrogates (and, for one-line texts, line breaks), ids that fit an
 * `integer` column, real calendar dates.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { isIsoDate } from '../schedule';

// Every schema imports this module, so zod's own messages (a wrong type, an unknown key) are
// French wherever a schema does not give its own.
z.config(z.locales.fr());

/** PostgreSQL's `integer`: ids, counts and every other whole number an input may carry. */
export const INT32_MAX = 2_147_483_647;

/**
 * C0 controls but tab and line breaks, DEL, and unpaired surrogates (`\p{Cs}` in a `u` regex
 * matches only those): PostgreSQL refuses NUL and lone surrogates, and none belongs in a name.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;
export const isSafeText = (value: string) => !UNSAFE_TEXT.test(value);

/**
 * Line breaks and tab (CR, LF, NEL, U+2028, U+2029, tab): a one-line text ends up in a mail header
 * (a name), an .ics line (a place) or an SMS, where a line break starts a header or line of its own.
 */
const LINE_BREAK = /[\t\n\r\u0085\u2028\u2029]/;
export const isOneLine = (value: string) => !LINE_BREAK.test(value);

/**
 * A one-line text (a name, a place, a level, an address, a setting): `z.string(params)` that refuses
 * unsafe characters and line breaks with a French message; chain `.trim()` etc. after it.
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, MSG.http.invalidText).refine(isOneLine, MSG.http.oneLine);

/** A text that may hold several lines (a level's description, a photo's base64): unsafe characters only. */
export const safeMultilineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, MSG.http.invalidText);

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
