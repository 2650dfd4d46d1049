/**
 * Americano: partners rotate. Each round, the players who sit out are chosen fairly (seating.ts),
 * then the playing players (a multiple of 4: p of them) are paired into teams and games:
 *
 * - the ideal schedule is the whist schedule of p players (whist.ts): p-1 rounds in which every
 *   two players partner exactly once and face each other exactly twice, laid over the playing
 *   players in the order of `players`. Its rounds are ranked by partner cost (per team, the square
 *   of the times its two players were already partners: 0 for a new partnership), then by opponent
 *   cost (per two players facing each other, the square of the times they already met as
 *   opponents); the cheapest is played, the first in schedule order among equals;
 * - a minimum partner-cost pairing of the playing players (exact up to 16 players, a local search
 *   above) replaces it only when strictly cheaper in partner cost (the list changed, or sit-outs
 *   broke the schedule); its teams are then paired into games of least opponent cost.
 *
 * Guarantees (for a history made by this function):
 * - the same n players from round 1, n a multiple of 4 and at least n/4 courts: the first n-1
 *   rounds are the whist schedule, every two players partner exactly once and are opponents
 *   exactly twice; every later block of n-1 rounds replays it, so after k(n-1) rounds each pair has
 *   partnered exactly k times and faced each other 2k times (8 players on 2 courts: 7 rounds, the
 *   28 partnerships once each, every opponent twice);
 * - in every case (sit-outs, arrivals, departures), a round of at most 16 playing players repeats no
 *   partnership when a pairing of its players without repeat exists.
 */
import { minCostMatching, pairsCost, type Pairs } from './matching';
import { checkInput, chooseSitOuts, nextNumber, pairCounts } from './seating';
import type { EveningGame, EveningRound, NextRoundInput, UserId } from './types';
import { whistRounds, type IndexRound } from './whist';

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
  const opponent = matrix(playing.length, (i, j) => counts.opponents(at(i), at(j)) ** 2);
  const gamesCost = (games: IndexRound) =>
    games.reduce((sum, [[a, b], [c, d]]) => {
      const row = (i: number) => opponent[i] ?? [];
      return sum + [a, b].reduce((s, x) => s + (row(x)[c] ?? 0) + (row(x)[d] ?? 0), 0);
    }, 0);
  /** The teams' games of least opponent cost. */
  const bestGames = (pairs: Pairs): IndexRound =>
    minCostMatching(
      pairs.length,
      (s, t) => gamesCost([[pairs[s] as Pairs[number], pairs[t] as Pairs[number]]]),
      rng,
    ).pairs.map(([s, t]) => [pairs[s] as Pairs[number], pairs[t] as Pairs[number]]);

  // The ideal schedule's rounds (whist: partners once, opponents twice), games fixed.
  const schedule = whistRounds(playing.length).map((games) => ({ teams: games.flat(), games }));
  const costs = schedule.map(({ teams }) => pairsCost(teams, partnerCost));
  const cheapest = Math.min(...costs);
  // Nothing beats a round of new partnerships: search only when the schedule has none left.
  const searched = cheapest > 0 ? minCostMatching(playing.length, partnerCost, rng) : undefined;
  let chosen: IndexRound;
  if (searched && searched.cost < cheapest) chosen = bestGames(searched.pairs);
  else {
    const options = schedule.filter((_, k) => costs[k] === cheapest).map(({ games }) => games);
    const opponentCosts = options.map(gamesCost);
    chosen = options[opponentCosts.indexOf(Math.min(...opponentCosts))] as IndexRound;
  }
  const games: EveningGame[] = chosen.map(([[a, b], [c, d]], k) => ({
    court: k + 1,
    teams: [
      [at(a), at(b)],
      [at(c), at(d)],
    ],
    score: null,
  }));
  return { number: nextNumber(history), games, sitting_out: sitting };
}
