/**
 * « Roi du terrain » (king of the court). Court 1 is the top court. Round 1 seats the players four
 * by four at random, or by level when levels are given (the best on court 1, 1st+4th against
 * 2nd+3rd). After each round, on each court the winners move up one court and the losers down one:
 * court 1's winners stay on court 1, the bottom court's losers stay on it. A game without a winner
 * (not scored, or drawn: the score check refuses a draw, but a round may be closed unscored) has
 * one drawn by lot, so that every court still gets its four.
 *
 * Seating: the players are ordered by the court they are heading to (a player who won comes before
 * one who lost on the same court), and those who did not play the previous round (back from a
 * sit-out, or new) come last, so they start from the bottom court; then four by four from court 1.
 * Teams on a court: of the three ways to split its four players, the one that repeats the fewest
 * partnerships of the previous round, then the fewest partnerships of the whole evening, then a
 * draw. So a court's arrivals (two pairs that were partners) are split: one mover-up plays with one
 * mover-down (court 1: a winner who stayed with one who came up; the bottom court: a loser who
 * stayed with one who came down). Sit-outs: seating.ts.
 */
import { firstRoundOrder, pairGroup } from './mexicano';
import {
  checkInput,
  chooseSitOuts,
  gamesPerRound,
  nextNumber,
  pairCounts,
  pairKey,
} from './seating';
import type { EveningGame, EveningRound, NextRoundInput, Team, UserId } from './types';

export interface KingInput extends NextRoundInput {
  /** Levels by user id (higher is stronger), for round 1 only. */
  levels?: Readonly<Record<UserId, number>>;
}

/**
 * Where each player of a round heads: the court after moving, and whether he won (in a game
 * without a winner, the winner is drawn from `rng`).
 */
export function kingMoves(
  round: EveningRound,
  rng: NextRoundInput['rng'],
): Map<UserId, { court: number; won: boolean }> {
  const bottom = Math.max(...round.games.map((g) => g.court));
  const moves = new Map<UserId, { court: number; won: boolean }>();
  for (const { court, teams, score } of round.games) {
    const decided = score && score[0] !== score[1];
    const winner = decided ? (score[0] > score[1] ? 0 : 1) : rng() < 0.5 ? 0 : 1;
    teams.forEach((team, side) => {
      const won = side === winner;
      const target = won ? Math.max(1, court - 1) : Math.min(bottom, court + 1);
      for (const p of team) moves.set(p, { court: target, won });
    });
  }
  return moves;
}

export function nextKingRound({ players, courts, history, rng, levels }: KingInput): EveningRound {
  checkInput(players, courts);
  const sitting = chooseSitOuts(players, courts, history, rng);
  const out = new Set(sitting);
  const playing = players.filter((p) => !out.has(p));
  const previous = history[history.length - 1];
  const number = nextNumber(history);
  if (!previous) {
    const order = firstRoundOrder(playing, rng, levels);
    const games = Array.from({ length: gamesPerRound(players.length, courts) }, (_, k) => {
      const [a, b, c, d] = order.slice(4 * k, 4 * k + 4) as [UserId, UserId, UserId, UserId];
      const teams: [Team, Team] = levels
        ? pairGroup([a, b, c, d], '1-4')
        : [
            [a, b],
            [c, d],
          ];
      return { court: k + 1, teams, score: null };
    });
    return { number, games, sitting_out: sitting };
  }
  const moves = kingMoves(previous, rng);
  const draw = new Map(playing.map((p) => [p, rng()]));
  const key = (p: UserId) => {
    const move = moves.get(p);
    return move ? 2 * move.court + (move.won ? 0 : 1) : Infinity;
  };
  const order = [...playing].sort(
    (a, b) => key(a) - key(b) || (draw.get(a) ?? 0) - (draw.get(b) ?? 0),
  );
  const lastPartners = new Set(
    previous.games.flatMap((g) => g.teams.map(([a, b]) => pairKey(a, b))),
  );
  const counts = pairCounts(history);
  const games: EveningGame[] = [];
  for (let k = 0; 4 * k < order.length; k++) {
    const [a, b, c, d] = order.slice(4 * k, 4 * k + 4) as [UserId, UserId, UserId, UserId];
    const splits: [Team, Team][] = [
      [
        [a, b],
        [c, d],
      ],
      [
        [a, c],
        [b, d],
      ],
      [
        [a, d],
        [b, c],
      ],
    ];
    const cost = (teams: [Team, Team]) =>
      teams.reduce(
        (sum, [x, y]) => sum + (lastPartners.has(pairKey(x, y)) ? 1000 : 0) + counts.partners(x, y),
        0,
      );
    const tie = splits.map(() => rng());
    const best = splits
      .map((teams, i) => ({ teams, cost: cost(teams), tie: tie[i] ?? 0 }))
      .sort((x, y) => x.cost - y.cost || x.tie - y.tie)[0] as { teams: [Team, Team] };
    games.push({ court: k + 1, teams: best.teams, score: null });
  }
  return { number, games, sitting_out: sitting };
}
