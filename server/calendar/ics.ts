import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { MSG } from '../../common/messages';
import { zonedInstant } from '../../common/schedule';

/** How long a padel match lasts when nothing says otherwise. */
export const MATCH_DURATION_MINUTES = 90;

/** What an invitation needs to know about a match. */
export interface CalendarMatch {
  id: number;
  /** Local date and time in `timeZone` ("YYYY-MM-DD", "HH:MM"). */
  date: string;
  time: string;
  place_name: string;
  address: string;
  city: string;
  levels: string[];
  /** Raised on every edit (`matches.sequence`), so calendars replace the old event. */
  sequence: number;
}

/**
 * PUBLISH for every copy that adds or updates the event (download, mailed change, promotion,
 * reminder): the app, not an RSVP, says who plays, and a REQUEST would offer "Accept/Decline"
 * buttons whose replies go to a no-reply address. CANCEL (with ORGANIZER and the recipient as
 * ATTENDEE, as RFC 5546 requires) removes the event from the recipient's calendar.
 */
export type CalendarMethod = 'PUBLISH' | 'CANCEL';

export interface CalendarOptions {
  timeZone: string;
  /** DTSTAMP: when this copy was produced. */
  now: Date;
  /** Absolute link to the match page, when known. */
  url?: string;
  /** Required by PUBLISH and CANCEL (RFC 5546): who publishes the event, the same on every copy… */
  organizer?: { name: string; email: string };
  /** …and, for CANCEL only, the one recipient of the copy (never the other players' addresses). */
  attendees?: { email: string }[];
}

/** The same UID for every copy of a match's event, so a calendar updates it instead of adding another. */
export const matchEventUid = (matchId: number) => `match-${matchId}@padel-match`;

/**
 * One match as an iCalendar object with one VEVENT: times in UTC (computed from the local date and
 * time in `timeZone`, so no VTIMEZONE is needed), 90 minutes, the place and its address as
 * LOCATION, a link back to the match (URL and in the description), a stable UID and the match's
 * SEQUENCE, so a later copy replaces the earlier one. CANCEL also marks the event cancelled.
 */
export function buildMatchCalendar(
  match: CalendarMatch,
  method: CalendarMethod,
  o: CalendarOptions,
): string {
  const start = zonedInstant(match.date, match.time, o.timeZone);
  const cal = ical({
    prodId: { company: 'Padel Match', product: 'Padel Match', language: 'FR' },
    method: ICalCalendarMethod[method],
  });
  cal.createEvent({
    id: matchEventUid(match.id),
    sequence: match.sequence,
    stamp: o.now,
    start,
    end: new Date(start.getTime() + MATCH_DURATION_MINUTES * 60_000),
    summary: `Padel — ${match.place_name}`,
    location: `${match.place_name}, ${match.address}, ${match.city}`,
    description: `Niveaux : ${match.levels.join(', ')}${o.url ? `\n${MSG.notify.seeMatch(o.url)}` : ''}`,
    url: o.url ?? null,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: o.organizer ?? null,
    attendees: o.attendees ?? [],
  });
  return cal.toString();
}
