import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants } from '../../../db/schema';
import { buildMatchCalendar, type CalendarMatch } from '../../calendar/ics';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { calendarOrganizer, matchInfo, matchUrl } from '../notifications/match-info';
import { hasStanding } from '../rooms/members';

/** What a calendar invitation shows of a match, with its SEQUENCE; no personal data. */
export async function getCalendarMatch(db: DbOrTx, id: number): Promise<CalendarMatchRow | null> {
  const m = await matchInfo(db, id);
  if (!m) return null;
  const { placeName, createdBy, ...rest } = m;
  return { ...rest, place_name: placeName, created_by: createdBy };
}

/**
 * Calendar downloads are for the match's own players: anyone else gets a French 403, except that
 * a private match does not exist (404) for whoever has no standing in it (`hasStanding`), as on
 * every other door.
 */
async function assertMatchMember(
  db: DbOrTx,
  actor: SessionUser,
  match: { id: number; created_by: number },
) {
  if (match.created_by === actor.id) return;
  const [row] = await db
    .select({ userId: matchParticipants.userId })
    .from(matchParticipants)
    .where(and(eq(matchParticipants.matchId, match.id), eq(matchParticipants.userId, actor.id)))
    .limit(1);
  if (row) return;
  const [m] = await db
    .select({ visibility: matches.visibility })
    .from(matches)
    .where(eq(matches.id, match.id));
  if (m?.visibility === 'private' && !(await hasStanding(db, match.id, actor.id)))
    throw notFound(MSG.match.notFound);
  throw forbidden(MSG.match.calendarForbidden);
}

export type CalendarMatchRow = CalendarMatch & { created_by: number };

/**
 * The match as an .ics file (METHOD:PUBLISH, with a link back to the match and the same ORGANIZER
 * as the mailed copies, so a mailed cancellation removes it) for its creator and participants;
 * others get a French 403 (404 for a private match they have no standing in). The SEQUENCE comes from the database, so a copy downloaded after an edit replaces
 * the old event in the player's calendar.
 */
export async function getMatchIcs(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
): Promise<string> {
  const match = await getCalendarMatch(deps.db, id);
  if (!match) throw notFound(MSG.match.notFound);
  await assertMatchMember(deps.db, actor, match);
  return buildMatchCalendar(match, 'PUBLISH', {
    timeZone: deps.env.APP_TIMEZONE,
    now: deps.clock.now(),
    url: matchUrl(deps.env, match),
    organizer: calendarOrganizer(deps.env),
  });
}
