import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants, matchWaitlist } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TMatchResult } from '../../../common/schemas/matches';
import { notifyMatch, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo } from '../notifications/match-info';
import { getMatch } from './queries';
import { freePlaceAndPromote } from './waitlist';

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

/**
 * Joins a match: not one's own, not a finished one, not twice, not when full. Concurrency-safe:
 * in ONE transaction a conditional `UPDATE … SET missing_players = missing_players - 1 WHERE
 * missing_players > 0` takes the place (PostgreSQL re-checks the condition after waiting for the
 * row, so 50 simultaneous joins on 3 places give exactly 3 winners) and the participant insert
 * relies on the (match_id, user_id) primary key against a double join; any failure rolls both back.
 */
export async function joinMatch(deps: Deps, actor: SessionUser, id: number): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await matchForPlayer(tx, actor, id);
    if (match.createdBy === actor.id) throw badRequest(MSG.match.ownMatch);
    if (match.isIn) throw conflict(MSG.match.alreadyJoined);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    const taken = await tx
      .update(matches)
      .set({ missingPlayers: sql`${matches.missingPlayers} - 1`, updatedAt: sql`now()` })
      .where(and(eq(matches.id, id), sql`${matches.missingPlayers} > 0`))
      .returning({ id: matches.id });
    if (taken.length === 0) throw conflict(MSG.match.full);
    const inserted = await tx
      .insert(matchParticipants)
      .values({ matchId: id, userId: actor.id, joinedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ userId: matchParticipants.userId });
    if (inserted.length === 0) throw conflict(MSG.match.alreadyJoined);
    await tx.delete(matchWaitlist).where(and(eq(matchWaitlist.matchId, id), eq(matchWaitlist.userId, actor.id)));
    await tellCreator(tx, deps, actor, id, 'joined');
  });
  deps.metrics.joins.inc();
  return { success: true, message: MSG.match.joined, match: await getMatch(deps, id) };
}

/** Tells the creator, through the outbox, that the actor joined or left their match. */
async function tellCreator(tx: DbOrTx, deps: Deps, actor: SessionUser, id: number, event: 'joined' | 'left') {
  const match = await matchInfo(tx, id);
  if (match) await notifyMatch(tx, deps, event, match, [match.createdBy], actor.name);
}

/**
 * Leaves a match one has joined (beyond the spec: players expect it) and frees the place, in one
 * transaction: the participant row is deleted and, only if it existed, the place goes to the first
 * player of the waiting list, or back to the free places. A finished match keeps its players.
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
    await tellCreator(tx, deps, actor, id, 'left');
    await freePlaceAndPromote(tx, deps, id);
  });
  return { success: true, message: MSG.match.left, match: await getMatch(deps, id) };
}

/**
 * Gives back the places a user took in other players' matches, each to the first waiting player
 * if any (see `freePlaceAndPromote`), then forgets those participations. Called inside the
 * caller's transaction before a user is deleted: the participant rows would go by FK cascade
 * anyway, but the places would stay taken. Matches are handled in id order, so two deletions
 * never lock them in opposite orders. Answers how many matches got a place back.
 */
export async function removeUserFromMatches(tx: DbOrTx, deps: NotifyDeps, userId: number): Promise<number> {
  const removed = await tx
    .delete(matchParticipants)
    .where(eq(matchParticipants.userId, userId))
    .returning({ matchId: matchParticipants.matchId });
  const ids = removed.map((r) => r.matchId).sort((a, b) => a - b);
  for (const id of ids) await freePlaceAndPromote(tx, deps, id);
  return ids.length;
}
