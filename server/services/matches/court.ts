import { and, eq } from 'drizzle-orm';
import { COST_TEXT, COURT_TEXT } from '../../../common/messages-court';
import type { TCourtInput, TPaymentInput } from '../../../common/schemas/court';
import type { TMatchDetail } from '../../../common/schemas/matches';
import type { DbOrTx } from '../../../db/client';
import { matchCourts, matchParticipants, matchPayments } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { getMatchDetail } from './detail';
import { matchForPlayer } from './player-match';
import { assertCanReach } from './room';

export interface CourtAnswer {
  message: string;
  match: TMatchDetail;
}

/**
 * The match, locked, for one of its players (organiser included): a stranger to a private match
 * gets its 404, anyone else who does not play in it the French 403 `refusal`.
 */
async function lockForPlayer(tx: DbOrTx, actor: SessionUser, id: number, refusal: string) {
  const match = await matchForPlayer(tx, actor, id, true);
  if (match.createdBy === actor.id || match.isIn) return match;
  await assertCanReach(tx, actor, id, match, null);
  throw forbidden(refusal);
}

/**
 * « J'ai réservé le terrain » (or its undo), by any player of the match: one mark per match (its
 * key settles two players marking at once), `court.booked` / `court.unbooked` for the chat line,
 * and open pages refreshed. Marking twice changes nothing.
 */
export async function setCourt(
  deps: Deps,
  actor: SessionUser,
  { id, booked }: TCourtInput,
): Promise<CourtAnswer> {
  await deps.db.transaction(async (tx) => {
    await lockForPlayer(tx, actor, id, COURT_TEXT.playersOnly);
    const changed = booked
      ? await tx
          .insert(matchCourts)
          .values({ matchId: id, bookedBy: actor.id, bookedAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ id: matchCourts.matchId })
      : await tx
          .delete(matchCourts)
          .where(eq(matchCourts.matchId, id))
          .returning({ id: matchCourts.matchId });
    if (changed.length === 0) return;
    await recordEvent(tx, {
      type: booked ? 'court.booked' : 'court.unbooked',
      matchId: id,
      userId: actor.id,
    });
    await announceMatchChange(tx, id, 'changed');
  });
  return {
    message: booked ? COURT_TEXT.booked : COURT_TEXT.unbooked,
    match: await getMatchDetail(deps, actor, id),
  };
}

/**
 * A court mark that no longer holds once the match moves (place, date or time), in the edit's
 * transaction; answers whether there was one (the players are told).
 */
export async function clearCourt(tx: DbOrTx, matchId: number): Promise<boolean> {
  const cleared = await tx
    .delete(matchCourts)
    .where(eq(matchCourts.matchId, matchId))
    .returning({ id: matchCourts.matchId });
  return cleared.length > 0;
}

/**
 * « J'ai payé ma part » by the player, or « payé » ticked by the organiser (paid cash): recorded,
 * never charged. Only for a player of the match, once a price is given; the key makes it one row.
 */
export async function setPayment(
  deps: Deps,
  actor: SessionUser,
  { id, userId, paid }: TPaymentInput,
): Promise<CourtAnswer> {
  await deps.db.transaction(async (tx) => {
    const match = await lockForPlayer(tx, actor, id, COST_TEXT.playersOnly);
    if (actor.id !== userId && match.createdBy !== actor.id)
      throw forbidden(COST_TEXT.selfOrOrganiser);
    if (!(await playsIn(tx, id, userId, match.createdBy))) throw badRequest(COST_TEXT.notAPlayer);
    if (match.priceCents === null) throw badRequest(COST_TEXT.noPriceYet);
    const changed = paid
      ? await tx
          .insert(matchPayments)
          .values({ matchId: id, userId, markedBy: actor.id, paidAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ id: matchPayments.userId })
      : await tx
          .delete(matchPayments)
          .where(and(eq(matchPayments.matchId, id), eq(matchPayments.userId, userId)))
          .returning({ id: matchPayments.userId });
    if (changed.length > 0) await announceMatchChange(tx, id, 'changed');
  });
  return {
    message: paid ? COST_TEXT.savedPaid : COST_TEXT.savedUnpaid,
    match: await getMatchDetail(deps, actor, id),
  };
}

async function playsIn(tx: DbOrTx, matchId: number, userId: number, organiser: number) {
  if (userId === organiser) return true;
  const [row] = await tx
    .select({ userId: matchParticipants.userId })
    .from(matchParticipants)
    .where(and(eq(matchParticipants.matchId, matchId), eq(matchParticipants.userId, userId)));
  return row !== undefined;
}
