import { and, asc, between, eq } from 'drizzle-orm';
import { computeStandings } from '../../../common/evenings';
import {
  byStanding,
  countTable,
  TABLE_DAYS_DEFAULT,
  TABLE_MIN_GAMES,
  type TableGame,
} from '../../../common/leaderboard';
import { shortPublicName } from '../../../common/names';
import { addDays, localParts } from '../../../common/schedule';
import type { TLeaderboard } from '../../../common/schemas/leaderboard';
import type { DbOrTx } from '../../../db/client';
import {
  evenings,
  groupMatches,
  groupMembers,
  matches,
  matchResults,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { roundsOf } from '../evenings/read';
import { membershipOf } from '../groups/access';

const onlyPlayers = (team: readonly unknown[]) =>
  team.filter((e): e is number => typeof e === 'number');

/** Confirmed results of the group's competitive matches played in the window. */
async function resultGames(db: DbOrTx, groupId: number, from: string, to: string) {
  const rows = await db
    .select({ teams: matchResults.teams, winner: matchResults.winner })
    .from(matchResults)
    .innerJoin(matches, eq(matches.id, matchResults.matchId))
    .innerJoin(groupMatches, eq(groupMatches.matchId, matches.id))
    .where(
      and(
        eq(groupMatches.groupId, groupId),
        eq(matches.kind, 'competitif'),
        eq(matchResults.status, 'confirmed'),
        between(matches.date, from, to),
      ),
    );
  return rows.map((r): TableGame => ({
    teams: r.teams.map(onlyPlayers),
    winner: r.winner === 0 ? 0 : 1,
  }));
}

/** The group's finished competitive evenings in the window: their scored games and placings. */
async function eveningGames(db: DbOrTx, groupId: number, from: string, to: string) {
  const done = await db
    .select({ id: evenings.matchId, sitOut: evenings.sitOutRule })
    .from(evenings)
    .innerJoin(matches, eq(matches.id, evenings.matchId))
    .where(
      and(
        eq(evenings.groupId, groupId),
        eq(evenings.status, 'finished'),
        eq(matches.kind, 'competitif'),
        between(matches.date, from, to),
      ),
    );
  const games: TableGame[] = [];
  const placings: number[][] = [];
  for (const e of done) {
    const rounds = await roundsOf(db, e.id);
    for (const g of rounds.flatMap((r) => r.games)) {
      if (!g.score) continue;
      const [a, b] = g.score;
      games.push({ teams: g.teams, winner: a === b ? null : a > b ? 0 : 1 });
    }
    placings.push(computeStandings({ rounds, sitOut: e.sitOut }).map((s) => s.user_id));
  }
  return { games, placings };
}

/**
 * A group's table for one of its members (DESIGN.md "season and trust"): over the last `days`
 * local days (90 unless said), today included. Every game counts for everyone in it; only members
 * who opted in (« Apparaître dans les classements ») are listed, as « Prénom N. », ranked from
 * `TABLE_MIN_GAMES` games on. Anyone else gets the group's 404.
 */
export async function groupLeaderboard(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  groupId: number,
  days = TABLE_DAYS_DEFAULT,
): Promise<TLeaderboard> {
  await membershipOf(deps.db, actor, groupId);
  const to = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  const from = addDays(to, 1 - days);
  const [results, nights, shown] = await Promise.all([
    resultGames(deps.db, groupId, from, to),
    eveningGames(deps.db, groupId, from, to),
    deps.db
      .select({ id: users.id, name: users.name })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(users.leaderboard, true)))
      .orderBy(asc(users.id)),
  ]);
  const lines = countTable([...results, ...nights.games], nights.placings);
  const names = new Map(shown.map((u) => [u.id, shortPublicName(u.name)]));
  const listed = [...lines.values()].filter((l) => names.has(l.user_id)).sort(byStanding);
  const ranked = listed.filter((l) => l.played >= TABLE_MIN_GAMES);
  const rows = [...ranked, ...listed.filter((l) => l.played < TABLE_MIN_GAMES)].map((l) => ({
    ...l,
    name: names.get(l.user_id) ?? '',
    rank: l.played >= TABLE_MIN_GAMES ? ranked.indexOf(l) + 1 : null,
  }));
  return { days, from, to, min_games: TABLE_MIN_GAMES, rows };
}
