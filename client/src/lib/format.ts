import { countOf } from '../../../common/plural';
import { MSG } from '../../../common/messages';
import { shortTime } from '../../../common/schedule';

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const DAY_MONTH = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

const DAY_PARTS = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A match date ("YYYY-MM-DD", or an ISO string whose first 10 characters are one) as a calendar day.
 * Read in UTC so the day never shifts with the browser's zone. Null when it is not a real date.
 */
function toCalendarDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day)
    return null;
  return d;
}

/** "samedi 21 novembre 2026"; the spec's messages when the date is missing, invalid or cannot be formatted. */
export function formatLongDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return MSG.match.dateMissing;
  const day = toCalendarDay(value);
  if (!day) return MSG.match.dateInvalid;
  try {
    return LONG_DATE.format(day);
  } catch {
    return MSG.match.dateFormatError;
  }
}

/** "samedi 21 novembre": a match's day when its year goes without saying (a title); '' when invalid. */
export function formatDayMonth(value: string): string {
  const day = toCalendarDay(value);
  return day ? DAY_MONTH.format(day) : '';
}

/** Parts of a date-strip button: "sam.", "21", "nov.". */
export function dayParts(value: string): { weekday: string; day: string; month: string } {
  const date = toCalendarDay(value);
  if (!date) return { weekday: '', day: value, month: '' };
  const parts = DAY_PARTS.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: get('weekday'), day: get('day'), month: get('month') };
}

/** The spec shows a match time as its first 5 characters ("18:30" from "18:30:00"). */
export function formatTime(value: string | null | undefined): string {
  return value ? shortTime(value) : '';
}

/** "1 place disponible" / "2 places disponibles". */
export function placesAvailable(count: number): string {
  return countOf(count, 'place disponible', 'places disponibles');
}

/** A participant's join instant, e.g. "21 nov. 2026, 18:30"; empty when unknown. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : DATE_TIME.format(d);
}
