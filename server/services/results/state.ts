import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { flipSets, formatSets, RESULT_MSG } from '../../../common/results';
import { isFinished } from '../../../common/schedule';
import type { TMatchResultState } from '../../../common/schemas/results';
import { matches, matchParticipants, matchResults } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertCanReach, guestCount } from '../matches/room';
import { startOf } from '../notifications/match-info';
import { absentIn, inNoShowWindow } from './no-shows';
import { reliabilityOf } from './reliability';
import { matchAndPlayers, readResult, resultView, sideOf } from './results';

/**
 * The result part of a match page, for `actor`: the result (any status but rejected), whether they
 * may enter one (a player of a started match of at least four people, guests included, without a
 * standing result), whether the organiser may
 * still declare absents, who is declared absent, and each player's reliability.
 */
export async function getResultState(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
  token?: string,
): Promise<TMatchResultState> {
  const { info, players } = await matchAndPlayers(deps.db, id);
  // A private match's players and score are no stranger's business: the room's access rule, and
  // its 404, as for the match page itself.
  const [room] = await deps.db
    .select({ visibility: matches.visibility, shareToken: matches.shareToken })
    .from(matches)
    .where(eq(matches.id, id));
  if (!room) throw notFound(MSG.match.notFound);
  await assertCanReach(
    deps.db,
    actor,
    id,
    { ...room, createdBy: info.createdBy, isIn: players.includes(actor.id) },
    token,
  );
  const now = deps.clock.now();
  const started = isFinished(info, now, deps.env.APP_TIMEZONE);
  const row = await readResult(deps.db, id);
  const standing = row && row.status !== 'rejected' ? row : undefined;
  const isPlayer = players.includes(actor.id);
  const [guests, absent, reliability] = await Promise.all([
    guestCount(deps.db, id),
    absentIn(deps, id),
    Promise.all(
      players.map(async (u) => ({ user_id: u, percent: (await reliabilityOf(deps, u)).percent })),
    ),
  ]);
  return {
    result: standing ? await resultView(deps.db, standing, actor.id) : null,
    // Four people to make two teams: players and reserved-seat guests alike.
    can_enter: started && isPlayer && !standing && players.length + guests >= 4,
    can_mark_absent:
      info.createdBy === actor.id && started && inNoShowWindow(startOf(info, deps.env), now),
    absent,
    reliability,
  };
}

/**
 * Score lines for finished-match cards ("6-4 3-6 10-8 — gagné"), from the viewer's side, for the
 * ids asked (confirmed or pending results; a card shows nothing otherwise).
 */
export async function resultLines(deps: Pick<Deps, 'db'>, actor: SessionUser, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ r: matchResults })
    .from(matchResults)
    .innerJoin(matches, eq(matches.id, matchResults.matchId))
    .where(
      and(
        inArray(matchResults.matchId, ids),
        inArray(matchResults.status, ['pending', 'confirmed']),
        // A private match's score only to its organiser and players (their "Mes matchs").
        or(
          eq(matches.visibility, 'public'),
          eq(matches.createdBy, actor.id),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(matchParticipants)
              .where(
                and(
                  eq(matchParticipants.matchId, matches.id),
                  eq(matchParticipants.userId, actor.id),
                ),
              ),
          ),
        ),
      ),
    );
  return rows.map(({ r }) => {
    const side = sideOf(r.teams, actor.id);
    const sets = side === 1 ? flipSets(r.sets) : r.sets;
    const outcome =
      side === null ? '' : ` — ${side === r.winner ? RESULT_MSG.won : RESULT_MSG.lost}`;
    return {
      match_id: r.matchId,
      status: r.status,
      text: `${formatSets(sets)}${outcome}`,
    };
  });
}
