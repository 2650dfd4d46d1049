import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { isFinished } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants, matchWaitlist } from '../../../db/schema';
import { announceMatchChange } from '../events/announce';
import { recordEvent, recordEvents, type SeatVia } from '../events/log';
import { scheduleReminder, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo } from '../notifications/match-info';
import { genderRefusal, type GenderRefusal } from './gender';

export type SeatOutcome = 'taken' | 'full' | 'already' | GenderRefusal;

/** Takes one free place of the match, if `extra` holds too; answers whether it did. */
async function takePlace(tx: DbOrTx, matchId: number, extra?: SQL) {
  const taken = await tx
    .update(matches)
    .set({ missingPlayers: sql`${matches.missingPlayers} - 1` })
    .where(and(eq(matches.id, matchId), sql`${matches.missingPlayers} > 0`, extra))
    .returning({ id: matches.id });
  return taken.length > 0;
}

/**
 * THE way a player takes a seat, whatever the path (a join, a waiting-list promotion, an accepted
 * request, a poll's « oui »), in the caller's transaction: a conditional `UPDATE … SET
 * missing_players = missing_players - 1 WHERE missing_players > 0` takes the place (PostgreSQL
 * re-checks the condition after waiting for the row, so 50 simultaneous joins on 3 places give
 * exactly 3 winners), the (match_id, user_id) primary key refuses a second seat to the same player,
 * and the player's waiting-list row goes once they are in. A match with a gender rule is locked
 * first and the rule read in the next statement, which sees every seat committed before the lock
 * (`genderRefusal`). On `full` or a refusal nothing was written; on `already` the place was taken
 * and the caller must throw to roll it back. What follows is `seatsTaken`'s.
 */
export async function takeSeat(
  tx: DbOrTx,
  deps: Pick<NotifyDeps, 'clock'>,
  matchId: number,
  userId: number,
): Promise<SeatOutcome> {
  // Most matches are open to all: one statement takes the place.
  if (!(await takePlace(tx, matchId, sql`${matches.gender} = 'ouvert'`))) {
    const [match] = await tx
      .select({
        id: matches.id,
        gender: matches.gender,
        slots: matches.slots,
        missingPlayers: matches.missingPlayers,
      })
      .from(matches)
      .where(eq(matches.id, matchId))
      .for('update');
    // A full match is « Match complet » whatever the rule (a mixed one's « places for women »
    // would send a woman to a match with none left).
    if (!match || match.gender === 'ouvert' || match.missingPlayers <= 0) return 'full';
    const refused = await genderRefusal(tx, match, userId);
    if (refused) return refused;
    if (!(await takePlace(tx, matchId))) return 'full';
  }
  const seated = await tx
    .insert(matchParticipants)
    .values({ matchId, userId, joinedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ userId: matchParticipants.userId });
  if (seated.length === 0) return 'already';
  await tx
    .delete(matchWaitlist)
    .where(and(eq(matchWaitlist.matchId, matchId), eq(matchWaitlist.userId, userId)));
  return 'taken';
}

/**
 * One more seat in a full match, for a player about to take it (an evening's organiser seating a
 * late arrival): `slots` and `missing_players` grow together in one conditional UPDATE, never past
 * `max`; answers false at the cap. The seat is then taken by `takeSeat`, like any other.
 */
export async function addSeat(tx: DbOrTx, matchId: number, max: number): Promise<boolean> {
  const grown = await tx
    .update(matches)
    .set({
      slots: sql`${matches.slots} + 1`,
      missingPlayers: sql`${matches.missingPlayers} + 1`,
    })
    .where(and(eq(matches.id, matchId), sql`${matches.slots} < ${max}`))
    .returning({ id: matches.id });
  return grown.length > 0;
}

/** How a seat can be taken. */
export type SeatTakenVia = Extract<SeatVia, 'join' | 'promotion' | 'request' | 'poll'>;

/**
 * What follows seats taken, the same for every path: the log records `participant.joined` for each
 * (with how) and `match.filled` when no place is left, and open pages get the new state when the
 * transaction commits. The chat line, the notices and the webhooks are the log's consumers'.
 */
export async function seatsTaken(
  tx: DbOrTx,
  matchId: number,
  userIds: readonly number[],
  via: SeatTakenVia,
): Promise<void> {
  if (userIds.length === 0) return;
  const [left] = await tx
    .select({ missing: matches.missingPlayers })
    .from(matches)
    .where(eq(matches.id, matchId));
  await recordEvents(tx, [
    ...userIds.map((userId) => ({
      type: 'participant.joined' as const,
      matchId,
      userId,
      payload: { via },
    })),
    ...(left?.missing === 0 ? [{ type: 'match.filled' as const, matchId }] : []),
  ]);
  await announceMatchChange(tx, matchId, via === 'promotion' ? 'promoted' : 'joined');
}

/**
 * What follows a match's birth, whoever made it (the form, a group member, a weekly slot, a poll):
 * its reminder, the live event and `match.created` for integrators.
 */
export async function matchBorn(tx: DbOrTx, deps: NotifyDeps, matchId: number): Promise<void> {
  const info = await matchInfo(tx, matchId);
  if (info) await scheduleReminder(tx, deps, info);
  await announceMatchChange(tx, matchId, 'created');
  await recordEvent(tx, { type: 'match.created', matchId });
}

/**
 * Hands the free places of a match to its waiting list, first come first served, inside the
 * caller's transaction: for each, the head of the queue is taken (`FOR UPDATE SKIP LOCKED`) and
 * seated by `takeSeat`, the one seat rule (never below 0 free places, so never more players than
 * slots); what follows is `seatsTaken`'s (the log tells the promoted players and the creator).
 * Answers the promoted user ids.
 */
export async function promoteWaitlisted(
  tx: DbOrTx,
  deps: NotifyDeps,
  matchId: number,
): Promise<number[]> {
  const promoted: number[] = [];
  // Players a gender rule keeps out of the free seat (a « Mixte » match's man when a woman left)
  // stay in line for the next one.
  const passed: number[] = [];
  for (;;) {
    const [next] = await tx
      .select({ id: matchWaitlist.id, userId: matchWaitlist.userId })
      .from(matchWaitlist)
      .where(
        and(
          eq(matchWaitlist.matchId, matchId),
          passed.length === 0 ? undefined : notInArray(matchWaitlist.userId, passed),
        ),
      )
      .orderBy(asc(matchWaitlist.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) break;
    // A waiting player is never seated already (a seat removes their row): `already` cannot come.
    const seat = await takeSeat(tx, deps, matchId, next.userId);
    if (seat === 'taken') promoted.push(next.userId);
    else if (typeof seat === 'object') passed.push(next.userId);
    else break;
  }
  await seatsTaken(tx, matchId, promoted, 'promotion');
  return promoted;
}

/**
 * THE way a place comes back to a match: call it in the transaction that has just removed a
 * participant row (a player leaves, an account is deleted). It gives the place back (never above
 * the slots) and, if the match has not started, hands it at once to the first waiting player.
 * Answers the promoted user ids.
 */
export async function freePlaceAndPromote(
  tx: DbOrTx,
  deps: NotifyDeps,
  matchId: number,
): Promise<number[]> {
  const [match] = await tx
    .update(matches)
    .set({ missingPlayers: sql`${matches.missingPlayers} + 1`, updatedAt: sql`now()` })
    .where(and(eq(matches.id, matchId), sql`${matches.missingPlayers} < ${matches.slots}`))
    .returning({ date: matches.date, time: matches.time });
  if (!match || isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE)) return [];
  return promoteWaitlisted(tx, deps, matchId);
}

/**
 * What follows a seat freed, the same for every path (a leave, an organiser's removal, a reserved
 * seat released, an erased account): the place goes back or to the first waiting player
 * (`freePlaceAndPromote`), the log records `participant.left` (with how, and the organiser's
 * `reason` for a removal) or `guest.released` for a reserved seat, and open pages get the new
 * state when the transaction commits. Call it in the transaction that removed the seat's row.
 */
export async function seatFreed(
  tx: DbOrTx,
  deps: NotifyDeps,
  matchId: number,
  freed:
    | { userId: number; via: Extract<SeatVia, 'leave' | 'erasure'> }
    | { userId: number; via: 'removal'; reason: string | null }
    | { via: 'reserved' },
): Promise<void> {
  await recordEvent(
    tx,
    freed.via === 'reserved'
      ? { type: 'guest.released', matchId }
      : {
          type: 'participant.left',
          matchId,
          userId: freed.userId,
          payload:
            freed.via === 'removal' ? { via: freed.via, reason: freed.reason } : { via: freed.via },
        },
  );
  await freePlaceAndPromote(tx, deps, matchId);
  await announceMatchChange(tx, matchId, 'left');
}
