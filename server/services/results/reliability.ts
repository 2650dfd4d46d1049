import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { isFinished, localParts } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { matches, matchLeaves, matchParticipants, noShows } from '../../../db/schema';
import type { Deps } from '../../deps';
import { COUNTED_ABSENT } from './no-shows';

/** Reliability looks at this many of the player's last matches… */
export const RELIABILITY_WINDOW = 20;
/** …and is shown from this many on ("Fiable 95 %"). */
export const RELIABILITY_MIN = 5;

/**
 * A match counts for `userId` when they played it (participant, or organiser with at least one
 * participant): the organiser of an empty match played nothing.
 */
export const playedBy = (userId: number) =>
  sql`(exists (select 1 from ${matchParticipants} p where p.match_id = ${matches.id} and p.user_id = ${userId})
    or (${matches.createdBy} = ${userId} and exists (select 1 from ${matchParticipants} p where p.match_id = ${matches.id})))`;

/**
 * Share of the player's last 20 started matches they attended: a match the organiser declared
 * them absent from counts 0 (unless an admin cancelled it), a leave under 24 h before the start
 * counts half (the place was hard to fill), any other match 1. Null below 5 matches.
 */
export async function reliabilityOf(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  userId: number,
): Promise<{ percent: number | null; matches: number }> {
  const db: DbOrTx = deps.db;
  const now = deps.clock.now();
  const today = localParts(now, deps.env.APP_TIMEZONE).date;
  const started = (m: { date: string; time: string }) => isFinished(m, now, deps.env.APP_TIMEZONE);
  const [played, late, absent] = await Promise.all([
    db
      .select({ id: matches.id, date: matches.date, time: matches.time })
      .from(matches)
      .where(and(lte(matches.date, today), playedBy(userId)))
      .orderBy(desc(matches.date), desc(matches.time))
      .limit(RELIABILITY_WINDOW + 5),
    db
      .select({ id: matches.id, date: matches.date, time: matches.time })
      .from(matchLeaves)
      .innerJoin(matches, eq(matches.id, matchLeaves.matchId))
      .where(
        and(eq(matchLeaves.userId, userId), eq(matchLeaves.isLate, true), lte(matches.date, today)),
      )
      .orderBy(desc(matches.date), desc(matches.time))
      .limit(RELIABILITY_WINDOW + 5),
    db
      .select({ id: noShows.matchId })
      .from(noShows)
      .where(and(eq(noShows.userId, userId), inArray(noShows.status, COUNTED_ABSENT))),
  ]);
  const absentIds = new Set(absent.map((a) => a.id));
  const byMatch = new Map<number, { date: string; time: string; score: number }>();
  for (const m of late.filter(started)) byMatch.set(m.id, { ...m, score: 0.5 });
  // A player who left late and came back played it: the match counts as played.
  for (const m of played.filter(started))
    byMatch.set(m.id, { ...m, score: absentIds.has(m.id) ? 0 : 1 });
  const last = [...byMatch.values()]
    .sort((a, b) =>
      a.date === b.date ? b.time.localeCompare(a.time) : b.date.localeCompare(a.date),
    )
    .slice(0, RELIABILITY_WINDOW);
  if (last.length < RELIABILITY_MIN) return { percent: null, matches: last.length };
  const score = last.reduce((s, m) => s + m.score, 0);
  return { percent: Math.round((100 * score) / last.length), matches: last.length };
}
