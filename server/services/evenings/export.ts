import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { eveningGames } from '../../../db/schema';

/**
 * The evening games of a player's data export: those he played and those whose score he entered
 * (as the organiser, say), with the score; his partners and opponents are not named.
 */
export async function exportEveningGames(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(eveningGames)
    .where(
      or(
        eq(eveningGames.scoredBy, userId),
        sql`${eveningGames.teamA} @> ${JSON.stringify([userId])}::jsonb`,
        sql`${eveningGames.teamB} @> ${JSON.stringify([userId])}::jsonb`,
      ),
    )
    .orderBy(asc(eveningGames.matchId), asc(eveningGames.round), asc(eveningGames.court));
  return rows.map((g) => ({
    evening_id: g.matchId,
    round: g.round,
    court: g.court,
    played: [...g.teamA, ...g.teamB].includes(userId),
    score: g.scoreA === null || g.scoreB === null ? null : [g.scoreA, g.scoreB],
    scored_by_me: g.scoredBy === userId,
    scored_at: g.scoredAt?.toISOString() ?? null,
  }));
}
