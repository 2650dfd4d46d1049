import { and, eq, gte, sql } from 'drizzle-orm';
import { FEEDBACK_TEXT, type TLevelVerdict } from '../../../common/messages-season';
import type { TLevelFeedbackInput } from '../../../common/schemas/leaderboard';
import type { DbOrTx } from '../../../db/client';
import { levelFeedback } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { refusal } from '../matches/room';
import { matchAndPlayers, readResult } from './results';

/** Different co-players whose word is needed before it weighs in a suggestion. */
export const FEEDBACK_MIN_JUDGES = 3;
/** Only recent words count: a level moves. */
const FEEDBACK_DAYS = 180;

/**
 * A co-player's word on a player's level (`POST /api/matches/{id}/level-feedback`): after a
 * confirmed result, by a player of it about another player of it, once (the key; a second word is
 * a French 409). Anonymous: no door reads a word back, only `peerLean` counts them.
 */
export async function giveLevelFeedback(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  { id, user_id: about, verdict }: TLevelFeedbackInput,
): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    const { players: seated } = await matchAndPlayers(tx, id);
    const result = await readResult(tx, id);
    const players = result?.teams.flat().filter((e): e is number => typeof e === 'number') ?? [];
    if (!seated.includes(actor.id) && !players.includes(actor.id))
      throw await refusal(tx, id, actor.id, () => forbidden(FEEDBACK_TEXT.notPlayer));
    if (result?.status !== 'confirmed') throw badRequest(FEEDBACK_TEXT.noResult);
    if (!players.includes(actor.id)) throw forbidden(FEEDBACK_TEXT.notPlayer);
    if (about === actor.id) throw badRequest(FEEDBACK_TEXT.self);
    if (!players.includes(about)) throw badRequest(FEEDBACK_TEXT.notCoPlayer);
    const [saved] = await tx
      .insert(levelFeedback)
      .values({
        matchId: id,
        fromUserId: actor.id,
        aboutUserId: about,
        verdict,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ at: levelFeedback.createdAt });
    if (!saved) throw conflict(FEEDBACK_TEXT.already);
  });
  return { success: true, message: FEEDBACK_TEXT.saved };
}

/**
 * Which way co-players lean on a player's level: +1 (higher) or −1 (lower) when at least
 * `FEEDBACK_MIN_JUDGES` different ones spoke in the last 180 days and half the words or more
 * point that way beyond the others, else 0.
 */
export async function peerLean(db: DbOrTx, userId: number, now: Date): Promise<-1 | 0 | 1> {
  const since = new Date(now.getTime() - FEEDBACK_DAYS * 86_400_000);
  const words = (verdict: TLevelVerdict) =>
    sql<number>`(count(*) filter (where ${levelFeedback.verdict} = ${verdict}))::int`;
  const [row] = await db
    .select({
      judges: sql<number>`count(distinct ${levelFeedback.fromUserId})::int`,
      total: sql<number>`count(*)::int`,
      higher: words('plus_haut'),
      lower: words('plus_bas'),
    })
    .from(levelFeedback)
    .where(and(eq(levelFeedback.aboutUserId, userId), gte(levelFeedback.createdAt, since)));
  if (!row || row.judges < FEEDBACK_MIN_JUDGES) return 0;
  const score = (row.higher - row.lower) / row.total;
  return score >= 0.5 ? 1 : score <= -0.5 ? -1 : 0;
}
