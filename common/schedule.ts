/**
 * Match dates and times are local to APP_TIMEZONE. Everything here is pure and uses the IANA zone
 * through Intl, so server and browser agree whatever their own zone.
 */

export interface SlotRange {
  first: string;
  last: string;
}

/**
 * The times a match can be set to, every 30 minutes, when it is created and when it is edited.
 * The spec has 07:00–21:30 to create and 08:00–21:30 to edit, so a 07:00 match could not be edited
 * without moving it: one window for both, a deliberate departure (docs/decisions/0017).
 */
export const MATCH_SLOTS: SlotRange = { first: '07:00', last: '21:30' };

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, '0');

export function timeSlots({ first, last }: SlotRange): string[] {
  const out: string[] = [];
  for (let m = toMinutes(first); m <= toMinutes(last); m += 30)
    out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** Accepts "HH:MM" or "HH:MM:SS" (legacy) and answers whether it is one of the range's slots. */
export function isSlot(time: string, range: SlotRange): boolean {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/.exec(time);
  if (!m) return false;
  const minutes = toMinutes(time);
  return (
    minutes % 30 === 0 && minutes >= toMinutes(range.first) && minutes <= toMinutes(range.last)
  );
}

/** "HH:MM" from "HH:MM" or "HH:MM:SS": the spec shows the first 5 characters. */
export const shortTime = (time: string) => time.slice(0, 5);

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. */
const localFormats = new Map<string, Intl.DateTimeFormat>();
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  return format;
}

/** The last answer per zone: every request of the same minute asks for the same one. */
const lastParts = new Map<string, { minute: number; parts: { date: string; time: string } }>();

/**
 * Local calendar date ("YYYY-MM-DD") and time ("HH:MM") of an instant in a zone. Zone offsets
 * since 1970 are whole minutes, so one UTC minute is one local minute and its answer is kept.
 */
export function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastParts.get(timeZone);
  if (last?.minute === minute && minute >= 0) return { ...last.parts };
  let year = '00';
  let month = '00';
  let day = '00';
  let hour = '00';
  let minutes = '00';
  for (const p of localFormat(timeZone).formatToParts(instant)) {
    if (p.type === 'year') year = p.value;
    else if (p.type === 'month') month = p.value;
    else if (p.type === 'day') day = p.value;
    else if (p.type === 'hour') hour = p.value;
    else if (p.type === 'minute') minutes = p.value;
  }
  const parts = { date: `${year}-${month}-${day}`, time: `${hour}:${minutes}` };
  lastParts.set(timeZone, { minute, parts });
  return { ...parts };
}

/** Adds days to a calendar date without touching time zones. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The `count` dates offered from today (local) on: the create and edit date strips. */
export function dateStrip(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

export const isIsoDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A match is finished once its local date and time are before now. */
export function isFinished(
  match: { date: string; time: string },
  now: Date,
  timeZone: string,
): boolean {
  const local = localParts(now, timeZone);
  const time = shortTime(match.time);
  return match.date < local.date || (match.date === local.date && time < local.time);
}

/** What the create and edit forms offer, computed once on the server so every client agrees. */
export interface MatchSchedule {
  timezone: string;
  today: string;
  now: string;
  createDates: string[];
  createTimes: string[];
  editDates: string[];
  editTimes: string[];
}

/** The create strip covers `createDays` (months_ahead*30) dates from today; the edit strip `editDays`. */
export function buildSchedule(
  now: Date,
  timeZone: string,
  createDays: number,
  editDays: number,
): MatchSchedule {
  const local = localParts(now, timeZone);
  return {
    timezone: timeZone,
    today: local.date,
    now: local.time,
    createDates: dateStrip(local.date, createDays),
    createTimes: timeSlots(MATCH_SLOTS),
    editDates: dateStrip(local.date, editDays),
    editTimes: timeSlots(MATCH_SLOTS),
  };
}

/**
 * The instant at which a local date and time in `timeZone` happen. The zone's offset is read at a
 * first guess and again at the corrected instant, so days when the clocks change land right too.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${shortTime(time)}:00Z`);
  const offsetAt = (t: number) => {
    const p = localParts(new Date(t), timeZone);
    return Date.parse(`${p.date}T${p.time}:00Z`) - t;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}
