/**
 * A group's table (issue 43): how its points are counted, shared by server and client. A game is
 * a confirmed result of a competitive group match, or a scored game of a finished competitive
 * evening of the group.
 */

/** A won game earns 3 points; any other game played earns 1 (turning up counts). */
export const TABLE_POINTS = { win: 3, played: 1 } as const;
/** A finished evening's first three get 3, 2 and 1 more. */
export const EVENING_BONUS = [3, 2, 1] as const;
/** Games a player needs in the window to be ranked; fewer are listed below, unranked. */
export const TABLE_MIN_GAMES = 3;
export const TABLE_DAYS_DEFAULT = 90;
export const TABLE_DAYS_MAX = 365;

export interface TableGame {
  /** Players' ids per team (reserved-seat guests left out). */
  teams: readonly (readonly number[])[];
  /** The winning team, or null for a draw (an evening's 12–12). */
  winner: 0 | 1 | null;
}

export interface TableLine {
  user_id: number;
  points: number;
  played: number;
  wins: number;
}

/**
 * Every player's points, games and wins from the games and the evenings' final placings (user
 * ids, first first). Players of all the games are counted, opted in or not: hiding a player
 * from the table takes nothing from their opponents.
 */
export function countTable(
  games: readonly TableGame[],
  placings: readonly (readonly number[])[],
): Map<number, TableLine> {
  const lines = new Map<number, TableLine>();
  const line = (id: number) => {
    let l = lines.get(id);
    if (!l) lines.set(id, (l = { user_id: id, points: 0, played: 0, wins: 0 }));
    return l;
  };
  for (const g of games)
    g.teams.forEach((team, side) => {
      for (const id of team) {
        const l = line(id);
        l.played += 1;
        if (g.winner === side) {
          l.wins += 1;
          l.points += TABLE_POINTS.win;
        } else l.points += TABLE_POINTS.played;
      }
    });
  for (const order of placings)
    EVENING_BONUS.forEach((bonus, i) => {
      const id = order[i];
      if (id !== undefined) line(id).points += bonus;
    });
  return lines;
}

/** Table order: points, then wins, then fewer games (same points in fewer games is better). */
export const byStanding = (a: TableLine, b: TableLine) =>
  b.points - a.points || b.wins - a.wins || a.played - b.played || a.user_id - b.user_id;
