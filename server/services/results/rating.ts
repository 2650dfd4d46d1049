import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { isGuestEntry, userIdsOf, type TTeamEntry } from '../../../common/results';
import type { DbOrTx } from '../../../db/client';
import {
  levels,
  matches,
  playerRatings,
  ratingHistory,
  ratingSettings,
  users,
} from '../../../db/schema';
import { idleFor, MAX_RD, RATING_PERIOD_DAYS, rateDoubles, type Rating } from './glicko2';

/**
 * Levels as rating bands: the level of `ordre` k covers [BAND_LOW + (k-1)·BAND, BAND_LOW + k·BAND).
 * 150 points is about the gap at which Glicko expects the stronger side to win two times in three:
 * one level apart on the admin's grid.
 */
export const BAND_LOW = 900;
export const BAND = 150;
/** A player's chosen level is a fair first guess, so the deviation starts below a newcomer's 350. */
export const SEED_RD = 200;
export const SEED_VOL = 0.06;
/** Confirmed results in a row inside another level's band before that level is offered. */
export const SUGGEST_AFTER = 5;
/** The same when co-players' words on the level point that way too (issue 43). */
export const SUGGEST_AFTER_AGREED = 3;

export const seedRating = (ordre: number | null): Rating => ({
  rating: BAND_LOW + BAND * ((ordre ?? 4) - 0.5),
  rd: SEED_RD,
  vol: SEED_VOL,
});

export interface LevelRow {
  niveau: string;
  label: string;
  couleur: string;
  ordre: number;
}

/** The level whose band holds `rating`; past the grid's ends, the nearest level. */
export function levelForRating(grid: readonly LevelRow[], rating: number): LevelRow | null {
  if (grid.length === 0) return null;
  const k = Math.floor((rating - BAND_LOW) / BAND) + 1;
  let best = grid[0]!;
  for (const l of grid) if (Math.abs(l.ordre - k) < Math.abs(best.ordre - k)) best = l;
  return best;
}

export const levelGrid = (db: DbOrTx): Promise<LevelRow[]> =>
  db
    .select({
      niveau: levels.niveau,
      label: levels.label,
      couleur: levels.couleur,
      ordre: levels.ordre,
    })
    .from(levels)
    .orderBy(asc(levels.ordre));

export async function suggestionsEnabled(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select().from(ratingSettings).limit(1);
  return row?.suggestionsEnabled ?? true;
}

/**
 * How a reserved-seat guest counts in the rating computation. A guest has no account and so no
 * rating, but their side still needs a strength: they are taken as a player of the match's level
 * (the mean `ordre` of the match's levels, seeded as a player who chose it; the grid's middle if
 * none of the levels is on the grid any more) with a newcomer's deviation (350), the most uncertain
 * a rating can be. So a guest partner pulls the team's average towards the match's level, and
 * beating guests moves a rating less than beating rated players of that level would.
 */
export function guestRating(grid: readonly LevelRow[], matchLevels: readonly string[]): Rating {
  const ordres = matchLevels
    .map((n) => grid.find((l) => l.niveau === n)?.ordre)
    .filter((o) => o !== undefined);
  const ordre = ordres.length === 0 ? null : ordres.reduce((a, b) => a + b, 0) / ordres.length;
  return { ...seedRating(ordre), rd: MAX_RD };
}

/**
 * Updates the players' ratings from a confirmed result of a competitive match, in the caller's
 * transaction (the one that confirmed it); an amical match's leaves them as they are. Rating rows are created from the players' levels if missing, then locked in id
 * order, so two confirmations sharing a player never lose an update nor deadlock. Then each
 * player's band streak moves: a confirmed result whose new rating sits in another level's band
 * counts one more in a row (a different band starts again at one; the own band resets it).
 * Reserved-seat guests (`{ guest: id }` entries) take part at `guestRating` and get no rating.
 */
export async function applyConfirmedResult(
  tx: DbOrTx,
  matchId: number,
  teams: readonly (readonly TTeamEntry[])[],
  winner: 0 | 1,
) {
  // Only a competitive match's results move levels: an amical one still counts in history and stats.
  const [played] = await tx
    .select({ kind: matches.kind })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (played?.kind !== 'competitif') return;
  const ids = [...new Set(userIdsOf(teams))].sort((a, b) => a - b);
  const grid = await levelGrid(tx);
  const people =
    ids.length === 0
      ? []
      : await tx
          .select({ id: users.id, level: users.level })
          .from(users)
          .where(inArray(users.id, ids));
  const ordreOf = (niveau: string | null) => grid.find((l) => l.niveau === niveau)?.ordre ?? null;
  if (people.length > 0)
    await tx
      .insert(playerRatings)
      .values(people.map((p) => ({ userId: p.id, ...seedRating(ordreOf(p.level)) })))
      .onConflictDoNothing();
  // With the whole rating periods since each player's last rated game, on the database's clock
  // like `updated_at`: an idle player is less certain, so a comeback moves faster.
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({
            ...getTableColumns(playerRatings),
            idle: sql<number>`floor(extract(epoch from now() - ${playerRatings.updatedAt}) / ${RATING_PERIOD_DAYS * 86_400})::int`,
          })
          .from(playerRatings)
          .where(inArray(playerRatings.userId, ids))
          .orderBy(asc(playerRatings.userId))
          .for('update');
  const byId = new Map(rows.map((r) => [r.userId, { ...r, ...idleFor(r, r.idle) }]));
  const [match] = teams.flat().some(isGuestEntry)
    ? await tx.select({ levels: matches.levels }).from(matches).where(eq(matches.id, matchId))
    : [];
  const guest = guestRating(grid, match?.levels ?? []);
  // An account erased since the result was entered has no row: it plays at a guest's strength.
  const strength = (e: TTeamEntry): Rating => (isGuestEntry(e) ? guest : (byId.get(e) ?? guest));
  const [a, b] = [teams[0] ?? [], teams[1] ?? []];
  const next = rateDoubles([a.map(strength), b.map(strength)], winner);
  const levelOfUser = new Map(people.map((p) => [p.id, p.level]));
  const now = sql`now()`;
  for (const [t, team] of [a, b].entries()) {
    for (const [i, entry] of team.entries()) {
      if (isGuestEntry(entry)) continue;
      const row = byId.get(entry);
      const r = next[t]?.[i];
      if (!row || !r) continue;
      const band = levelForRating(grid, r.rating)?.niveau ?? null;
      const own = levelOfUser.get(entry) ?? null;
      const streak =
        band === null || band === own ? 0 : band === row.bandLevel ? row.bandCount + 1 : 1;
      await tx
        .update(playerRatings)
        .set({
          rating: r.rating,
          rd: r.rd,
          vol: r.vol,
          bandLevel: streak === 0 ? null : band,
          bandCount: streak,
          updatedAt: now,
        })
        .where(eq(playerRatings.userId, entry));
      await tx.insert(ratingHistory).values({ userId: entry, matchId, rating: r.rating, rd: r.rd });
    }
  }
}
