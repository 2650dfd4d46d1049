import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import type {
  TAnswerRequestInput,
  TRequestInput,
  TRequestResult,
} from '../../../common/schemas/room';
import type { DbOrTx } from '../../../db/client';
import { matchParticipants, matchRequests, matchWaitlist } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { lockOwnMatch } from './mutations';
import { lockReachableMatch } from './room';
import { queueRefusal } from './gender';
import { seatsTaken, takeSeat } from './seats';

/**
 * Requests to join a match from players outside its levels (issue 25). Every step locks the match
 * row first, so a request, its answer, a join and a leave on the same match happen one after the
 * other; the place itself is taken with the same conditional UPDATE as a join.
 */

/**
 * A player whose level is not among the match's asks its organiser to let them in. Refused on
 * one's own match, a match one plays in, a started or full match, a match open to all levels or
 * whose levels include the player's (join instead), and while a request is already pending (the
 * unique partial index settles two requests sent at once).
 */
export async function createRequest(
  deps: Deps,
  actor: SessionUser,
  { id, message, token }: TRequestInput,
): Promise<TRequestResult> {
  await deps.db.transaction(async (tx) => {
    const m = await lockReachableMatch(tx, actor, id, token);
    if (m.createdBy === actor.id) throw badRequest(MSG.room.requestOwnMatch);
    if (m.isIn) throw conflict(MSG.room.requestAlreadyIn);
    if (isFinished(m, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    if (m.openLevels) throw badRequest(MSG.room.requestOpenLevels);
    if (actor.level && m.levels.includes(actor.level)) throw badRequest(MSG.room.requestInRange);
    if (m.missingPlayers <= 0) throw conflict(MSG.room.requestFull);
    const refused = await queueRefusal(tx, { ...m, id }, actor.id);
    if (refused) throw badRequest(refused.message);
    const [row] = await tx
      .insert(matchRequests)
      .values({ matchId: id, userId: actor.id, message: message ?? null })
      .onConflictDoNothing()
      .returning({ id: matchRequests.id });
    if (!row) throw conflict(MSG.room.requestAlready);
    await recordEvent(tx, { type: 'request.sent', matchId: id, userId: actor.id });
    await announceMatchChange(tx, id, 'changed');
  });
  return { success: true, message: MSG.room.requestSent, outcome: 'sent' };
}

/** The player's latest request on the match, locked, if it can still be answered. */
async function answerableRequest(tx: DbOrTx, matchId: number, userId: number) {
  const [row] = await tx
    .select({ id: matchRequests.id, status: matchRequests.status })
    .from(matchRequests)
    .where(and(eq(matchRequests.matchId, matchId), eq(matchRequests.userId, userId)))
    .orderBy(desc(matchRequests.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The organiser lets the player in, in ONE transaction under the match row lock: the player is
 * seated by `takeSeat`, the one seat rule, with what follows a seat (`seatsTaken`); with no place left they go to the waiting list instead, and are told which. A request
 * that expired because the match filled can still be accepted (the organiser answered a page that
 * showed it): it leads to the waiting list. Declined or accepted ones cannot (409).
 */
export async function acceptRequest(
  deps: Deps,
  actor: SessionUser,
  { id, userId }: TAnswerRequestInput,
): Promise<TRequestResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const match = await lockOwnMatch(tx, actor, id, MSG.room.requestOrganiserOnly);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const request = await answerableRequest(tx, id, userId);
    if (!request || (request.status !== 'pending' && request.status !== 'expired'))
      throw conflict(MSG.room.requestNotPending);
    await tx
      .update(matchRequests)
      .set({ status: 'accepted', answeredAt: sql`now()` })
      .where(eq(matchRequests.id, request.id));
    // Under the match row lock: a player already in is neither seated again nor put on the list.
    const [playing] = await tx
      .select({ userId: matchParticipants.userId })
      .from(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, userId)));
    if (playing) throw conflict(MSG.room.requestAlreadyIn);
    const seat = await takeSeat(tx, deps, id, userId);
    // A « Mixte » match whose seats left are for the other gender: the organiser is told why.
    if (typeof seat === 'object') throw badRequest(seat.message);
    if (seat === 'taken') {
      await seatsTaken(tx, id, [userId], 'request');
      return 'joined' as const;
    }
    await tx
      .insert(matchWaitlist)
      .values({ matchId: id, userId, createdAt: deps.clock.now() })
      .onConflictDoNothing();
    await requestAnswered(tx, actor, id, userId, 'waitlist');
    await announceMatchChange(tx, id, 'waitlist');
    return 'waitlist' as const;
  });
  return {
    success: true,
    message: outcome === 'joined' ? MSG.room.acceptedJoined : MSG.room.acceptedWaitlist,
    outcome,
  };
}

/** The organiser's answer other than a seat, for the player's notice (the log's consumers). */
const requestAnswered = (
  tx: DbOrTx,
  actor: SessionUser,
  matchId: number,
  userId: number,
  answer: 'waitlist' | 'declined',
) =>
  recordEvent(tx, {
    type: 'request.answered',
    matchId,
    userId,
    actorId: actor.id,
    payload: { answer },
  });

/** The organiser says no: the pending request is closed and the player told. */
export async function declineRequest(
  deps: Deps,
  actor: SessionUser,
  { id, userId }: TAnswerRequestInput,
): Promise<TRequestResult> {
  await deps.db.transaction(async (tx) => {
    await lockOwnMatch(tx, actor, id, MSG.room.requestOrganiserOnly);
    const declined = await tx
      .update(matchRequests)
      .set({ status: 'declined', answeredAt: sql`now()` })
      .where(
        and(
          eq(matchRequests.matchId, id),
          eq(matchRequests.userId, userId),
          eq(matchRequests.status, 'pending'),
        ),
      )
      .returning({ id: matchRequests.id });
    if (declined.length === 0) throw conflict(MSG.room.requestNotPending);
    await requestAnswered(tx, actor, id, userId, 'declined');
    await announceMatchChange(tx, id, 'changed');
  });
  return { success: true, message: MSG.room.declined, outcome: 'declined' };
}
