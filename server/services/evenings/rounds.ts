import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  nextAmericanoRound,
  nextKingRound,
  nextMexicanoRound,
  type EveningRound,
} from '../../../common/evenings';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import type { TEveningAnswer } from '../../../common/schemas/evenings';
import type { Tx } from '../../../db/client';
import { eveningGames, eveningRounds, evenings, levels, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { applyConfirmedResult } from '../results/rating';
import { pageAfter, roundsOf, seatedIds, type EveningRow } from './read';
import { lockOrganised } from './signup';

/** The players' levels as numbers (the grid's `ordre`), for the formats that seed round 1 by level. */
async function levelsOf(tx: Tx, ids: readonly number[]): Promise<Record<number, number>> {
  if (ids.length === 0) return {};
  const rows = await tx
    .select({ id: users.id, ordre: levels.ordre })
    .from(users)
    .innerJoin(levels, eq(levels.niveau, users.level))
    .where(inArray(users.id, [...ids]));
  return Object.fromEntries(rows.map((r) => [r.id, r.ordre]));
}

/** The next round by the evening's format, from the seated players and the rounds played. */
async function pairNext(tx: Tx, row: EveningRow, history: EveningRound[]): Promise<EveningRound> {
  const players = await seatedIds(tx, row.id);
  if (players.length < 4) throw badRequest(EVENING_TEXT.tooFewPlayers);
  const input = { players, courts: row.e.courts, history, rng: Math.random };
  switch (row.e.format) {
    case 'americano':
      return nextAmericanoRound(input);
    case 'mexicano':
      return nextMexicanoRound({
        ...input,
        pairing: row.e.mexicanoPairing,
        sitOut: row.e.sitOutRule,
        levels: await levelsOf(tx, players),
      });
    case 'king':
      return nextKingRound({ ...input, levels: await levelsOf(tx, players) });
  }
}

/** Every game of the current round has its score, or the French refusal. */
function assertRoundScored(history: readonly EveningRound[], current: number) {
  const games = history.find((r) => r.number === current)?.games ?? [];
  const missing = games.filter((g) => g.score === null).length;
  if (missing > 0) throw badRequest(EVENING_TEXT.scoresMissing(missing));
}

/**
 * Writes round `number`: the evening moves to it by one conditional UPDATE (from the round before,
 * so a double click makes one round), its games and sit-outs are stored, the log records
 * `evening.round_started` (notices, webhooks) and open pages get it when the transaction commits.
 */
async function writeRound(tx: Tx, deps: Pick<Deps, 'clock'>, row: EveningRow, round: EveningRound) {
  const moved = await tx
    .update(evenings)
    .set({
      currentRound: round.number,
      status: 'running',
      startedAt: sql`coalesce(${evenings.startedAt}, ${deps.clock.now().toISOString()}::timestamptz)`,
    })
    .where(and(eq(evenings.matchId, row.id), eq(evenings.currentRound, round.number - 1)))
    .returning({ id: evenings.matchId });
  if (moved.length === 0) throw conflict(EVENING_TEXT.roundMoved);
  await tx
    .insert(eveningRounds)
    .values({ matchId: row.id, number: round.number, sittingOut: round.sitting_out });
  if (round.games.length > 0)
    await tx.insert(eveningGames).values(
      round.games.map((g) => ({
        matchId: row.id,
        round: round.number,
        court: g.court,
        teamA: g.teams[0],
        teamB: g.teams[1],
      })),
    );
  await recordEvent(tx, {
    type: 'evening.round_started',
    matchId: row.id,
    payload: { round: round.number },
  });
  await announceMatchChange(tx, row.id, 'changed');
}

/** The organiser starts the evening: sign-ups are over, round 1 is drawn. */
export async function startEvening(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    if (row.e.status !== 'open') throw badRequest(EVENING_TEXT.notOpen);
    await writeRound(tx, deps, row, await pairNext(tx, row, []));
  });
  return { message: EVENING_TEXT.started, evening: await pageAfter(deps, actor, id) };
}

/** The organiser draws the next round once every score of the current one is in. */
export async function nextRound(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TEveningAnswer> {
  const number = await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    if (row.e.status !== 'running')
      throw badRequest(row.e.status === 'open' ? EVENING_TEXT.notRunning : EVENING_TEXT.finished);
    const history = await roundsOf(tx, id);
    assertRoundScored(history, row.e.currentRound);
    const round = await pairNext(tx, row, history);
    await writeRound(tx, deps, row, round);
    return round.number;
  });
  return { message: EVENING_TEXT.roundStarted(number), evening: await pageAfter(deps, actor, id) };
}

/**
 * The organiser finishes the evening: the table is locked. Its games count as confirmed results
 * (the organiser's finish stands for the confirmation): a competitive evening's move ratings (see
 * `applyConfirmedResult`); a game without a winner (12–12) moves nothing.
 */
export async function finishEvening(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TEveningAnswer> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOrganised(tx, actor, id);
    if (row.e.status !== 'running')
      throw badRequest(row.e.status === 'open' ? EVENING_TEXT.notRunning : EVENING_TEXT.finished);
    const history = await roundsOf(tx, id);
    assertRoundScored(history, row.e.currentRound);
    await tx
      .update(evenings)
      .set({ status: 'finished', finishedAt: deps.clock.now() })
      .where(eq(evenings.matchId, id));
    for (const game of history.flatMap((r) => r.games)) {
      const [a, b] = game.score ?? [0, 0];
      if (a !== b) await applyConfirmedResult(tx, id, game.teams, a > b ? 0 : 1);
    }
    await recordEvent(tx, { type: 'evening.finished', matchId: id });
    await announceMatchChange(tx, id, 'changed');
  });
  return { message: EVENING_TEXT.finishedNow, evening: await pageAfter(deps, actor, id) };
}
