/**
 * The evening's table. A player's points are his team's scores in the games played; `games` the
 * games played, `wins` the games his team won, `diff` his team's points minus the opponents'.
 * A round sat out adds, with the rule 'average', the player's points per game played (over the
 * whole evening; 0 before his first game), with 'zero' nothing. A sit-out counts only once its
 * round has at least one score (the round was played). Points are rounded to one decimal.
 *
 * Order: points, then wins, then point difference, then head to head: among players level on all
 * three, the games won against each other when they were opponents, then the point difference in
 * those games (for two players, their own meetings; for more, each one's results against the others
 * of the group), then the user id (a stable last resort).
 */
import type { EveningRound, SitOutRule, StandingRow, UserId } from './types';

export interface StandingsInput {
  rounds: readonly EveningRound[];
  sitOut: SitOutRule;
  /** Players to list even without a game (the present players); everyone in the rounds is listed. */
  players?: readonly UserId[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function computeStandings({ rounds, sitOut, players = [] }: StandingsInput): StandingRow[] {
  const rows = new Map<UserId, StandingRow & { sat: number }>();
  const row = (id: UserId) => {
    let r = rows.get(id);
    if (!r) rows.set(id, (r = { user_id: id, points: 0, games: 0, wins: 0, diff: 0, sat: 0 }));
    return r;
  };
  players.forEach(row);
  /** For head to head: wins and point difference of a against b when they were opponents. */
  const meetings = new Map<string, { wins: number; diff: number }>();
  const meet = (a: UserId, b: UserId, own: number, other: number) => {
    const key = `${a}>${b}`;
    const m = meetings.get(key) ?? { wins: 0, diff: 0 };
    meetings.set(key, { wins: m.wins + (own > other ? 1 : 0), diff: m.diff + own - other });
  };
  for (const round of rounds) {
    for (const p of round.games.flatMap((g) => [...g.teams[0], ...g.teams[1]])) row(p);
    const played = round.games.some((g) => g.score);
    for (const p of round.sitting_out) row(p).sat += played ? 1 : 0;
    for (const { teams, score } of round.games) {
      if (!score) continue;
      teams.forEach((team, side) => {
        const own = score[side] as number;
        const other = score[1 - side] as number;
        for (const p of team) {
          const r = row(p);
          r.points += own;
          r.games++;
          r.wins += own > other ? 1 : 0;
          r.diff += own - other;
          for (const q of teams[1 - side] as readonly UserId[]) meet(p, q, own, other);
        }
      });
    }
  }
  const table: StandingRow[] = [...rows.values()].map(({ sat, ...r }) => ({
    ...r,
    points: round1(r.points + (sitOut === 'average' && r.games ? (sat * r.points) / r.games : 0)),
  }));
  const main = (a: StandingRow, b: StandingRow) =>
    b.points - a.points || b.wins - a.wins || b.diff - a.diff;
  table.sort(main);
  const ordered: StandingRow[] = [];
  for (let i = 0; i < table.length;) {
    let j = i + 1;
    while (j < table.length && main(table[i] as StandingRow, table[j] as StandingRow) === 0) j++;
    const group = table.slice(i, j);
    const ids = group.map((r) => r.user_id);
    const mini = new Map(
      ids.map((a) => {
        const sum = { wins: 0, diff: 0 };
        for (const b of ids) {
          const m = meetings.get(`${a}>${b}`);
          if (m) [sum.wins, sum.diff] = [sum.wins + m.wins, sum.diff + m.diff];
        }
        return [a, sum];
      }),
    );
    const h2h = (id: UserId) => mini.get(id) ?? { wins: 0, diff: 0 };
    group.sort(
      (a, b) =>
        h2h(b.user_id).wins - h2h(a.user_id).wins ||
        h2h(b.user_id).diff - h2h(a.user_id).diff ||
        a.user_id - b.user_id,
    );
    ordered.push(...group);
    i = j;
  }
  return ordered;
}
