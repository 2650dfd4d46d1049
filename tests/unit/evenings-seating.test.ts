import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAmericanoRound } from '../../common/evenings/americano';
import { nextKingRound } from '../../common/evenings/king';
import { nextMexicanoRound } from '../../common/evenings/mexicano';
import { EVENING_LIMITS, sitOutCounts } from '../../common/evenings/seating';
import type { EveningRound, NextRoundInput, UserId } from '../../common/evenings/types';
import { expectWellFormed, ids, scored, seededRng, sitOutTally } from '../support/evenings';

/**
 * What every format shares: well-formed rounds and fair sit-outs, with a stable player list and
 * with players arriving and leaving between rounds.
 */
const formats: [string, (input: NextRoundInput) => EveningRound][] = [
  ['Americano', nextAmericanoRound],
  ['Mexicano', (input) => nextMexicanoRound({ ...input, pairing: '1-4', sitOut: 'average' })],
  ['Roi du terrain', nextKingRound],
];

const setup = fc.record({
  n: fc.integer({ min: 4, max: 20 }),
  courts: fc.integer({ min: 1, max: 8 }),
  rounds: fc.integer({ min: 1, max: 12 }),
  seed: fc.integer(),
});

const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

describe.each(formats)('%s seating', (_name, next) => {
  it('seats each player once a round, four a game, no more games than courts; sit-outs stay within 1 of each other and nobody sits out twice before everyone has once', () => {
    fc.assert(
      fc.property(setup, ({ n, courts, rounds, seed }) => {
        const rng = seededRng(seed);
        const players = ids(n, 100);
        const history: EveningRound[] = [];
        for (let r = 0; r < rounds; r++) {
          const before = sitOutTally(history, players);
          const round = scored(next({ players, courts, history, rng }), rng);
          expectWellFormed(round, players, courts);
          expect(round.number).toBe(r + 1);
          // A player sitting out for the (k+1)-th time: everyone else has sat out k times or sits now.
          for (const p of round.sitting_out) {
            const k = before[players.indexOf(p)] ?? 0;
            players.forEach((q, i) => {
              if ((before[i] ?? 0) < k) expect(round.sitting_out).toContain(q);
            });
          }
          history.push(round);
          expect(spread(sitOutTally(history, players))).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('adapts to arrivals and departures between rounds: rounds stay well formed and the effective sit-out counts within 1', () => {
    const event = fc.constantFrom('stay', 'stay', 'arrive', 'leave', 'arrive twice');
    fc.assert(
      fc.property(setup, fc.array(event, { minLength: 12, maxLength: 12 }), (s, events) => {
        const rng = seededRng(s.seed);
        let players: UserId[] = ids(s.n, 100);
        let fresh = 1000;
        const history: EveningRound[] = [];
        for (let r = 0; r < s.rounds; r++) {
          const e = events[r];
          if (e === 'arrive' && players.length < EVENING_LIMITS.maxPlayers)
            players = [...players, fresh++];
          if (e === 'arrive twice' && players.length < EVENING_LIMITS.maxPlayers - 1)
            players = [...players, fresh++, fresh++];
          if (e === 'leave' && players.length > EVENING_LIMITS.minPlayers) {
            const gone = Math.floor(rng() * players.length);
            players = players.filter((_, i) => i !== gone);
          }
          const round = scored(next({ players, courts: s.courts, history, rng }), rng);
          expectWellFormed(round, players, s.courts);
          history.push(round);
          expect(spread([...sitOutCounts(players, history).values()])).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('draws the same rounds from the same random source', () => {
    const run = () => {
      const rng = seededRng(7);
      const history: EveningRound[] = [];
      for (let r = 0; r < 5; r++)
        history.push(scored(next({ players: ids(11), courts: 2, history, rng }), rng));
      return history;
    };
    expect(run()).toEqual(run());
  });

  it('refuses an evening outside the limits', () => {
    const rng = seededRng(1);
    expect(() => next({ players: ids(3), courts: 1, history: [], rng })).toThrow(RangeError);
    expect(() => next({ players: ids(33), courts: 8, history: [], rng })).toThrow(RangeError);
    expect(() => next({ players: ids(8), courts: 0, history: [], rng })).toThrow(RangeError);
    expect(() => next({ players: ids(8), courts: 9, history: [], rng })).toThrow(RangeError);
    expect(() => next({ players: [1, 2, 3, 3], courts: 1, history: [], rng })).toThrow(RangeError);
  });
});

describe('sit-out counts', () => {
  const round = (number: number, playing: UserId[], sitting_out: UserId[]): EveningRound => ({
    number,
    games: [
      {
        court: 1,
        teams: [
          [playing[0] ?? 0, playing[1] ?? 0],
          [playing[2] ?? 0, playing[3] ?? 0],
        ],
        score: null,
      },
    ],
    sitting_out,
  });

  it('lifts a late arrival to the lowest count of the players who stayed, and keeps a returning player’s own count when higher', () => {
    const history = [round(1, [1, 2, 3, 4], [5]), round(2, [1, 2, 3, 5], [4])];
    // 1, 2, 3 have sat out 0 times, 4 and 5 once: a newcomer (6) starts at 0, like 1-3.
    expect(sitOutCounts([1, 2, 3, 4, 5, 6], history)).toEqual(
      new Map([
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 1],
        [5, 1],
        [6, 0],
      ]),
    );
    // Everyone present sat out once: a newcomer starts at 1.
    const later = [
      ...history,
      round(3, [4, 5, 2, 3], [1]),
      round(4, [1, 4, 5, 3], [2]),
      round(5, [1, 2, 4, 5], [3]),
    ];
    expect(sitOutCounts([1, 2, 3, 4, 5, 7], later).get(7)).toBe(1);
  });

  it('sends the players who sat out least, then those who played most: a newcomer plays his first round', () => {
    const rng = seededRng(3);
    const players = ids(9);
    const history: EveningRound[] = [];
    for (let r = 0; r < 3; r++)
      history.push(scored(nextAmericanoRound({ players, courts: 2, history, rng }), rng));
    const round = nextAmericanoRound({ players: [...players, 10], courts: 2, history, rng });
    expect(round.sitting_out).not.toContain(10);
    expect(round.sitting_out).toHaveLength(2);
  });
});
