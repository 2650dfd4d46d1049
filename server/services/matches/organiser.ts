import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import type { TMatchResult, TRemoveParticipantInput } from '../../../common/schemas/matches';
import { matchGuests, matchParticipants, matchRemovals } from '../../../db/schema';
import type { TReleaseGuestInput } from '../../../common/schemas/room';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict } from '../../lib/errors';
import { lockOwnMatch } from './mutations';
import { getMatch } from './queries';
import { seatFreed } from './seats';

/**
 * The organiser takes a participant out of their match, in ONE transaction: the match row is locked
 * (joins and edits wait), the participant row is deleted only if it is still there (so two removals,
 * or a removal racing the player's own leave, free the place once), the removed player is told
 * through the outbox with the organiser's reason and the removal is kept so their match page can say
 * it (rather than silently offering to join again), and the place goes to the first waiting player
 * (`freePlaceAndPromote`), as when someone leaves. Organiser only: admins do not manage other
 * players' matches (403, as for editing). A finished match keeps its players (400, as for leaving).
 */
export async function removeParticipant(
  deps: Deps,
  actor: SessionUser,
  { id, userId, reason }: TRemoveParticipantInput,
): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await lockOwnMatch(tx, actor, id, MSG.match.removeOrganiserOnly);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, userId)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw conflict(MSG.match.removeNotParticipant);
    const removal = { reason: reason ?? null, removedAt: deps.clock.now() };
    await tx
      .insert(matchRemovals)
      .values({ matchId: id, userId, ...removal })
      .onConflictDoUpdate({ target: [matchRemovals.matchId, matchRemovals.userId], set: removal });
    await seatFreed(tx, deps, id, { userId, via: 'removal', reason: reason ?? null });
  });
  return { success: true, message: MSG.match.removed, match: await getMatch(deps, id) };
}

/**
 * The organiser releases a reserved seat, in ONE transaction like a removal: the match row is
 * locked, the guest row is deleted only if it is still there (two clicks free one place), and the
 * place goes to the first waiting player or back to the free places (`freePlaceAndPromote`).
 */
export async function releaseGuest(
  deps: Deps,
  actor: SessionUser,
  { id, guestId }: TReleaseGuestInput,
): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await lockOwnMatch(tx, actor, id, MSG.room.releaseOrganiserOnly);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const released = await tx
      .delete(matchGuests)
      .where(and(eq(matchGuests.matchId, id), eq(matchGuests.id, guestId)))
      .returning({ id: matchGuests.id });
    if (released.length === 0) throw conflict(MSG.room.guestNotFound);
    await seatFreed(tx, deps, id, { via: 'reserved' });
  });
  return { success: true, message: MSG.room.released, match: await getMatch(deps, id) };
}
