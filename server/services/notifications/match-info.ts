import { eq, inArray, sql } from 'drizzle-orm';
import { shortTime, zonedInstant } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import {
  evenings,
  matches,
  matchParticipants,
  matchWaitlist,
  places,
  users,
} from '../../../db/schema';
import type { Env } from '../../env';

/** What a notification says about a match, read inside the transaction that changes it. */
export interface MatchInfo {
  id: number;
  date: string;
  time: string;
  placeName: string;
  address: string;
  city: string;
  levels: string[];
  /** `matches.sequence`: raised by every edit, so calendars replace their copy. */
  sequence: number;
  createdBy: number;
  /** An evening's sign-ups (its page is `/soirees/<id>`); absent in notices kept before. */
  evening?: boolean;
}

/** The app page a notice about this match links to. */
export const pathOf = (m: Pick<MatchInfo, 'id' | 'evening'>) =>
  `${m.evening ? '/soirees' : '/matches'}/${m.id}`;

export async function matchInfo(tx: DbOrTx, id: number): Promise<MatchInfo | null> {
  const [row] = await tx
    .select({
      id: matches.id,
      date: matches.date,
      time: matches.time,
      levels: matches.levels,
      createdBy: matches.createdBy,
      sequence: matches.sequence,
      placeName: places.name,
      address: places.address,
      city: places.city,
      evening: sql<boolean>`exists (select 1 from ${evenings} ev where ev.match_id = ${matches.id})`,
    })
    .from(matches)
    .innerJoin(places, eq(places.id, matches.placeId))
    .where(eq(matches.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, time: shortTime(row.time), levels: [...row.levels] };
}

/** Everyone a change of the match concerns besides its creator: players in it and players waiting. */
export async function playersAndWaiting(tx: DbOrTx, matchId: number): Promise<number[]> {
  const playing = await tx
    .select({ id: matchParticipants.userId })
    .from(matchParticipants)
    .where(eq(matchParticipants.matchId, matchId));
  const waiting = await tx
    .select({ id: matchWaitlist.userId })
    .from(matchWaitlist)
    .where(eq(matchWaitlist.matchId, matchId));
  return [...new Set([...playing, ...waiting].map((r) => r.id))];
}

/** Whoever plays the match: its creator and its participants. */
export async function matchPlayers(
  tx: DbOrTx,
  matchId: number,
  createdBy: number,
): Promise<number[]> {
  const playing = await tx
    .select({ id: matchParticipants.userId })
    .from(matchParticipants)
    .where(eq(matchParticipants.matchId, matchId));
  return [...new Set([createdBy, ...playing.map((r) => r.id)])];
}

export interface Recipient {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  notifyEmail: boolean;
  notifySms: boolean;
}

export async function recipients(tx: DbOrTx, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      notifyEmail: users.notifyEmail,
      notifySms: users.notifySms,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Where players reach the app; links in mails and SMS start here. */
export const publicUrl = (env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>) =>
  (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');

export const matchUrl = (
  env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  m: Pick<MatchInfo, 'id' | 'evening'>,
) => `${publicUrl(env)}${pathOf(m)}`;

/** The ORGANIZER of every calendar copy of a match: the app, at its sender address. */
export const calendarOrganizer = (env: Pick<Env, 'MAIL_FROM'>) => ({
  name: 'Padel Match',
  email: /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM,
});

const DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "samedi 28 novembre à 18:30". */
export const whenOf = (m: Pick<MatchInfo, 'date' | 'time'>) =>
  `${DAY.format(new Date(`${m.date}T12:00:00Z`))} à ${m.time}`;

/** "Padel Club Lyon, 3 rue X, Lyon". */
export const whereOf = (m: Pick<MatchInfo, 'placeName' | 'address' | 'city'>) =>
  `${m.placeName}, ${m.address}, ${m.city}`;

/** The instant the match starts. */
export const startOf = (m: Pick<MatchInfo, 'date' | 'time'>, env: Pick<Env, 'APP_TIMEZONE'>) =>
  zonedInstant(m.date, m.time, env.APP_TIMEZONE);
