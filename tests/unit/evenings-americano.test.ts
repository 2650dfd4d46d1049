import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAmericanoRound } from '../../common/evenings/americano';
import { pairKey } from '../../common/evenings/seating';
import type { EveningRound, UserId } from '../../common/evenings/types';
import { WHIST_SIZES, whistRounds } from '../../common/evenings/whist';
import {
  expectWellFormed,
  ids,
  opponentTally,
  partnerTally,
  playingIn,
  scored,
  seededRng,
} from '../support/evenings';

/** Plays `rounds` Americano rounds with random scores. */
function evening(players: readonly UserId[], courts: number, rounds: number, seed: number) {
  const rng = seededRng(seed);
  const history: EveningRound[] = [];
  for (let r = 0; r < rounds; r++)
    history.push(scored(nextAmericanoRound({ players, courts, history, rng }), rng));
  return history;
}

const allPairs = (players: readonly UserId[]) =>
  players.flatMap((a, i) => players.slice(i + 1).map((b) => pairKey(a, b)));

/** Whether the players can be split into teams none of which has partnered before (backtracking). */
function repeatFreePairingExists(players: UserId[], partnered: Map<string, number>): boolean {
  const [first, ...rest] = players;
  if (first === undefined) return true;
  return rest.some(
    (p) =>
      !partnered.get(pairKey(first, p)) &&
      repeatFreePairingExists(
        rest.filter((q) => q !== p),
        partnered,
      ),
  );
}

describe('Americano', () => {
  it('8 players on 2 courts: 7 rounds make each of the 28 pairs partners exactly once (and opponents twice)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 8, maxLength: 8 }),
        fc.integer(),
        (players, seed) => {
          const tally = partnerTally(evening(players, 2, 7, seed));
          const pairs = allPairs(players);
          expect(pairs).toHaveLength(28);
          expect(tally.size).toBe(28);
          for (const pair of pairs) expect(tally.get(pair)).toBe(1);
          const opponents = opponentTally(evening(players, 2, 7, seed));
          for (const pair of pairs) expect(opponents.get(pair)).toBe(2);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('n a multiple of 4 with n/4 courts or more: no partner twice in n-1 rounds; after k(n-1) rounds each pair partnered exactly k times and faced each other 2k times', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WHIST_SIZES),
        fc.integer({ min: 0, max: 4 }),
        fc.integer(),
        (n, extraCourts, seed) => {
          const courts = Math.min(8, n / 4 + extraCourts);
          const players = ids(n, 50);
          const history = evening(players, courts, 2 * (n - 1), seed);
          const pairs = allPairs(players);
          for (let r = 1; r <= 2 * (n - 1); r++) {
            const tally = partnerTally(history.slice(0, r));
            const cycles = Math.floor(r / (n - 1));
            // Within a cycle, a pair has partnered `cycles` times, or once more.
            const off = pairs.filter((pair) => {
              const times = tally.get(pair) ?? 0;
              return times !== cycles && times !== cycles + 1;
            });
            expect(off).toEqual([]);
            if (r % (n - 1) === 0) {
              const opponents = opponentTally(history.slice(0, r));
              expect(pairs.filter((pair) => tally.get(pair) !== cycles)).toEqual([]);
              expect(pairs.filter((pair) => opponents.get(pair) !== 2 * cycles)).toEqual([]);
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('32 players on 8 courts: 31 rounds, each of the 496 pairs partners once and faces each other twice', () => {
    const players = ids(32);
    const history = evening(players, 8, 31, 5);
    const [partners, opponents] = [partnerTally(history), opponentTally(history)];
    for (const pair of allPairs(players)) {
      expect(partners.get(pair)).toBe(1);
      expect(opponents.get(pair)).toBe(2);
    }
  });

  it.each(WHIST_SIZES)('the whist schedule of %i players: partners once, opponents twice', (p) => {
    expect(WHIST_SIZES).toEqual([4, 8, 12, 16, 20, 24, 28, 32]);
    const rounds: EveningRound[] = whistRounds(p).map((games, r) => ({
      number: r + 1,
      games: games.map(([a, b], k) => ({ court: k + 1, teams: [a, b], score: null })),
      sitting_out: [],
    }));
    const players = ids(p, 0);
    for (const round of rounds) expectWellFormed(round, players, p / 4);
    const [partners, opponents] = [partnerTally(rounds), opponentTally(rounds)];
    for (const pair of allPairs(players)) {
      expect(partners.get(pair)).toBe(1);
      expect(opponents.get(pair)).toBe(2);
    }
  });

  it('4 to 16 players, any courts, arrivals and departures: a round repeats no partnership while its players could be paired without one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 16 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.constantFrom('stay', 'stay', 'stay', 'arrive', 'leave'), {
          minLength: 16,
          maxLength: 16,
        }),
        fc.integer(),
        (n, courts, rounds, events, seed) => {
          const rng = seededRng(seed);
          let players = ids(n, 1);
          let fresh = 100;
          const history: EveningRound[] = [];
          for (let r = 0; r < rounds; r++) {
            if (events[r] === 'arrive' && players.length < 16) players = [...players, fresh++];
            if (events[r] === 'leave' && players.length > 4) players = players.slice(1);
            const round = nextAmericanoRound({ players, courts, history, rng });
            const partnered = partnerTally(history);
            if (repeatFreePairingExists(playingIn(round), partnered))
              for (const g of round.games)
                for (const [a, b] of g.teams) expect(partnered.get(pairKey(a, b)) ?? 0).toBe(0);
            history.push(scored(round, rng));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('adapts after an arrival: the next rounds are made from the new list, the newcomer partners new players', () => {
    const rng = seededRng(11);
    const history: EveningRound[] = [];
    for (let r = 0; r < 3; r++)
      history.push(scored(nextAmericanoRound({ players: ids(8), courts: 2, history, rng }), rng));
    const players = [...ids(8), 9];
    const partnered = partnerTally(history);
    for (let r = 0; r < 4; r++) {
      const round = nextAmericanoRound({ players, courts: 2, history, rng });
      expect(round.number).toBe(4 + r);
      for (const g of round.games)
        for (const [a, b] of g.teams) expect(partnered.get(pairKey(a, b)) ?? 0).toBe(0);
      history.push(scored(round, rng));
      for (const [k, v] of partnerTally([round])) partnered.set(k, (partnered.get(k) ?? 0) + v);
    }
  });
});
