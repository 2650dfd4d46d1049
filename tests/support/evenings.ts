import { expect } from 'vitest';
import { gamesPerRound } from '../../common/evenings/seating';
import type { EveningRound, Rng, UserId } from '../../common/evenings/types';

/** A seeded random source (mulberry32), so that a failing case replays. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

/** Scores every game of a round: totals of `points` (Americano, Mexicano), drawn from `rng`. */
export function scored(round: EveningRound, rng: Rng, points = 24): EveningRound {
  return {
    ...round,
    games: round.games.map((g) => {
      const a = Math.floor(rng() * (points + 1));
      return { ...g, score: [a, points - a] };
    }),
  };
}

/** The players of a round's games, team by team. */
export const playingIn = (round: EveningRound): UserId[] =>
  round.games.flatMap((g) => [...g.teams[0], ...g.teams[1]]);

/**
 * A round is well formed for these players and courts: as many games as fit, numbered courts 1..g,
 * four distinct players a game, each player seated once (playing or sitting out), nobody else.
 */
export function expectWellFormed(
  round: EveningRound,
  players: readonly UserId[],
  courts: number,
): void {
  const games = gamesPerRound(players.length, courts);
  expect(round.games.length).toBe(games);
  expect(round.games.length).toBeLessThanOrEqual(courts);
  expect(round.games.map((g) => g.court)).toEqual(ids(games));
  for (const g of round.games) expect(new Set([...g.teams[0], ...g.teams[1]]).size).toBe(4);
  const seated = [...playingIn(round), ...round.sitting_out];
  expect(seated.length).toBe(players.length);
  expect([...seated].sort((a, b) => a - b)).toEqual([...players].sort((a, b) => a - b));
  expect(round.sitting_out.length).toBe(players.length - 4 * games);
}

/** How many times each player sat out in the rounds. */
export function sitOutTally(rounds: readonly EveningRound[], players: readonly UserId[]) {
  const tally = new Map(players.map((p) => [p, 0]));
  for (const r of rounds) for (const p of r.sitting_out) tally.set(p, (tally.get(p) ?? 0) + 1);
  return players.map((p) => tally.get(p) ?? 0);
}

/** Times each unordered pair partnered. */
export function partnerTally(rounds: readonly EveningRound[]) {
  const tally = new Map<string, number>();
  for (const r of rounds)
    for (const g of r.games)
      for (const [a, b] of g.teams) {
        const key = a < b ? `${a}-${b}` : `${b}-${a}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
  return tally;
}

/** Times each unordered pair faced each other. */
export function opponentTally(rounds: readonly EveningRound[]) {
  const tally = new Map<string, number>();
  for (const r of rounds)
    for (const { teams } of r.games)
      for (const a of teams[0])
        for (const b of teams[1]) {
          const key = a < b ? `${a}-${b}` : `${b}-${a}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
        }
  return tally;
}

/**
 * A played round from its games as `[a, b, c, d, scoreA, scoreB]` (a+b against c+d), courts
 * numbered from 1 in order.
 */
export const playedRound = (
  number: number,
  games: readonly (readonly [UserId, UserId, UserId, UserId, number, number])[],
  sittingOut: UserId[] = [],
): EveningRound => ({
  number,
  games: games.map(([a, b, c, d, x, y], i) => ({
    court: i + 1,
    teams: [
      [a, b],
      [c, d],
    ],
    score: [x, y],
  })),
  sitting_out: sittingOut,
});
