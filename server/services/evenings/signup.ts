import { and, eq } from 'drizzle-orm';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import {
  EVENING_MAX_PLAYERS,
  type TEveningAnswer,
  type TEveningJoinAnswer,
} from '../../../common/schemas/evenings';
import type { Tx } from '../../../db/client';
import { evenings, matchParticipants, matchWaitlist } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { addSeat, seatFreed, seatsTaken, takeSeat } from '../matches/seats';
import { queuePlayer } from '../matches/waitlist';
import { eveningRow, pageAfter, reachableEvening, type EveningRow } from './read';

/**
 * Sign-ups are the evening's match seats: a sign-up takes a seat through the one seat rule, a full
 * evening queues the player on its waiting list, a freed seat goes to the first waiting player
 * (`seatFreed`), and the log tells who must hear of it. Each change locks the match row first, so
 * concurrent sign-ups are queued in the order they got the lock.
 */

/** The evening locked for a change, organiser only (the 404 for a stranger, 403 for a player). */
export async function lockOrganised(tx: Tx, actor: SessionUser, id: number): Promise<EveningRow> {
  const row = await reachableEvening(tx, actor, id, null, true);
  if (row.createdBy !== actor.id) throw forbidden(EVENING_TEXT.organiserOnly);
  return row;
}

const notFinished = (row: EveningRow) => {
  if (row.e.status === 'finished') throw badRequest(EVENING_TEXT.finished);
};

/**
 * Signs up: a seat if one is free, else the waiting list (answering the position). The access
 * checks run before any lock; the seat's conditional UPDATE (or, on a full evening, a row lock)
 * then holds the match row, under which the evening's state is read fresh: a finished evening or
 * closed sign-ups roll the seat back. Every change of an evening locks its match row first, so
 * what is read there is what the last one left.
 */
export async function joinEvening(
  deps: Deps,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TEveningJoinAnswer> {
  const position = await deps.db.transaction(async (tx) => {
    const row = await reachableEvening(tx, actor, id, token);
    if (row.isIn) throw conflict(EVENING_TEXT.alreadySignedUp);
    let seat = await takeSeat(tx, deps, id, actor.id);
    if (seat === 'already') throw conflict(EVENING_TEXT.alreadySignedUp);
    const state = await eveningRow(tx, id, seat === 'full');
    if (!state) throw conflict(EVENING_TEXT.notFound);
    notFinished(state);
    if (state.e.signupsClosed) throw badRequest(EVENING_TEXT.signupsClosed);
    // A seat freed between the two statements: now under the lock, take it.
    if (seat === 'full' && state.missingPlayers > 0) seat = await takeSeat(tx, deps, id, actor.id);
    if (seat === 'taken') {
      await seatsTaken(tx, id, [actor.id], 'join');
      return null;
    }
    return queuePlayer(tx, deps, id, actor.id);
  });
  return {
    message: position === null ? EVENING_TEXT.signedUp : EVENING_TEXT.waiting(position),
    waitlist_position: position,
    evening: await pageAfter(deps, actor, id),
  };
}

/** Leaves the evening (its seat goes to the first waiting player) or its waiting list. */
export async function leaveEvening(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TEveningAnswer> {
  const message = await deps.db.transaction(async (tx) => {
    const row = await reachableEvening(tx, actor, id, null, true);
    notFinished(row);
    const left = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)))
      .returning({ userId: matchParticipants.userId });
    if (left.length > 0) {
      await seatFreed(tx, deps, id, { userId: actor.id, via: 'leave' });
      return EVENING_TEXT.left;
    }
    const unqueued = await tx
      .delete(matchWaitlist)
      .where(and(eq(matchWaitlist.matchId, id), eq(matchWaitlist.userId, actor.id)))
      .returning({ id: matchWaitlist.id });
    if (unqueued.length === 0) throw conflict(EVENING_TEXT.notSignedUp);
    await announceMatchChange(tx, id, 'waitlist');
    return EVENING_TEXT.leftWaitlist;
  });
  return { message, evening: await pageAfter(deps, actor, id) };
}

/** The organiser closes or reopens sign-ups (the waiting list stays). */
export async function setSignupsClosed(
  deps: Deps,
  actor: SessionUser,
  id: number,
  closed: boolean,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    notFinished(row);
    await tx.update(evenings).set({ signupsClosed: closed }).where(eq(evenings.matchId, id));
    await announceMatchChange(tx, id, 'changed');
  });
  return {
    message: closed ? EVENING_TEXT.closed : EVENING_TEXT.reopened,
    evening: await pageAfter(deps, actor, id),
  };
}

/**
 * The organiser seats a player from the waiting list (a late arrival): the cap grows by one when
 * the evening is full (`addSeat`, never past 32), and the seat is taken by the one seat rule; the player
 * plays from the next round.
 */
export async function addPlayer(
  deps: Deps,
  actor: SessionUser,
  id: number,
  userId: number,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    notFinished(row);
    const [waiting] = await tx
      .select({ id: matchWaitlist.id })
      .from(matchWaitlist)
      .where(and(eq(matchWaitlist.matchId, id), eq(matchWaitlist.userId, userId)));
    if (!waiting) throw badRequest(EVENING_TEXT.notWaiting);
    if (row.missingPlayers === 0 && !(await addSeat(tx, id, EVENING_MAX_PLAYERS)))
      throw badRequest(EVENING_TEXT.capRange);
    if ((await takeSeat(tx, deps, id, userId)) !== 'taken')
      throw conflict(EVENING_TEXT.alreadySignedUp);
    await seatsTaken(tx, id, [userId], 'promotion');
  });
  return { message: EVENING_TEXT.added, evening: await pageAfter(deps, actor, id) };
}

/** The organiser takes a player out (a drop-out): past games stay, the next rounds adapt. */
export async function removePlayer(
  deps: Deps,
  actor: SessionUser,
  id: number,
  userId: number,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    notFinished(row);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, userId)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw badRequest(EVENING_TEXT.notPlayer);
    await seatFreed(tx, deps, id, { userId, via: 'removal', reason: null });
  });
  return { message: EVENING_TEXT.removed, evening: await pageAfter(deps, actor, id) };
}
