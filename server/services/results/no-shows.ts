import { and, eq, inArray } from 'drizzle-orm';
import { RESULT_MSG } from '../../../common/results';
import type { TNoShowInput } from '../../../common/schemas/results';
import { noShows } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { startOf } from '../notifications/match-info';
import { refusal } from '../matches/room';
import { lockMatch, matchAndPlayers } from './results';

/** The organiser may declare an absent player until this long after the start. */
export const NO_SHOW_WINDOW_MS = 48 * 3_600_000;

type NoShowStatus = (typeof noShows.$inferSelect)['status'];
const answer = (matchId: number, userId: number, status: NoShowStatus, message: string) => ({
  success: true as const,
  message,
  match_id: matchId,
  user_id: userId,
  status,
});

/** Whether `now` is between the start of the match and 48 h after it. */
export const inNoShowWindow = (start: Date, now: Date) =>
  now >= start && now.getTime() - start.getTime() <= NO_SHOW_WINDOW_MS;

/**
 * The organiser declares a participant absent (`POST /api/matches/{id}/no-show/{userId}`): from the
 * start to 48 h after it, a participant of the match (not the organiser). Once per player and
 * match (primary key; a second call is a 409). The player is told through the outbox and may
 * contest; an absence weighs on their reliability.
 */
export async function markNoShow(deps: Deps, actor: SessionUser, input: TNoShowInput) {
  await deps.db.transaction(async (tx) => {
    // The players checked below cannot change before this absence commits; the same lock as a
    // result's, in the same order, so an absence and a result written at once queue, never deadlock.
    await lockMatch(tx, input.id);
    const { info, players } = await matchAndPlayers(tx, input.id);
    if (info.createdBy !== actor.id)
      throw await refusal(tx, input.id, actor.id, () => forbidden(RESULT_MSG.noShowOrganiserOnly));
    const start = startOf(info, deps.env);
    const now = deps.clock.now();
    if (now < start) throw badRequest(RESULT_MSG.noShowTooEarly);
    if (!inNoShowWindow(start, now)) throw badRequest(RESULT_MSG.noShowTooLate);
    if (input.userId === info.createdBy || !players.includes(input.userId))
      throw badRequest(RESULT_MSG.noShowNotParticipant);
    const [row] = await tx
      .insert(noShows)
      .values({ matchId: input.id, userId: input.userId, markedBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(RESULT_MSG.noShowAlready);
    await recordEvent(tx, {
      type: 'noshow.reported',
      matchId: input.id,
      userId: input.userId,
      actorId: actor.id,
    });
    await announceMatchChange(tx, input.id, 'changed');
  });
  return answer(input.id, input.userId, 'absent', RESULT_MSG.noShowMarked);
}

/**
 * Moves one absence from `from` by a conditional UPDATE (two answers at once: one 409) and shows
 * it live on the match page. The match's lock comes first, as in `markNoShow`, so the two take
 * their locks in one order and never deadlock.
 */
async function changeNoShow(
  deps: Deps,
  matchId: number,
  userId: number,
  from: NoShowStatus,
  set: Partial<Pick<typeof noShows.$inferInsert, 'status' | 'reason'>>,
  none: string,
) {
  await deps.db.transaction(async (tx) => {
    await lockMatch(tx, matchId);
    const [row] = await tx
      .update(noShows)
      .set(set)
      .where(
        and(eq(noShows.matchId, matchId), eq(noShows.userId, userId), eq(noShows.status, from)),
      )
      .returning({ userId: noShows.userId });
    if (!row) throw conflict(none);
    await announceMatchChange(tx, matchId, 'changed');
  });
}

/** The player declared absent contests it, with a reason: the admin decides. Once. */
export async function contestNoShow(
  deps: Deps,
  actor: SessionUser,
  input: { id: number; reason: string },
) {
  await changeNoShow(
    deps,
    input.id,
    actor.id,
    'absent',
    { status: 'contested', reason: input.reason },
    RESULT_MSG.noShowNone,
  );
  return answer(input.id, actor.id, 'contested', RESULT_MSG.noShowContested);
}

/** The admin upholds or cancels a contested absence (a cancelled one no longer counts). */
export async function decideNoShow(
  deps: Deps,
  input: TNoShowInput & { decision: 'upheld' | 'cancelled' },
) {
  await changeNoShow(
    deps,
    input.id,
    input.userId,
    'contested',
    { status: input.decision },
    RESULT_MSG.noShowNotContested,
  );
  return answer(input.id, input.userId, input.decision, RESULT_MSG.decided);
}

/** Statuses that count as an absence: contested ones count until an admin cancels them. */
export const COUNTED_ABSENT: NoShowStatus[] = ['absent', 'contested', 'upheld'];

export const absentIn = (deps: Pick<Deps, 'db'>, matchId: number) =>
  deps.db
    .select({ user_id: noShows.userId, status: noShows.status })
    .from(noShows)
    .where(and(eq(noShows.matchId, matchId), inArray(noShows.status, COUNTED_ABSENT)));
