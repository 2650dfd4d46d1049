import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextMexicanoRound, pairGroup } from '../../common/evenings/mexicano';
import { pairKey } from '../../common/evenings/seating';
import { computeStandings } from '../../common/evenings/standings';
import type {
  EveningRound,
  MexicanoPairing,
  SitOutRule,
  Team,
  UserId,
} from '../../common/evenings/types';
import { ids, playingIn, scored, seededRng } from '../support/evenings';

const sameTeams = (a: [Team, Team], b: [Team, Team]) => {
  const key = (t: [Team, Team]) =>
    t
      .map(([x, y]) => pairKey(x, y))
      .sort()
      .join('|');
  return key(a) === key(b);
};

describe('Mexicano', () => {
  it('groups the players court by court in the order of the table, pairing each group as set unless it repeats last round’s partners', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 24 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom<MexicanoPairing>('1-4', '1-3'),
        fc.constantFrom<SitOutRule>('average', 'zero'),
        fc.integer(),
        (n, courts, rounds, pairing, sitOut, seed) => {
          const rng = seededRng(seed);
          const players = ids(n, 10);
          const history: EveningRound[] = [];
          for (let r = 0; r < rounds; r++) {
            const round = nextMexicanoRound({ players, courts, history, rng, pairing, sitOut });
            if (r > 0) {
              const table = computeStandings({ rounds: history, sitOut, players }).map(
                (row) => row.user_id,
              );
              const playing = new Set(playingIn(round));
              const ranked = table.filter((p) => playing.has(p));
              const last = new Set(
                history.at(-1)?.games.flatMap((g) => g.teams.map(([a, b]) => pairKey(a, b))),
              );
              const repeats = (t: [Team, Team]) =>
                t.filter(([a, b]) => last.has(pairKey(a, b))).length;
              round.games.forEach((game, k) => {
                const group = ranked.slice(4 * k, 4 * k + 4) as [UserId, UserId, UserId, UserId];
                expect(game.court).toBe(k + 1);
                const chosen = pairGroup(group, pairing);
                const other = pairGroup(group, pairing === '1-4' ? '1-3' : '1-4');
                if (repeats(other) < repeats(chosen))
                  expect(sameTeams(game.teams, other)).toBe(true);
                else expect(sameTeams(game.teams, chosen)).toBe(true);
              });
            }
            history.push(scored(round, rng));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('pairs 1st+4th against 2nd+3rd, or 1st+3rd against 2nd+4th', () => {
    expect(pairGroup([1, 2, 3, 4], '1-4')).toEqual([
      [1, 4],
      [2, 3],
    ]);
    expect(pairGroup([1, 2, 3, 4], '1-3')).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('takes the other pairing when the set one repeats a partnership of the previous round', () => {
    const after = (score: [number, number], pairing: MexicanoPairing) =>
      nextMexicanoRound({
        players: [1, 2, 3, 4],
        courts: 1,
        history: [
          {
            number: 1,
            games: [
              {
                court: 1,
                teams: [
                  [1, 4],
                  [2, 3],
                ],
                score,
              },
            ],
            sitting_out: [],
          },
        ],
        rng: seededRng(1),
        pairing,
        sitOut: 'zero',
      }).games[0]?.teams;
    // 20-4: the table is 1, 4, 2, 3; '1-4' gives 1+3 against 4+2, no repeat: kept.
    expect(after([20, 4], '1-4')).toEqual([
      [1, 3],
      [4, 2],
    ]);
    // 12-12: all level, the table is 1, 2, 3, 4; '1-4' would replay 1+4 against 2+3: '1-3' instead.
    expect(after([12, 12], '1-4')).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(after([12, 12], '1-3')).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it('seats round 1 by level when levels are given: the four best on court 1', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 8, maxLength: 16 }),
        fc.integer(),
        (levelsList, seed) => {
          const players = levelsList.map((_, i) => i + 1);
          const levels = Object.fromEntries(players.map((p, i) => [p, levelsList[i] ?? 0]));
          const round = nextMexicanoRound({
            players,
            courts: 8,
            history: [],
            rng: seededRng(seed),
            pairing: '1-4',
            sitOut: 'zero',
            levels,
          });
          const playing = playingIn(round);
          const best = [...playing].sort((a, b) => (levels[b] ?? 0) - (levels[a] ?? 0));
          const court1 = round.games[0];
          const [a, b, c, d] = best as [number, number, number, number];
          expect(court1?.teams).toEqual([
            [a, d],
            [b, c],
          ]);
        },
      ),
      { numRuns: 50 },
    );
  });
});
