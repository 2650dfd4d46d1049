import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextKingRound } from '../../common/evenings/king';
import { pairKey } from '../../common/evenings/seating';
import type { EveningRound, Rng, UserId } from '../../common/evenings/types';
import { ids, playedRound, playingIn, seededRng } from '../support/evenings';

/** Scores with a winner (to 21), except a game left unscored or drawn when `draws` says so. */
function kingScored(round: EveningRound, rng: Rng, draws = false): EveningRound {
  return {
    ...round,
    games: round.games.map((g) => {
      if (draws && rng() < 0.3) return { ...g, score: rng() < 0.5 ? null : [10, 10] };
      const loser = Math.floor(rng() * 21);
      return { ...g, score: rng() < 0.5 ? [21, loser] : [loser, 21] };
    }),
  };
}

const courtOf = (round: EveningRound) =>
  new Map(round.games.flatMap((g) => [...g.teams[0], ...g.teams[1]].map((p) => [p, g.court])));

describe('Roi du terrain', () => {
  it('moves the winners up a court and the losers down (court 1’s winners and the bottom court’s losers stay), and splits the teams that arrive; a game without a winner has one drawn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 2, max: 10 }),
        fc.boolean(),
        fc.integer(),
        (courts, rounds, draws, seed) => {
          const rng = seededRng(seed);
          const players = ids(4 * courts, 1);
          const history: EveningRound[] = [];
          for (let r = 0; r < rounds; r++) {
            const round = nextKingRound({ players, courts, history, rng });
            const previous = history.at(-1);
            if (previous) {
              const now = courtOf(round);
              for (const { court, teams, score } of previous.games) {
                const up = Math.max(1, court - 1);
                const down = Math.min(courts, court + 1);
                const decided = score && score[0] !== score[1];
                const winner = decided ? (score[0] > score[1] ? 0 : 1) : undefined;
                const went = teams.map((team) => {
                  const at = team.map((p) => now.get(p));
                  expect(at[0]).toBe(at[1]);
                  return at[0];
                });
                if (winner !== undefined)
                  expect(went).toEqual(winner === 0 ? [up, down] : [down, up]);
                // Without a winner, one team (drawn) moves as the winners, the other as the losers.
                else expect([`${up},${down}`, `${down},${up}`]).toContain(went.join(','));
              }
              // Nobody partners last round's partner again.
              const last = new Set(
                previous.games.flatMap((g) => g.teams.map(([a, b]) => pairKey(a, b))),
              );
              for (const g of round.games)
                for (const [a, b] of g.teams) expect(last.has(pairKey(a, b))).toBe(false);
            }
            history.push(kingScored(round, rng, draws));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('on a court, one player who came up plays with one who came down', () => {
    const round1 = playedRound(1, [
      [1, 2, 3, 4, 21, 15],
      [5, 6, 7, 8, 21, 10],
      [9, 10, 11, 12, 8, 21],
    ]);
    const round2 = nextKingRound({
      players: ids(12),
      courts: 3,
      history: [round1],
      rng: seededRng(2),
    });
    const sets = round2.games.map((g) => ({
      court: g.court,
      teams: g.teams.map((t) => [...t].sort((a, b) => a - b)),
    }));
    // Court 1: winners 1, 2 stay, 5, 6 come up. Court 2: 3, 4 come down, 11, 12 come up. Court 3:
    // 7, 8 come down, 9, 10 stay.
    const players = (court: number) =>
      sets
        .find((s) => s.court === court)
        ?.teams.flat()
        .sort((a, b) => a - b);
    expect(players(1)).toEqual([1, 2, 5, 6]);
    expect(players(2)).toEqual([3, 4, 11, 12]);
    expect(players(3)).toEqual([7, 8, 9, 10]);
    for (const { teams } of sets)
      for (const [a, b] of teams) expect(Math.ceil((a ?? 0) / 2)).not.toBe(Math.ceil((b ?? 0) / 2));
  });

  it('seats round 1 by level when levels are given, the best on court 1', () => {
    const players = ids(8);
    const levels: Record<UserId, number> = { 1: 1, 2: 8, 3: 2, 4: 7, 5: 3, 6: 6, 7: 4, 8: 5 };
    const round = nextKingRound({ players, courts: 2, history: [], rng: seededRng(4), levels });
    expect(round.games[0]?.teams).toEqual([
      [2, 8],
      [4, 6],
    ]);
    expect(playingIn(round).slice(4).sort()).toEqual([1, 3, 5, 7]);
  });

  it('seats players back from a sit-out or new on the bottom court', () => {
    const round1 = playedRound(1, [
      [1, 2, 3, 4, 21, 15],
      [5, 6, 7, 8, 21, 10],
    ]);
    const round2 = nextKingRound({
      players: [...ids(8), 9, 10, 11, 12],
      courts: 3,
      history: [round1],
      rng: seededRng(3),
    });
    // 1, 2 stay and 5, 6 come up on court 1; 3, 4 come down to court 2, where 7, 8 stay (it was
    // the bottom court); the newcomers open court 3.
    const on = (court: number) =>
      [...courtOf(round2)]
        .filter(([, c]) => c === court)
        .map(([p]) => p)
        .sort((a, b) => a - b);
    expect(on(1)).toEqual([1, 2, 5, 6]);
    expect(on(2)).toEqual([3, 4, 7, 8]);
    expect(on(3)).toEqual([9, 10, 11, 12]);
  });
});
