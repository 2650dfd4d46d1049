import { and, eq, sql } from 'drizzle-orm';
import { checkEveningScore } from '../../../common/evenings';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import type { TEveningAnswer, TEveningScoreInput } from '../../../common/schemas/evenings';
import { eveningGames } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { pageAfter, reachableEvening } from './read';

const same = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a[0] === b[0] && a[1] === b[1]);

/**
 * A score entered for a game: by one of its four players while its round is the current one, or by
 * the organiser until the evening is finished (to fix one). The write is a compare-and-set on the
 * score the player saw (`previous`, none by default), so when both teams enter different scores at
 * once one wins and the other gets a 409 naming the stored score; entering the stored score again
 * is not a conflict. Open pages get it when the transaction commits.
 */
export async function enterScore(
  deps: Deps,
  actor: SessionUser,
  { id, gameId, score, previous = null }: TEveningScoreInput,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await reachableEvening(tx, actor, id, null, true);
    const [game] = await tx
      .select()
      .from(eveningGames)
      .where(and(eq(eveningGames.id, gameId), eq(eveningGames.matchId, id)));
    if (!game) throw notFound(EVENING_TEXT.gameNotFound);
    if (row.e.status === 'finished') throw badRequest(EVENING_TEXT.finished);
    const organiser = row.createdBy === actor.id;
    if (!organiser && ![...game.teamA, ...game.teamB].includes(actor.id))
      throw forbidden(EVENING_TEXT.notYourGame);
    if (!organiser && game.round !== row.e.currentRound) throw badRequest(EVENING_TEXT.roundClosed);
    const wrong = checkEveningScore(score, row.e.pointsPerGame, row.e.format);
    if (wrong) throw badRequest(wrong);
    const [a, b] = score;
    const written = await tx
      .update(eveningGames)
      .set({
        scoreA: a,
        scoreB: b,
        scoredBy: actor.id,
        scoredAt: deps.clock.now(),
        version: sql`${eveningGames.version} + 1`,
      })
      .where(
        and(
          eq(eveningGames.id, gameId),
          sql`${eveningGames.scoreA} is not distinct from ${previous?.[0] ?? null}::int`,
          sql`${eveningGames.scoreB} is not distinct from ${previous?.[1] ?? null}::int`,
        ),
      )
      .returning({ id: eveningGames.id });
    if (written.length === 0) {
      const stored =
        game.scoreA === null || game.scoreB === null ? null : [game.scoreA, game.scoreB];
      if (same(stored, score)) return;
      if (stored) throw conflict(EVENING_TEXT.scoreTaken(stored[0]!, stored[1]!));
      throw conflict(EVENING_TEXT.roundMoved);
    }
    await announceMatchChange(tx, id, 'changed');
  });
  return { message: EVENING_TEXT.scoreSaved, evening: await pageAfter(deps, actor, id) };
}
