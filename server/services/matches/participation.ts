import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { computed, cte, jsonObject, placeholders } from '../../../db/statement';
import { evenings, matches, matchParticipants } from '../../../db/schema';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TMatchResult } from '../../../common/schemas/matches';
import type { NotifyDeps } from '../notifications/enqueue';
import { matchInfo, startOf } from '../notifications/match-info';
import { recordLeave } from './leaves';
import { matchForPlayer } from './player-match';
import { getMatch, matchCardIn } from './queries';
import { assertCanReach } from './room';
import { seatFreed, seatsTaken, takeSeat } from './seats';

type JoinValues = { id: number; actorId: number };
const v = placeholders<JoinValues>();

/** The match as the join's checks read it, and whether the player is in it already. */
const joinMatchRow = cte(
  'm',
  {
    createdBy: matches.createdBy,
    date: computed<string>('date'),
    time: computed<string>('time'),
    visibility: matches.visibility,
    shareToken: matches.shareToken,
    isIn: computed<boolean>('is_in'),
    isEvening: computed<boolean>('is_evening'),
  },
  sql`select ${matches.createdBy}, ${matches.date}::text as date, ${matches.time}::text as time,
               ${matches.visibility}, ${matches.shareToken},
               exists (select 1 from ${matchParticipants}
                        where ${matchParticipants.matchId} = ${matches.id}
                          and ${matchParticipants.userId} = ${v('actorId')}) as is_in,
               exists (select 1 from ${evenings} where ${evenings.matchId} = ${matches.id}) as is_evening
          from ${matches}
         where ${matches.id} = ${v('id')}`,
);

/** What the join's checks read, as one JSON object. */
const joinAnswer = jsonObject(joinMatchRow._.selectedFields);

/** The match and whether the player is in it, in one read. */
const readJoinRow = (tx: DbOrTx, values: JoinValues) =>
  tx
    .with(joinMatchRow)
    .select({ row: joinAnswer.as('row') })
    .from(joinMatchRow)
    .prepare('join_row')
    .execute(values);

/**
 * Joins a match: not one's own, not a finished one, not twice, not when full; the seat is taken by
 * `takeSeat` (the one seat rule) and what follows is `seatsTaken`'s (the creator's notice among
 * the log's consumers), in the same transaction. Any refusal throws, which rolls the place back.
 */
export async function joinMatch(
  deps: Deps,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TMatchResult> {
  const now = deps.clock.now();
  const match = await deps.db.transaction(async (tx) => {
    const [answer] = await readJoinRow(tx, { id, actorId: actor.id });
    const row = answer?.row;
    if (!row) throw notFound(MSG.match.notFound);
    // A private match is joined through its link.
    if (row.visibility === 'private') await assertCanReach(tx, actor, id, row, token);
    if (row.isEvening) throw badRequest(EVENING_TEXT.joinFromEvening);
    if (row.createdBy === actor.id) throw badRequest(MSG.match.ownMatch);
    if (row.isIn) throw conflict(MSG.match.alreadyJoined);
    if (isFinished(row, now, deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    const seat = await takeSeat(tx, deps, id, actor.id);
    if (seat === 'full') throw conflict(MSG.match.full);
    if (seat === 'already') throw conflict(MSG.match.alreadyJoined);
    // The client asks a player who never said their gender, then joins again.
    if (typeof seat === 'object') throw badRequest(seat.message);
    await seatsTaken(tx, id, [actor.id], 'join');
    const card = await matchCardIn(tx, id);
    if (!card) throw notFound(MSG.match.notFound);
    return card;
  });
  deps.metrics.joins.inc();
  return { success: true, message: MSG.match.joined, match };
}

/**
 * Leaves a match one has joined (beyond the spec: players expect it) and frees the place, in one
 * transaction: the participant row is deleted and, only if it existed, the place goes to the first
 * player of the waiting list, or back to the free places. A finished match keeps its players.
 */
export async function leaveMatch(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await matchForPlayer(tx, actor, id);
    if (!match.isIn) {
      // A private match is not confirmed to who has no standing in it: the 404 of an unknown one.
      await assertCanReach(tx, actor, id, match, null);
      throw conflict(MSG.match.notJoined);
    }
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw conflict(MSG.match.notJoined);
    const info = await matchInfo(tx, id);
    // Reliability counts a leave under 24 h before the start half an absence.
    if (info) await recordLeave(tx, id, actor.id, startOf(info, deps.env), deps.clock.now());
    await seatFreed(tx, deps, id, { userId: actor.id, via: 'leave' });
  });
  return { success: true, message: MSG.match.left, match: await getMatch(deps, id) };
}

/**
 * Gives back the places a user took in other players' matches, each to the first waiting player
 * if any (see `freePlaceAndPromote`), then forgets those participations. Called inside the
 * caller's transaction before a user is deleted: the participant rows would go by FK cascade
 * anyway, but the places would stay taken. The organiser of each upcoming match is told, as for
 * any leave, but the player is not named: their account (and so their name) is being erased.
 * Matches are handled in id order, so two deletions never lock them in opposite orders. Answers
 * how many matches got a place back.
 */
export async function removeUserFromMatches(
  tx: DbOrTx,
  deps: NotifyDeps,
  userId: number,
): Promise<number> {
  const removed = await tx
    .delete(matchParticipants)
    .where(eq(matchParticipants.userId, userId))
    .returning({ matchId: matchParticipants.matchId });
  const ids = removed.map((r) => r.matchId).sort((a, b) => a - b);
  for (const id of ids) await seatFreed(tx, deps, id, { userId, via: 'erasure' });
  return ids.length;
}
