/**
 * Mexicano: the table makes the games. Round 1 groups the players at random, or by level when
 * levels are given (best first). Each later round ranks the playing players by the standings of
 * the rounds so far (standings.ts; a newcomer has no points yet) and seats them four by four, court
 * by court: 1st to 4th on court 1, 5th to 8th on court 2... In a group ranked 1st to 4th, the
 * pairing '1-4' plays 1st+4th against 2nd+3rd, '1-3' plays 1st+3rd against 2nd+4th. When the
 * chosen pairing would make two players partners again who were partners in the previous round,
 * the other pairing is taken if it repeats fewer of those partnerships. Sit-outs: seating.ts.
 */
import { checkInput, chooseSitOuts, nextNumber, pairKey, shuffle } from './seating';
import { computeStandings } from './standings';
import type {
  EveningGame,
  EveningRound,
  MexicanoPairing,
  NextRoundInput,
  SitOutRule,
  Team,
  UserId,
} from './types';

export interface MexicanoInput extends NextRoundInput {
  pairing: MexicanoPairing;
  /** The standings rule, which orders the table. */
  sitOut: SitOutRule;
  /** Levels by user id (higher is stronger), for round 1 only. */
  levels?: Readonly<Record<UserId, number>>;
}

type Group = [UserId, UserId, UserId, UserId];

/** The two teams of a group ranked 1st to 4th under a pairing. */
export function pairGroup([a, b, c, d]: Group, pairing: MexicanoPairing): [Team, Team] {
  return pairing === '1-4'
    ? [
        [a, d],
        [b, c],
      ]
    : [
        [a, c],
        [b, d],
      ];
}

/** Players ranked for round 1: by level (ties drawn), or drawn. */
export function firstRoundOrder(
  players: readonly UserId[],
  rng: NextRoundInput['rng'],
  levels?: Readonly<Record<UserId, number>>,
): UserId[] {
  const drawn = shuffle(players, rng);
  return levels ? drawn.sort((a, b) => (levels[b] ?? 0) - (levels[a] ?? 0)) : drawn;
}

export function nextMexicanoRound({
  players,
  courts,
  history,
  rng,
  pairing,
  sitOut,
  levels,
}: MexicanoInput): EveningRound {
  checkInput(players, courts);
  const sitting = chooseSitOuts(players, courts, history, rng);
  const out = new Set(sitting);
  const playing = players.filter((p) => !out.has(p));
  let ranked: UserId[];
  if (!history.length) ranked = firstRoundOrder(playing, rng, levels);
  else {
    const rank = new Map(
      computeStandings({ rounds: history, sitOut, players }).map((r, i) => [r.user_id, i]),
    );
    ranked = [...playing].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  }
  const last = new Set(
    history[history.length - 1]?.games.flatMap((g) => g.teams.map(([a, b]) => pairKey(a, b))),
  );
  const repeats = (teams: [Team, Team]) => teams.filter(([a, b]) => last.has(pairKey(a, b))).length;
  const other: MexicanoPairing = pairing === '1-4' ? '1-3' : '1-4';
  const games: EveningGame[] = [];
  for (let k = 0; 4 * k < ranked.length; k++) {
    const group = ranked.slice(4 * k, 4 * k + 4) as Group;
    const chosen = pairGroup(group, pairing);
    const alternative = pairGroup(group, other);
    const teams = repeats(alternative) < repeats(chosen) ? alternative : chosen;
    games.push({ court: k + 1, teams, score: null });
  }
  return { number: nextNumber(history), games, sitting_out: sitting };
}
