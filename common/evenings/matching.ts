/**
 * Minimum-cost perfect matchings (pairing players into teams, teams into games), for the Americano
 * rounds that leave the ideal schedule.
 */
import { shuffle } from './seating';
import type { Rng } from './types';

/** A pairing of the indices 0..n-1 (n even). */
export type Pairs = [number, number][];

/** Largest count of items matched exactly (2^n memo states); above, a local search. */
export const EXACT_MATCHING_LIMIT = 16;

export const pairsCost = (pairs: Pairs, cost: (i: number, j: number) => number) =>
  pairs.reduce((sum, [i, j]) => sum + cost(i, j), 0);

/**
 * A perfect matching of 0..n-1 (n even) of least total cost: exact (dynamic programming over the
 * subsets still to pair) up to EXACT_MATCHING_LIMIT items, else the best of randomized greedy
 * pairings each improved by swapping partners between two pairs until no swap helps.
 */
export function minCostMatching(
  n: number,
  cost: (i: number, j: number) => number,
  rng: Rng,
): { pairs: Pairs; cost: number } {
  if (n === 0) return { pairs: [], cost: 0 };
  return n <= EXACT_MATCHING_LIMIT ? exactMatching(n, cost) : searchMatching(n, cost, rng);
}

function exactMatching(n: number, cost: (i: number, j: number) => number) {
  const full = (1 << n) - 1;
  const best = new Float64Array(1 << n).fill(-1);
  const choice = new Int8Array(1 << n);
  const solve = (mask: number): number => {
    if (mask === 0) return 0;
    const known = best[mask] as number;
    if (known >= 0) return known;
    let i = 0;
    while (!(mask & (1 << i))) i++;
    let min = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (!(mask & (1 << j))) continue;
      const c = cost(i, j) + solve(mask & ~(1 << i) & ~(1 << j));
      if (c < min) [min, choice[mask]] = [c, j];
    }
    best[mask] = min;
    return min;
  };
  const total = solve(full);
  const pairs: Pairs = [];
  for (let mask = full; mask;) {
    let i = 0;
    while (!(mask & (1 << i))) i++;
    const j = choice[mask] as number;
    pairs.push([i, j]);
    mask &= ~(1 << i) & ~(1 << j);
  }
  return { pairs, cost: total };
}

const RESTARTS = 24;

function searchMatching(n: number, cost: (i: number, j: number) => number, rng: Rng) {
  let best: { pairs: Pairs; cost: number } = { pairs: [], cost: Infinity };
  for (let restart = 0; restart < RESTARTS; restart++) {
    const free = shuffle(
      Array.from({ length: n }, (_, i) => i),
      rng,
    );
    const pairs: Pairs = [];
    while (free.length) {
      const i = free.shift() as number;
      let at = 0;
      free.forEach((j, k) => {
        if (cost(i, j) < cost(i, free[at] as number)) at = k;
      });
      pairs.push([i, free.splice(at, 1)[0] as number]);
    }
    improveBySwaps(pairs, cost);
    const total = pairsCost(pairs, cost);
    if (total < best.cost) best = { pairs, cost: total };
  }
  return best;
}

function improveBySwaps(pairs: Pairs, cost: (i: number, j: number) => number) {
  for (let improved = true; improved;) {
    improved = false;
    for (let p = 0; p < pairs.length; p++)
      for (let q = p + 1; q < pairs.length; q++) {
        const [a, b] = pairs[p] as [number, number];
        const [c, d] = pairs[q] as [number, number];
        const now = cost(a, b) + cost(c, d);
        if (cost(a, c) + cost(b, d) < now) {
          [pairs[p], pairs[q]] = [
            [a, c],
            [b, d],
          ];
          improved = true;
        } else if (cost(a, d) + cost(b, c) < now) {
          [pairs[p], pairs[q]] = [
            [a, d],
            [b, c],
          ];
          improved = true;
        }
      }
  }
}
