import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { matches, matchParticipants } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TMatchResult } from '../../../common/schemas/matches';
import { getMatch } from './queries';

/** The match a player wants to join or leave, with whether they are already in it. */
async function matchForPlayer(tx: DbOrTx, actor: SessionUser, id: number) {
  const [row] = await tx
    .select({
      createdBy: matches.createdBy,
      date: matches.date,
      time: matches.time,
      isIn: sql<boolean>`exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matches.id} and mp.user_id = ${actor.id})`,
    })
    .from(matches)
    .where(eq(matches.id, id))
    .limit(1);
  if (!row) throw notFound(MSG.match.notFound);
  return row;
}

interface JoinOutcome {
  created_by: number;
  date: string;
  time: string;
  is_in: boolean;
  taken: number;
  joined: number;
}

/**
 * Joins a match: not one's own, not a finished one, not twice, not when full. Concurrency-safe
 * and in one statement inside one transaction: a conditional `UPDATE … SET missing_players =
 * missing_players - 1 WHERE missing_players > 0` takes the place (PostgreSQL re-checks the
 * condition after waiting for the row, so 50 simultaneous joins on 3 places give exactly 3
 * winners), the participant insert relies on the (match_id, user_id) primary key against a
 * double join, and the same statement reads what the checks need. Any refusal throws, which rolls
 * the place back: the rules stay in code, the database round trips stay at three.
 */
export async function joinMatch(deps: Deps, actor: SessionUser, id: number): Promise<TMatchResult> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = rowsOf<JoinOutcome>(
      await tx.execute(sql`
        with m as (
          select created_by, date::text as date, time::text as time,
                 exists (select 1 from ${matchParticipants} where match_id = ${id} and user_id = ${actor.id}) as is_in
            from ${matches} where id = ${id}
        ), taken as (
          update ${matches} set missing_players = missing_players - 1, updated_at = now()
           where id = ${id} and missing_players > 0
          returning id
        ), joined as (
          insert into ${matchParticipants} (match_id, user_id, joined_at)
          select id, ${actor.id}, ${now.toISOString()}::timestamptz from taken
          on conflict do nothing
          returning user_id
        )
        select m.*, (select count(*) from taken)::int as taken, (select count(*) from joined)::int as joined from m`),
    );
    if (!row) throw notFound(MSG.match.notFound);
    if (row.created_by === actor.id) throw badRequest(MSG.match.ownMatch);
    if (row.is_in) throw conflict(MSG.match.alreadyJoined);
    if (isFinished(row, now, deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    if (row.taken === 0) throw conflict(MSG.match.full);
    if (row.joined === 0) throw conflict(MSG.match.alreadyJoined);
  });
  return { success: true, message: MSG.match.joined, match: await getMatch(deps, id) };
}

/**
 * Leaves a match one has joined (beyond the spec: players expect it) and frees the place, in one
 * transaction: the participant row is deleted and, only if it existed, `missing_players` goes up.
 * A finished match keeps its players.
 */
export async function leaveMatch(deps: Deps, actor: SessionUser, id: number): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await matchForPlayer(tx, actor, id);
    if (!match.isIn) throw conflict(MSG.match.notJoined);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw conflict(MSG.match.notJoined);
    await tx
      .update(matches)
      .set({ missingPlayers: sql`${matches.missingPlayers} + 1`, updatedAt: sql`now()` })
      .where(eq(matches.id, id));
  });
  return { success: true, message: MSG.match.left, match: await getMatch(deps, id) };
}

/**
 * Gives back the places a user took in other players' matches, then forgets those participations.
 * Called (inside the caller's transaction) before a user is deleted: the participant rows would go
 * by FK cascade anyway, but `missing_players` would stay too low and the matches would look fuller
 * than they are. Matches the user created are removed by the cascade on `matches.created_by`.
 * Answers how many matches got a place back.
 */
export async function removeUserFromMatches(tx: DbOrTx, userId: number): Promise<number> {
  const rows = await tx.execute<{ id: number }>(sql`
    with removed as (
      delete from match_participants where user_id = ${userId} returning match_id
    )
    update matches m
       set missing_players = m.missing_players + 1, updated_at = now()
      from removed r
     where m.id = r.match_id
    returning m.id`);
  return rowsOf(rows).length;
}
