import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  matchLeaves,
  matchResults,
  noShows,
  playerRatings,
  ratingHistory,
} from '../../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The player's part of results and reliability for "Télécharger mes données": their hidden rating
 * and its history, results they entered, answered or decided, absences they were declared or
 * declared, and their leaves. Other players appear as ids only.
 */
export async function exportResultsData(db: DbOrTx, id: number) {
  const [rating, history, results, absences, leaves] = await Promise.all([
    db.select().from(playerRatings).where(eq(playerRatings.userId, id)),
    db
      .select()
      .from(ratingHistory)
      .where(eq(ratingHistory.userId, id))
      .orderBy(asc(ratingHistory.id)),
    db
      .select()
      .from(matchResults)
      .where(
        or(
          eq(matchResults.enteredBy, id),
          eq(matchResults.answeredBy, id),
          eq(matchResults.decidedBy, id),
        ),
      )
      .orderBy(asc(matchResults.matchId)),
    db
      .select()
      .from(noShows)
      .where(or(eq(noShows.userId, id), eq(noShows.markedBy, id)))
      .orderBy(asc(noShows.matchId)),
    db.select().from(matchLeaves).where(eq(matchLeaves.userId, id)).orderBy(asc(matchLeaves.id)),
  ]);
  const [r] = rating;
  return {
    rating: r
      ? { rating: r.rating, rd: r.rd, suggested_level: r.bandLevel, in_a_row: r.bandCount }
      : null,
    rating_history: history.map((h) => ({
      match_id: h.matchId,
      rating: h.rating,
      at: h.createdAt.toISOString(),
    })),
    results: results.map((m) => ({
      match_id: m.matchId,
      sets: m.sets,
      status: m.status,
      entered: m.enteredBy === id,
      answered: m.answeredBy === id,
      decided: m.decidedBy === id,
      contest_reason: m.answeredBy === id ? m.contestReason : null,
      entered_at: m.enteredAt.toISOString(),
      answered_at: iso(m.answeredAt),
    })),
    no_shows: absences.map((a) => ({
      match_id: a.matchId,
      about_me: a.userId === id,
      status: a.status,
      reason: a.userId === id ? a.reason : null,
      created_at: a.createdAt.toISOString(),
    })),
    leaves: leaves.map((l) => ({
      match_id: l.matchId,
      late: l.isLate,
      at: l.createdAt.toISOString(),
    })),
  };
}
