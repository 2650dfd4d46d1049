import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAmericanoRound } from '../../common/evenings/americano';
import { checkEveningScore, EVENING_MSG, sitOutRuleText } from '../../common/evenings/scores';
import { computeStandings } from '../../common/evenings/standings';
import type { EveningGame, EveningRound, Team } from '../../common/evenings/types';
import { ids, scored, seededRng } from '../support/evenings';

const game = (court: number, a: Team, b: Team, score: [number, number] | null): EveningGame => ({
  court,
  teams: [a, b],
  score,
});

describe('standings', () => {
  it('orders by points, then wins, then point difference; zero-sum differences; a sit-out adds the average or nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 14 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        (n, courts, rounds, seed) => {
          const rng = seededRng(seed);
          const history: EveningRound[] = [];
          for (let r = 0; r < rounds; r++) {
            const round = scored(
              nextAmericanoRound({ players: ids(n), courts, history, rng }),
              rng,
            );
            // Now and then a game not scored yet.
            history.push({
              ...round,
              games: round.games.map((g) => (rng() < 0.1 ? { ...g, score: null } : g)),
            });
          }
          const zero = computeStandings({ rounds: history, sitOut: 'zero' });
          const average = computeStandings({ rounds: history, sitOut: 'average' });
          for (const table of [zero, average]) {
            expect(table.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(ids(n));
            for (let i = 1; i < table.length; i++) {
              const [a, b] = [table[i - 1], table[i]];
              if (!a || !b) continue;
              expect(a.points).toBeGreaterThanOrEqual(b.points);
              if (a.points === b.points) expect(a.wins).toBeGreaterThanOrEqual(b.wins);
              if (a.points === b.points && a.wins === b.wins)
                expect(a.diff).toBeGreaterThanOrEqual(b.diff);
            }
            expect(table.reduce((s, r) => s + r.diff, 0)).toBe(0);
          }
          const sat = (id: number) =>
            history.filter((r) => r.games.some((g) => g.score) && r.sitting_out.includes(id))
              .length;
          for (const row of zero) {
            const avg = average.find((r) => r.user_id === row.user_id);
            const expected = row.games
              ? (row.points * (row.games + sat(row.user_id))) / row.games
              : 0;
            expect(avg?.points).toBe(Math.round(expected * 10) / 10);
            expect(avg && { ...avg, points: 0 }).toEqual({ ...row, points: 0 });
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('breaks a tie on points, wins and difference by head to head, then by user id', () => {
    const rounds: EveningRound[] = [
      { number: 1, games: [game(1, [2, 4], [1, 3], [15, 9])], sitting_out: [5, 6, 7, 8] },
      { number: 2, games: [game(1, [1, 5], [6, 7], [15, 9])], sitting_out: [2, 3, 4, 8] },
      { number: 3, games: [game(1, [2, 8], [6, 7], [9, 15])], sitting_out: [1, 3, 4, 5] },
      { number: 4, games: [game(1, [6, 7], [3, 8], [20, 4])], sitting_out: [1, 2, 4, 5] },
    ];
    const table = computeStandings({ rounds, sitOut: 'zero' });
    // 6 and 7: 44 points (never opponents: by id). 1 and 2: 24 points, 1 win, difference 0; 2 beat
    // 1 when they met. 4 and 5: 15, 1 win, +6. 3 and 8: 13, no win, -22.
    expect(table.map((r) => r.user_id)).toEqual([6, 7, 2, 1, 4, 5, 3, 8]);
    expect(table[2]).toEqual({ user_id: 2, points: 24, games: 2, wins: 1, diff: 0 });
    expect(table[3]).toEqual({ user_id: 1, points: 24, games: 2, wins: 1, diff: 0 });
  });

  it('ranks more wins above a better difference at equal points', () => {
    const rounds: EveningRound[] = [
      { number: 1, games: [game(1, [1, 2], [3, 4], [13, 11])], sitting_out: [] },
      { number: 2, games: [game(1, [1, 3], [2, 4], [13, 11])], sitting_out: [] },
      { number: 3, games: [game(1, [1, 4], [2, 3], [0, 24])], sitting_out: [] },
    ];
    // 1: 26 points, 2 wins, -20. 3: 11 + 13 + 24 = 48. 2: 13 + 11 + 24 = 48, 2 wins, +24; 3 too:
    // 2 wins, +24; they met in round 1 (3 lost) and round 2 (3 won): level, so by id.
    const table = computeStandings({ rounds, sitOut: 'zero' });
    expect(table.map((r) => [r.user_id, r.points, r.wins, r.diff])).toEqual([
      [2, 48, 2, 24],
      [3, 48, 2, 24],
      [1, 26, 2, -20],
      [4, 22, 0, -28],
    ]);
  });

  it('counts a sit-out as the average points per game, or zero; a round not played yet counts nothing', () => {
    const rounds: EveningRound[] = [
      { number: 1, games: [game(1, [1, 2], [3, 4], [15, 9])], sitting_out: [5] },
      { number: 2, games: [game(1, [1, 5], [2, 3], [10, 14])], sitting_out: [4] },
      { number: 3, games: [game(1, [4, 5], [2, 3], null)], sitting_out: [1] },
    ];
    const points = (sitOut: 'average' | 'zero') =>
      Object.fromEntries(computeStandings({ rounds, sitOut }).map((r) => [r.user_id, r.points]));
    // 5: one game (10), one sit-out: 20. 4: one game (9), one sit-out: 18. 1 sits out round 3, not played.
    expect(points('average')).toEqual({ 1: 25, 2: 29, 3: 23, 4: 18, 5: 20 });
    expect(points('zero')).toEqual({ 1: 25, 2: 29, 3: 23, 4: 9, 5: 10 });
    const half: EveningRound[] = [
      { number: 1, games: [game(1, [1, 2], [3, 4], [15, 9])], sitting_out: [5] },
      { number: 2, games: [game(1, [1, 5], [2, 3], [10, 13])], sitting_out: [4] },
      { number: 3, games: [game(1, [1, 5], [2, 4], [13, 11])], sitting_out: [3] },
    ];
    // 3: 9 + 13 = 22 in 2 games, plus 11: 33. 1 decimal: 4 has 9 + 11 = 20 in 2 games, plus 10.
    const rows = computeStandings({ rounds: half, sitOut: 'average' });
    expect(rows.find((r) => r.user_id === 3)?.points).toBe(33);
    expect(rows.find((r) => r.user_id === 4)?.points).toBe(30);
  });

  it('lists the given players without a game', () => {
    expect(computeStandings({ rounds: [], sitOut: 'average', players: [3, 1] })).toEqual([
      { user_id: 1, points: 0, games: 0, wins: 0, diff: 0 },
      { user_id: 3, points: 0, games: 0, wins: 0, diff: 0 },
    ]);
  });
});

describe('score check', () => {
  it('accepts two whole scores adding up to the points per game, and nothing else (Americano, Mexicano)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(16, 21, 24, 32),
        fc.integer({ min: -3, max: 40 }),
        fc.integer({ min: -3, max: 40 }),
        fc.constantFrom<'americano' | 'mexicano'>('americano', 'mexicano'),
        (points, a, b, format) => {
          const message = checkEveningScore([a, b], points, format);
          if (a < 0 || b < 0) expect(message).toBe(EVENING_MSG.scoreShape);
          else if (a + b === points) expect(message).toBeNull();
          else expect(message).toBe(EVENING_MSG.scoreTotal(points));
        },
      ),
    );
    expect(checkEveningScore([15, 9], 24)).toBeNull();
    expect(checkEveningScore([15, 8], 24)).toBe('Les deux scores doivent totaliser 24 points.');
    expect(checkEveningScore([12.5, 11.5], 24)).toBe(EVENING_MSG.scoreShape);
    expect(checkEveningScore([24], 24)).toBe(EVENING_MSG.scoreShape);
  });

  it('asks Roi du terrain for a winner, each score within the points per game', () => {
    expect(checkEveningScore([21, 17], 21, 'king')).toBeNull();
    expect(checkEveningScore([5, 21], 21, 'king')).toBeNull();
    expect(checkEveningScore([10, 10], 21, 'king')).toBe(EVENING_MSG.scoreNoWinner);
    expect(checkEveningScore([22, 10], 21, 'king')).toBe(
      'Un score ne peut pas dépasser 21 points.',
    );
  });

  it('states the sit-out rule in one French line', () => {
    expect(sitOutRuleText('average')).toBe(
      'Un tour passé compte la moyenne de vos points par match.',
    );
    expect(sitOutRuleText('zero')).toBe('Un tour passé compte 0 point.');
  });
});
