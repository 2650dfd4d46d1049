/**
 * Whist schedules: for p players (p a multiple of 4), p-1 rounds in which every two players are
 * partners exactly once and opponents exactly twice. Each is Z-cyclic: players are the integers
 * modulo p-1 plus a fixed player (index p-1); the first round's games are listed below as
 * [a, b, c, d] (a+b against c+d, a = p-1 the fixed player), round i adds i to every other index.
 * The first rounds were found by a computer search (backtracking, then simulated annealing for the
 * largest sizes) and are checked by tests/unit/evenings-americano.test.ts.
 */
import type { Pairs } from './matching';

const FIRST_ROUNDS: Record<number, [number, number, number, number][]> = {
  4: [[3, 0, 1, 2]],
  8: [
    [7, 6, 5, 3],
    [1, 2, 4, 0],
  ],
  12: [
    [11, 9, 7, 6],
    [5, 10, 0, 3],
    [2, 4, 8, 1],
  ],
  16: [
    [15, 4, 0, 1],
    [14, 7, 9, 13],
    [8, 10, 6, 3],
    [5, 11, 12, 2],
  ],
  20: [
    [19, 3, 0, 11],
    [8, 12, 18, 13],
    [4, 6, 9, 2],
    [7, 10, 14, 1],
    [15, 5, 17, 16],
  ],
  24: [
    [23, 2, 18, 3],
    [9, 6, 20, 1],
    [13, 11, 7, 16],
    [12, 5, 15, 14],
    [10, 0, 17, 22],
    [4, 21, 19, 8],
  ],
  28: [
    [27, 19, 26, 10],
    [23, 18, 1, 5],
    [7, 9, 4, 11],
    [0, 17, 15, 16],
    [20, 6, 3, 12],
    [14, 22, 8, 2],
    [25, 13, 24, 21],
  ],
  32: [
    [31, 20, 26, 9],
    [25, 2, 17, 24],
    [29, 1, 3, 22],
    [13, 19, 28, 15],
    [27, 16, 30, 8],
    [5, 4, 23, 18],
    [11, 7, 12, 14],
    [0, 10, 21, 6],
  ],
};

/** A round as games of two teams of indices. */
export type IndexRound = [Pairs[number], Pairs[number]][];

/** The p-1 rounds of the whist schedule for p players (4, 8... 32: every size a round can have). */
export function whistRounds(p: number): IndexRound[] {
  const first = FIRST_ROUNDS[p];
  if (!first) throw new RangeError(`No whist schedule for ${p} players.`);
  const q = p - 1;
  const shift = (x: number, i: number) => (x === q ? q : (x + i) % q);
  return Array.from({ length: q }, (_, i) =>
    first.map(([a, b, c, d]): IndexRound[number] => [
      [shift(a, i), shift(b, i)],
      [shift(c, i), shift(d, i)],
    ]),
  );
}

/** The sizes with a known schedule. */
export const WHIST_SIZES = Object.keys(FIRST_ROUNDS).map(Number);
