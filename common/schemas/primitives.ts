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
 * Characters that show nothing: format characters (zero-width space and joiners, U+2060, the BOM,
 * soft hyphen, direction marks, embeddings, overrides and isolates…) and the blank fillers people
 * use to fake an empty name (Hangul fillers, braille blank, combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0]/u;
/**
 * Variation selectors and tag characters end emoji (« ❤️ », a flag): kept, even at an end, unless
 * nothing visible is there at all.
 */
const EMOJI_PART = /[\uFE00-\uFE0F\u{E0000}-\u{E007F}]/u;
const ANY_HIDDEN = /[\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0]|[\uFE00-\uFE0F]/u;
// The BOM counts as a space for `\s` and `trim()`; here it is one of the invisible characters.
const SPACE = /(?!\uFEFF)\s/u;

/**
 * A text with nothing visible in it loses its invisible characters (« \u200B », « \u202E » become
 * « »), and invisible characters at either end go: so `.trim().min(1, …)` after it refuses such a
 * text with the field's own « empty » message, and a name cannot look empty or hide a character
 * at an end. Whitespace stays (a field that does not trim keeps its spaces); inside a visible
 * text invisible characters stay (a joiner inside an emoji, a direction mark in mixed scripts).
 * A scan, not a regex anchored at the end, so a long blank run costs linear time.
 */
export function stripInvisible(value: string): string {
  if (!ANY_HIDDEN.test(value)) return value;
  const chars = Array.from(value);
  const hidden = (c: string) => INVISIBLE.test(c) && !EMOJI_PART.test(c);
  const edge = (c: string) => SPACE.test(c) || hidden(c);
  if (chars.every((c) => edge(c) || EMOJI_PART.test(c)))
    return chars.filter((c) => SPACE.test(c)).join('');
  let start = 0;
  while (edge(chars[start]!)) start++;
  let end = chars.length;
  while (edge(chars[end - 1]!)) end--;
  const spaces = (part: string[]) => part.filter((c) => SPACE.test(c)).join('');
  return (
    spaces(chars.slice(0, start)) + chars.slice(start, end).join('') + spaces(chars.slice(end))
  );
}

/**
 * Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what follows
 * on screen, so « Club\u202Egnp.exe » reads « Clubexe.png » (the « Trojan Source » trick), and in a
 * name they spill over whatever is shown after it. No one-line text needs them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
export const hasNoDirectionControl = (value: string) => !DIRECTION_CONTROL.test(value);

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
