import { asc, desc, eq, sql } from 'drizzle-orm';
import { shortPublicName } from '../../../common/names';
import { RESULT_MSG } from '../../../common/results';
import {
  levels,
  matches,
  matchResults,
  noShows,
  places,
  playerRatings,
  ratingHistory,
  ratingSettings,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import { currentSuggestion } from './profile';
import { resultView } from './results';

/** The player takes the level their results point to: the only way a suggestion changes a level. */
export async function acceptSuggestion(deps: Pick<Deps, 'db' | 'clock'>, actor: SessionUser) {
  const suggestion = await currentSuggestion(deps, actor.id);
  if (!suggestion) throw conflict(RESULT_MSG.suggestionNone);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ level: suggestion.niveau }).where(eq(users.id, actor.id));
    await tx
      .update(playerRatings)
      .set({ bandLevel: null, bandCount: 0 })
      .where(eq(playerRatings.userId, actor.id));
  });
  return { success: true as const, message: RESULT_MSG.suggestionAccepted(suggestion.niveau) };
}

/** The player keeps their level: the streak starts again (offered anew after 5 more results). */
export async function keepLevel(deps: Pick<Deps, 'db'>, actor: SessionUser) {
  const done = await deps.db
    .update(playerRatings)
    .set({ bandLevel: null, bandCount: 0 })
    .where(eq(playerRatings.userId, actor.id))
    .returning({ id: playerRatings.userId });
  if (done.length === 0) throw conflict(RESULT_MSG.suggestionNone);
  return { success: true as const, message: RESULT_MSG.suggestionKept };
}

/** Contested results and absences, for the admin to decide. */
export async function listContested(deps: Pick<Deps, 'db'>, admin: SessionUser) {
  const rows = await deps.db
    .select({ r: matchResults, date: matches.date, placeName: places.name })
    .from(matchResults)
    .innerJoin(matches, eq(matches.id, matchResults.matchId))
    .innerJoin(places, eq(places.id, matches.placeId))
    .where(eq(matchResults.status, 'contested'))
    .orderBy(asc(matches.date));
  const results = await Promise.all(
    rows.map(async ({ r, date, placeName }) => {
      const view = await resultView(deps.db, r, admin.id);
      return {
        match_id: r.matchId,
        date,
        place_name: placeName,
        sets: r.sets,
        teams: view.teams,
        winner: r.winner,
        reason: r.contestReason,
      };
    }),
  );
  const absences = await deps.db
    .select({
      match_id: noShows.matchId,
      user_id: noShows.userId,
      name: users.name,
      date: matches.date,
      reason: noShows.reason,
    })
    .from(noShows)
    .innerJoin(users, eq(users.id, noShows.userId))
    .innerJoin(matches, eq(matches.id, noShows.matchId))
    .where(eq(noShows.status, 'contested'))
    .orderBy(asc(matches.date));
  return {
    results,
    no_shows: absences.map((a) => ({ ...a, name: shortPublicName(a.name) })),
  };
}

/** A player's hidden rating, its history (latest first) and the suggestion they are offered. */
export async function ratingOf(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(RESULT_MSG.profileNotFound);
  const [rating] = await deps.db
    .select({ rating: playerRatings.rating })
    .from(playerRatings)
    .where(eq(playerRatings.userId, userId));
  const history = await deps.db
    .select({
      match_id: ratingHistory.matchId,
      rating: ratingHistory.rating,
      at: ratingHistory.createdAt,
    })
    .from(ratingHistory)
    .where(eq(ratingHistory.userId, userId))
    .orderBy(desc(ratingHistory.id))
    .limit(100);
  const suggestion = await currentSuggestion(deps, userId);
  return {
    user_id: userId,
    rating: rating ? Math.round(rating.rating) : null,
    suggestion: suggestion?.niveau ?? null,
    history: history.map((h) => ({ ...h, rating: Math.round(h.rating), at: h.at.toISOString() })),
  };
}

/** How many players chose each level (levels in `ordre`; players without a known level last). */
export async function levelDistribution(deps: Pick<Deps, 'db'>) {
  const counts = await deps.db
    .select({ level: users.level, players: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.level);
  const grid = await deps.db
    .select({ niveau: levels.niveau, label: levels.label })
    .from(levels)
    .orderBy(asc(levels.ordre));
  const known = new Set(grid.map((l) => l.niveau));
  const rows: { niveau: string | null; label: string | null; players: number }[] = grid.map(
    (l) => ({
      niveau: l.niveau,
      label: l.label,
      players: counts.find((c) => c.level === l.niveau)?.players ?? 0,
    }),
  );
  const others = counts.filter((c) => c.level === null || !known.has(c.level));
  if (others.length > 0)
    rows.push({ niveau: null, label: null, players: others.reduce((s, c) => s + c.players, 0) });
  return rows;
}

export async function getRatingSettings(deps: Pick<Deps, 'db'>) {
  const [row] = await deps.db.select().from(ratingSettings).limit(1);
  return { suggestions_enabled: row?.suggestionsEnabled ?? true };
}

/** The admin turns level suggestions on or off (one row, upserted). */
export async function setRatingSettings(
  deps: Pick<Deps, 'db'>,
  input: { suggestions_enabled: boolean },
) {
  await deps.db
    .insert(ratingSettings)
    .values({ id: 1, suggestionsEnabled: input.suggestions_enabled })
    .onConflictDoUpdate({
      target: ratingSettings.id,
      set: { suggestionsEnabled: input.suggestions_enabled },
    });
  return { suggestions_enabled: input.suggestions_enabled };
}
