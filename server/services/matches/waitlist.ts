import { and, eq, lte, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import { outsideLevels } from '../../../common/match-rules';
import { isFinished } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { matchWaitlist } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { TMyWaitlist, TWaitlistResult } from '../../../common/schemas/waitlist';
import { announceMatchChange } from '../events/announce';
import { queueRefusal } from './gender';
import { matchForPlayer } from './player-match';
import { assertCanReach } from './room';

/** A player's place in a match's queue (1 = next to play), counted under the caller's transaction. */
async function positionOf(tx: DbOrTx, matchId: number, waitlistId: number): Promise<number> {
  return tx.$count(
    matchWaitlist,
    and(eq(matchWaitlist.matchId, matchId), lte(matchWaitlist.id, waitlistId)),
  );
}

/**
 * Puts the player on a full match's waiting list and answers their position. Refused on one's own
 * match, a match one plays in, a finished match, twice, and while places are free (join instead).
 * The match row is locked first, like every change that frees a place, so a place freed at the
 * same moment is either seen here (refused: join it) or handed to the queue after this insert.
 */
export async function joinWaitlist(
  deps: Deps,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TWaitlistResult> {
  const position = await deps.db.transaction(async (tx) => {
    const match = await matchForPlayer(tx, actor, id, true);
    await assertCanReach(tx, actor, id, match, token);
    if (match.isEvening) throw badRequest(EVENING_TEXT.joinFromEvening);
    if (match.createdBy === actor.id) throw badRequest(MSG.waitlist.ownMatch);
    if (match.isIn) throw conflict(MSG.waitlist.alreadyPlaying);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    if (match.missingPlayers > 0) throw conflict(MSG.waitlist.notFull);
    // A player of another level asks the organiser (a full match's accepted request leads here).
    if (outsideLevels({ levels: match.levels, open_levels: match.openLevels }, actor.level))
      throw forbidden(MSG.waitlist.outsideLevels(match.levels));
    const refused = await queueRefusal(tx, { ...match, id }, actor.id);
    if (refused) throw badRequest(refused.message);
    return queuePlayer(tx, deps, id, actor.id);
  });
  return { success: true, message: MSG.waitlist.joined(position), position };
}

/**
 * THE way a player joins a waiting list (a match's or an evening's), in the caller's transaction,
 * which holds the match row: the (match, player) key refuses a second row; answers the position.
 */
export async function queuePlayer(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  matchId: number,
  userId: number,
): Promise<number> {
  const [row] = await tx
    .insert(matchWaitlist)
    .values({ matchId, userId, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: matchWaitlist.id });
  if (!row) throw conflict(MSG.waitlist.already);
  await announceMatchChange(tx, matchId, 'waitlist');
  return positionOf(tx, matchId, row.id);
}

/** The player's place on one match's waiting list, or null when they are not on it. */
export async function waitlistPositionOf(
  db: DbOrTx,
  matchId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: matchWaitlist.id })
    .from(matchWaitlist)
    .where(and(eq(matchWaitlist.matchId, matchId), eq(matchWaitlist.userId, userId)));
  return row ? positionOf(db, matchId, row.id) : null;
}

/** Leaves a match's waiting list (the players behind move up). */
export async function leaveWaitlist(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(matchWaitlist)
      .where(and(eq(matchWaitlist.matchId, id), eq(matchWaitlist.userId, actor.id)))
      .returning({ id: matchWaitlist.id });
    if (removed.length === 0) throw conflict(MSG.waitlist.notWaiting);
    // The players behind move up: their pages show a new position.
    await announceMatchChange(tx, id, 'waitlist');
  });
  return { success: true, message: MSG.waitlist.left };
}

/** The player's positions on every waiting list they are on (one query for the whole client). */
export async function listMyWaitlist(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
): Promise<TMyWaitlist> {
  const mine = deps.db
    .select({ matchId: matchWaitlist.matchId })
    .from(matchWaitlist)
    .where(eq(matchWaitlist.userId, actor.id));
  const rows = await deps.db
    .select({
      match_id: matchWaitlist.matchId,
      user_id: matchWaitlist.userId,
      position: sql<number>`(row_number() over (partition by ${matchWaitlist.matchId} order by ${matchWaitlist.id}))::int`,
      waiting: sql<number>`(count(*) over (partition by ${matchWaitlist.matchId}))::int`,
    })
    .from(matchWaitlist)
    .where(sql`${matchWaitlist.matchId} in ${mine}`);
  return rows
    .filter((r) => r.user_id === actor.id)
    .map(({ match_id, position, waiting }) => ({ match_id, position, waiting }));
}
