/**
 * The checks behind `safeText` (common/schemas/primitives.ts), without zod: the logged-out screens
 * check their fields with them before the player logs in, when zod is not loaded yet.
 */
import { MSG } from './messages';

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
 * A one-line text as `safeText().trim()` reads it: invisible characters stripped, then refused
 * with the first of `safeText`'s messages it breaks, else trimmed.
 */
export function cleanOneLine(value: string): { value: string } | { error: string } {
  const text = stripInvisible(value);
  if (!isSafeText(text)) return { error: MSG.http.invalidText };
  if (!isOneLine(text)) return { error: MSG.http.oneLine };
  if (!hasNoDirectionControl(text)) return { error: MSG.http.directionControl };
  return { value: text.trim() };
}
