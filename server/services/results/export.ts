import { asc, eq, or, sql } from 'drizzle-orm';
import { LEVEL_VERDICTS, type TLevelVerdict } from '../../../common/messages-season';
import type { DbOrTx } from '../../../db/client';
import {
  levelFeedback,
  levelVerifications,
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
  const [rating, history, results, absences, leaves, given, received, vouched] = await Promise.all([
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
    db
      .select()
      .from(levelFeedback)
      .where(eq(levelFeedback.fromUserId, id))
      .orderBy(asc(levelFeedback.matchId), asc(levelFeedback.aboutUserId)),
    // Words about the player are counted, never told one by one (nor by whom).
    db
      .select({ verdict: levelFeedback.verdict, n: sql<number>`count(*)::int` })
      .from(levelFeedback)
      .where(eq(levelFeedback.aboutUserId, id))
      .groupBy(levelFeedback.verdict),
    db
      .select()
      .from(levelVerifications)
      .where(or(eq(levelVerifications.userId, id), eq(levelVerifications.verifiedBy, id)))
      .orderBy(asc(levelVerifications.userId)),
  ]);
  const mine = vouched.find((v) => v.userId === id);
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
    level_feedback_given: given.map((f) => ({
      match_id: f.matchId,
      about_user_id: f.aboutUserId,
      verdict: f.verdict,
      at: f.createdAt.toISOString(),
    })),
    level_feedback_received: Object.fromEntries(
      LEVEL_VERDICTS.map((v) => [v, received.find((r) => r.verdict === v)?.n ?? 0]),
    ) as Record<TLevelVerdict, number>,
    level_verification: mine ? { level: mine.level, at: mine.verifiedAt.toISOString() } : null,
    levels_verified: vouched
      .filter((v) => v.verifiedBy === id && v.userId !== id)
      .map((v) => ({ user_id: v.userId, level: v.level, at: v.verifiedAt.toISOString() })),
  };
}
