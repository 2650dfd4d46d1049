/**
 * Americano: partners rotate. Each round, the players who sit out are chosen fairly (seating.ts),
 * then the others are paired into teams and the teams into games:
 *
 * - teams: a pairing of least partner cost, the cost of a team being the square of the times its
 *   two players were already partners (0 for a new partnership). The round-robin of the circle
 *   method over the playing players (in the order of `players`) is tried first: while the same
 *   players all play, its unused rounds cost 0 and are taken before anything else, so the precomputed
 *   ideal schedule unfolds; a pairing found by the search replaces it only when strictly cheaper;
 * - games: the teams are paired with the least opponent cost (the squares of the times each two
 *   players facing each other already met as opponents); among the equally cheap team pairings,
 *   the one giving the cheapest games wins.
 *
 * Guarantees (for a history made by this function):
 * - the same n players from round 1, n a multiple of 4 and at least n/4 courts: the first n-1
 *   rounds pair every two players exactly once, and so does every later block of n-1 rounds: after
 *   k(n-1) rounds each pair has partnered exactly k times (8 players on 2 courts: 7 rounds, the 28
 *   partnerships once each);
 * - in every case (sit-outs, arrivals, departures), a round of at most 16 playing players repeats no
 *   partnership when a pairing of its players without repeat exists (the matching is exact up to 16
 *   players; above, a local search, which keeps the first guarantee through the circle method).
 */
import { circleFactors, minCostMatching, pairsCost, type Pairs } from './matching';
import { checkInput, chooseSitOuts, nextNumber, pairCounts } from './seating';
import type { EveningGame, EveningRound, NextRoundInput, Team, UserId } from './types';

const matrix = (n: number, cell: (i: number, j: number) => number) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => cell(i, j)));

export function nextAmericanoRound({
  players,
  courts,
  history,
  rng,
}: NextRoundInput): EveningRound {
  checkInput(players, courts);
  const sitting = chooseSitOuts(players, courts, history, rng);
  const out = new Set(sitting);
  const playing = players.filter((p) => !out.has(p));
  const at = (i: number) => playing[i] as UserId;
  const counts = pairCounts(history);
  const partner = matrix(playing.length, (i, j) => counts.partners(at(i), at(j)) ** 2);
  const partnerCost = (i: number, j: number) => partner[i]?.[j] ?? 0;

  const circle = circleFactors(playing.length);
  const circleCosts = circle.map((f) => pairsCost(f, partnerCost));
  const cheapest = Math.min(...circleCosts);
  const searched = minCostMatching(playing.length, partnerCost, rng);
  const options =
    cheapest <= searched.cost
      ? circle.filter((_, k) => circleCosts[k] === cheapest)
      : [searched.pairs];

  let best: { cost: number; games: Team[][] } = { cost: Infinity, games: [] };
  for (const option of options) {
    const teams: Team[] = option.map(([i, j]) => [at(i), at(j)]);
    const opponent = matrix(teams.length, (s, t) => {
      let sum = 0;
      for (const a of teams[s] ?? [])
        for (const b of teams[t] ?? []) sum += counts.opponents(a, b) ** 2;
      return sum;
    });
    const games = minCostMatching(teams.length, (s, t) => opponent[s]?.[t] ?? 0, rng);
    if (games.cost < best.cost)
      best = {
        cost: games.cost,
        games: games.pairs.map((pair: Pairs[number]) => pair.map((t) => teams[t] as Team)),
      };
  }
  const games: EveningGame[] = best.games.map(([a, b], k) => ({
    court: k + 1,
    teams: [a as Team, b as Team],
    score: null,
  }));
  return { number: nextNumber(history), games, sitting_out: sitting };
}
