import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { localInstant } from '../../common/schedule';

/** A match played for this long unless told otherwise (a usual padel booking). */
export const MATCH_MINUTES = 90;

export interface CalendarMatch {
  id: number;
  date: string;
  time: string;
  placeName: string;
  address: string;
  city: string;
  levels: string[];
  /** Rises with every change of the match, so calendars replace their copy. */
  sequence: number;
}

export type IcsMethod = 'REQUEST' | 'CANCEL';

/** Stable across changes, so a calendar updates or cancels the event it already holds. */
export const matchUid = (id: number) => `match-${id}@padel-match`;

/** A SEQUENCE that grows with each change: the match's last update in whole seconds. */
export const sequenceOf = (updatedAt: Date) => Math.floor(updatedAt.getTime() / 1000);

/**
 * One VEVENT for a match (UTC times), with METHOD:REQUEST for an invitation or update and
 * METHOD:CANCEL (STATUS:CANCELLED) when the match is deleted.
 */
export function matchIcs(m: CalendarMatch, o: { method: IcsMethod; timeZone: string; url: string; organizer: string }): string {
  const start = localInstant(m.date, m.time, o.timeZone);
  const cal = ical({
    prodId: { company: 'Padel Match', product: 'padel-match', language: 'FR' },
    method: o.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: matchUid(m.id),
    sequence: m.sequence,
    start,
    end: new Date(start.getTime() + MATCH_MINUTES * 60_000),
    summary: `Padel — ${m.placeName}`,
    location: `${m.placeName}, ${m.address}, ${m.city}`,
    description: `Niveaux : ${m.levels.join(', ')}`,
    url: o.url,
    organizer: { name: 'Padel Match', email: o.organizer },
    status: o.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}
