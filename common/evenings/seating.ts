/**
 * What every format shares: the evening's limits, the number of games in a round, the random
 * helpers and who sits out.
 *
 * Sit-out rule (all formats): the players who sit out are those with the fewest « effective »
 * sit-outs so far; among equals, those who played the most games, then those whose last sit-out is
 * the oldest (never before), then a draw. A player's effective sit-outs are the rounds he sat out,
 * except that a player who was not there in the previous round (a late arrival, or someone back
 * after leaving) starts from at least the lowest count among those who were: he neither sits out at
 * once to « catch up » nor skips the rotation. When the history comes from these functions, the
 * effective counts of the present players never differ by more than 1; with an unchanged player
 * list they are the real counts, so nobody sits out twice before everyone has sat out once.
 */
import type { EveningRound, Rng, UserId } from './types';

export const EVENING_LIMITS = { minPlayers: 4, maxPlayers: 32, minCourts: 1, maxCourts: 8 };

/** Throws a RangeError for a player list or court count outside the evening's limits. */
export function checkInput(players: readonly UserId[], courts: number): void {
  const { minPlayers, maxPlayers, minCourts, maxCourts } = EVENING_LIMITS;
  if (players.length < minPlayers || players.length > maxPlayers)
    throw new RangeError(`An evening has ${minPlayers} to ${maxPlayers} players.`);
  if (!Number.isInteger(courts) || courts < minCourts || courts > maxCourts)
    throw new RangeError(`An evening has ${minCourts} to ${maxCourts} courts.`);
  if (new Set(players).size !== players.length || !players.every((p) => Number.isInteger(p)))
    throw new RangeError('Players are distinct integer ids.');
}

/** Games in a round: as many groups of four as the players make, within the courts. */
export const gamesPerRound = (players: number, courts: number) =>
  Math.min(courts, Math.floor(players / 4));

/** An integer in [0, n) from the injected source. */
export const randomInt = (rng: Rng, n: number) => Math.min(n - 1, Math.floor(rng() * n));

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Everyone in a round: the four of each game and the ones sitting out. */
export const presentIn = (round: EveningRound): UserId[] => [
  ...round.games.flatMap((g) => [...g.teams[0], ...g.teams[1]]),
  ...round.sitting_out,
];

/**
 * Effective sit-out counts of the given players after the history (see the rule at the top):
 * replays the rounds, lifting each arrival to the lowest count among the players who stay.
 */
export function sitOutCounts(
  players: readonly UserId[],
  history: readonly EveningRound[],
): Map<UserId, number> {
  const counts = new Map<UserId, number>();
  let previous = new Set<UserId>();
  const lift = (present: readonly UserId[]) => {
    const stayers = present.filter((p) => previous.has(p));
    const floor = stayers.length ? Math.min(...stayers.map((p) => counts.get(p) ?? 0)) : 0;
    for (const p of present)
      if (!previous.has(p)) counts.set(p, Math.max(counts.get(p) ?? 0, floor));
  };
  for (const round of history) {
    const present = presentIn(round);
    lift(present);
    for (const p of round.sitting_out) counts.set(p, (counts.get(p) ?? 0) + 1);
    previous = new Set(present);
  }
  lift(players);
  return new Map(players.map((p) => [p, counts.get(p) ?? 0]));
}

/** Games played by each player in the history. */
export function gamesPlayed(history: readonly EveningRound[]): Map<UserId, number> {
  const played = new Map<UserId, number>();
  for (const round of history)
    for (const game of round.games)
      for (const p of [...game.teams[0], ...game.teams[1]]) played.set(p, (played.get(p) ?? 0) + 1);
  return played;
}

/**
 * Who sits out the next round: `players.length - 4 * games` players, chosen by the rule at the
 * top. Returns them in the order of `players`.
 */
export function chooseSitOuts(
  players: readonly UserId[],
  courts: number,
  history: readonly EveningRound[],
  rng: Rng,
): UserId[] {
  const count = players.length - 4 * gamesPerRound(players.length, courts);
  if (count === 0) return [];
  const sat = sitOutCounts(players, history);
  const played = gamesPlayed(history);
  const lastSat = new Map<UserId, number>();
  history.forEach((round, i) => round.sitting_out.forEach((p) => lastSat.set(p, i)));
  const draw = new Map(players.map((p) => [p, rng()]));
  const order = [...players].sort(
    (a, b) =>
      (sat.get(a) ?? 0) - (sat.get(b) ?? 0) ||
      (played.get(b) ?? 0) - (played.get(a) ?? 0) ||
      (lastSat.get(a) ?? -1) - (lastSat.get(b) ?? -1) ||
      (draw.get(a) ?? 0) - (draw.get(b) ?? 0),
  );
  const out = new Set(order.slice(0, count));
  return players.filter((p) => out.has(p));
}

/** Key of an unordered pair of players. */
export const pairKey = (a: UserId, b: UserId) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** How many times each pair of players was partners, and opponents, in the history. */
export function pairCounts(history: readonly EveningRound[]) {
  const partners = new Map<string, number>();
  const opponents = new Map<string, number>();
  const bump = (map: Map<string, number>, a: UserId, b: UserId) =>
    map.set(pairKey(a, b), (map.get(pairKey(a, b)) ?? 0) + 1);
  for (const round of history)
    for (const { teams } of round.games) {
      for (const [a, b] of teams) bump(partners, a, b);
      for (const a of teams[0]) for (const b of teams[1]) bump(opponents, a, b);
    }
  return {
    partners: (a: UserId, b: UserId) => partners.get(pairKey(a, b)) ?? 0,
    opponents: (a: UserId, b: UserId) => opponents.get(pairKey(a, b)) ?? 0,
  };
}

/** Next round's number: one more than the last one. */
export const nextNumber = (history: readonly EveningRound[]) =>
  (history[history.length - 1]?.number ?? 0) + 1;
