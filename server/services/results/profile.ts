import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { publicName, shortPublicName } from '../../../common/names';
import { RESULT_MSG, userIdsOf } from '../../../common/results';
import { localParts } from '../../../common/schedule';
import type { TPlayerProfile } from '../../../common/schemas/results';
import {
  matches,
  matchParticipants,
  matchResults,
  places,
  playerRatings,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { photoUrl } from '../users';
import { PROVISIONAL_UNTIL } from '../../../common/messages-season';
import { peerLean } from './level-feedback';
import { levelGrid, SUGGEST_AFTER, SUGGEST_AFTER_AGREED, suggestionsEnabled } from './rating';
import { levelVerified } from '../levels';
import { playedBy, reliabilityOf } from './reliability';
import { sideOf } from './results';

const LAST_RESULTS = 10;
const TOP = 3;

/** Whether two players share a match (organiser or participant of the same one): co-players see photos. */
async function areCoPlayers(deps: Pick<Deps, 'db'>, a: number, b: number): Promise<boolean> {
  if (a === b) return true;
  const [row] = await deps.db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        sql`(${matches.createdBy} = ${a} or exists (select 1 from ${matchParticipants} p where p.match_id = ${matches.id} and p.user_id = ${a}))`,
        sql`(${matches.createdBy} = ${b} or exists (select 1 from ${matchParticipants} p where p.match_id = ${matches.id} and p.user_id = ${b}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The player's confirmed results, latest first, with the match's date and place. */
export const confirmedResultsOf = (deps: Pick<Deps, 'db'>, userId: number) =>
  deps.db
    .select({
      matchId: matchResults.matchId,
      teams: matchResults.teams,
      sets: matchResults.sets,
      winner: matchResults.winner,
      date: matches.date,
      time: matches.time,
      placeName: places.name,
      isPrivate: sql<boolean>`${matches.visibility} = 'private'`,
    })
    .from(matchResults)
    .innerJoin(matches, eq(matches.id, matchResults.matchId))
    .innerJoin(places, eq(places.id, matches.placeId))
    .where(
      and(
        eq(matchResults.status, 'confirmed'),
        sql`${matchResults.teams} @> ${JSON.stringify([[userId]])}::jsonb`,
      ),
    )
    .orderBy(desc(matches.date), desc(matches.time));

/**
 * The level suggestion offered to `userId`, if any: suggestions on, and confirmed results in a row
 * in another level's band, 5 of them, or 3 when co-players lean the same way (`peerLean`); none
 * while they lean the other way.
 */
export async function currentSuggestion(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  if (!(await suggestionsEnabled(deps.db))) return null;
  const [row] = await deps.db
    .select({ band: playerRatings.bandLevel, count: playerRatings.bandCount, level: users.level })
    .from(playerRatings)
    .innerJoin(users, eq(users.id, playerRatings.userId))
    .where(eq(playerRatings.userId, userId));
  if (!row || row.band === null || row.band === row.level) return null;
  const grid = await levelGrid(deps.db);
  const level = grid.find((l) => l.niveau === row.band);
  const own = grid.find((l) => l.niveau === row.level);
  const way = level && own ? Math.sign(level.ordre - own.ordre) : 0;
  const lean = await peerLean(deps.db, userId, deps.clock.now());
  const needed =
    lean === 0 ? SUGGEST_AFTER : lean === way ? SUGGEST_AFTER_AGREED : Number.POSITIVE_INFINITY;
  if (row.count < needed) return null;
  return level
    ? {
        niveau: level.niveau,
        label: level.label,
        text: RESULT_MSG.suggestion(level.niveau, level.label),
      }
    : null;
}

/**
 * A player's profile (`GET /api/users/{id}/profile`, `/joueurs/:id`): "Prénom N.", level with its
 * label and colour, photo only for co-players (the rule of phone numbers), confirmed results
 * (played, won, win rate, current streak, the last 10), favourite places and most frequent
 * partners, reliability. Never a phone number or an e-mail. The level suggestion only to oneself.
 * Private matches count in the figures; only the player sees their date, place and partners.
 */
export async function getProfile(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
): Promise<TPlayerProfile> {
  const [user] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      level: users.level,
      hasPhoto: users.hasPhoto,
      updatedAt: users.updatedAt,
      verified: levelVerified,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound(RESULT_MSG.profileNotFound);
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  // Only its link leads to a private match: others see it in the counts, never its date, place or
  // partners (the player sees all of their own).
  const self = actor.id === id;
  const [grid, coPlayer, results, placesPlayed, reliability, suggestion] = await Promise.all([
    levelGrid(deps.db),
    areCoPlayers(deps, actor.id, id),
    confirmedResultsOf(deps, id),
    deps.db
      .select({ place_id: places.id, name: places.name, count: sql<number>`count(*)::int` })
      .from(matches)
      .innerJoin(places, eq(places.id, matches.placeId))
      .where(
        and(
          lte(matches.date, today),
          playedBy(id),
          self ? undefined : eq(matches.visibility, 'public'),
        ),
      )
      .groupBy(places.id, places.name)
      .orderBy(desc(sql`count(*)`), places.name)
      .limit(TOP),
    reliabilityOf(deps, id),
    self ? currentSuggestion(deps, id) : Promise.resolve(null),
  ]);
  const wonIt = (r: (typeof results)[number]) => sideOf(r.teams, id) === r.winner;
  const won = results.filter(wonIt).length;
  let streak = 0;
  for (const r of results) {
    const w = wonIt(r);
    if (streak === 0) streak = w ? 1 : -1;
    else if (w === streak > 0) streak += w ? 1 : -1;
    else break;
  }
  const shown = self ? results : results.filter((r) => !r.isPrivate);
  // A guest partner has no profile to show: the match counts in the stats, not in partners.
  const partnerCount = new Map<number, number>();
  for (const r of shown) {
    const team = userIdsOf([r.teams[sideOf(r.teams, id) ?? 0] ?? []]);
    for (const p of team) if (p !== id) partnerCount.set(p, (partnerCount.get(p) ?? 0) + 1);
  }
  const topPartners = [...partnerCount.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  const partnerNames = new Map(
    topPartners.length === 0
      ? []
      : (
          await deps.db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(
              inArray(
                users.id,
                topPartners.map(([p]) => p),
              ),
            )
        ).map((u) => [u.id, shortPublicName(u.name)]),
  );
  const level = grid.find((l) => l.niveau === user.level);
  return {
    id: user.id,
    ...publicName(user.name),
    level: level ? { niveau: level.niveau, label: level.label, couleur: level.couleur } : null,
    photo: coPlayer && user.hasPhoto ? photoUrl(user.id, user.updatedAt) : null,
    played: results.length,
    level_provisional: results.length < PROVISIONAL_UNTIL,
    level_verified: user.verified,
    won,
    win_rate: results.length === 0 ? null : Math.round((100 * won) / results.length),
    streak,
    favourite_places: placesPlayed,
    partners: topPartners
      .filter(([p]) => partnerNames.has(p))
      .map(([p, count]) => ({ user_id: p, name: partnerNames.get(p) ?? '', count })),
    last_results: shown.slice(0, LAST_RESULTS).map((r) => ({
      match_id: r.matchId,
      date: r.date,
      place_name: r.placeName,
      sets: sideOf(r.teams, id) === 1 ? r.sets.map((s) => [...s].reverse()) : r.sets,
      won: wonIt(r),
    })),
    reliability,
    suggestion,
  };
}
