import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { TABLE_TEXT } from '../../common/messages-season';
import type { TTeamEntry } from '../../common/results';
import {
  eveningGames,
  eveningRounds,
  evenings,
  groupMatches,
  groupMembers,
  groups,
  matchResults,
  users,
} from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from './groups-support';
import { createPlace, insertMatch, trpcError } from './matches-support';

/**
 * A group's table (issue 43) against a seeded group whose points are counted by hand in the
 * comments: competitive results and a competitive evening of the group count, nothing else does,
 * and only members who opted in are listed.
 */
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let rest: ReturnType<typeof restAs>;
let [ana, bob, cat, dan, eve, out]: TestUser[] = [];
let groupId: number;
let placeId: number;

const game = (a: number[], b: number[]): TTeamEntry[][] => [a, b];

async function played(
  date: string,
  teams: TTeamEntry[][],
  winner: 0 | 1,
  o: { kind?: 'amical' | 'competitif'; group?: boolean; status?: 'confirmed' | 'pending' } = {},
) {
  const m = await insertMatch(t, {
    placeId,
    createdBy: ana!.id,
    date,
    time: '18:00',
    kind: o.kind ?? 'competitif',
  });
  if (o.group !== false) await t.db.db.insert(groupMatches).values({ matchId: m.id, groupId });
  await t.db.db.insert(matchResults).values({
    matchId: m.id,
    teams,
    sets: [[6, 3]],
    winner,
    status: o.status ?? 'confirmed',
  });
}

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  rest = restAs(t);
  // One after the other: the evening's ties are broken by user id, so ids follow this order.
  const made: TestUser[] = [];
  for (const name of [
    'Ana Lopez',
    'Bob Martin',
    'Cat Durand',
    'Dan Petit',
    'Eve Morel',
    'Oscar Hors',
  ])
    made.push(await createUser(t.deps, { name }));
  [ana, bob, cat, dan, eve, out] = made;
  placeId = (await createPlace(t, { name: 'Padel Club Table' })).id;
  const [g] = await t.db.db
    .insert(groups)
    .values({ name: 'Les jeudis', inviteToken: 'table-group-token-000000' })
    .returning({ id: groups.id });
  groupId = g!.id;
  await t.db.db
    .insert(groupMembers)
    .values([ana, bob, cat, dan, eve].map((u) => ({ groupId, userId: u!.id })));
  // Everyone but Dan chose to appear.
  for (const u of [ana, bob, cat, eve])
    await t.caller(u).users.update({ name: u!.name, level: 'Niveau 3', leaderboard: true });

  const [a, b, c, d, e] = [ana, bob, cat, dan, eve].map((u) => u!.id);
  await played('2026-06-01', game([a!, b!], [c!, d!]), 0); // a, b +3; c, d +1
  await played('2026-06-05', game([a!, c!], [b!, d!]), 1); // b, d +3; a, c +1
  await played('2026-06-06', game([a!, b!], [c!, d!]), 0, { kind: 'amical' }); // not counted
  await played('2026-06-06', game([a!, b!], [c!, d!]), 0, { group: false }); // not the group's
  await played('2026-06-07', game([a!, b!], [c!, d!]), 0, { status: 'pending' }); // not confirmed
  await played('2026-02-01', game([b!, e!], [a!, c!]), 0); // 129 days ago: b, e +3; a, c +1

  // A finished competitive evening of the group: a, e beat c, d 21–10; placings a, e, c (ids).
  const night = await insertMatch(t, {
    placeId,
    createdBy: a!,
    date: '2026-06-08',
    time: '19:00',
    kind: 'competitif',
  });
  await t.db.db.insert(evenings).values({
    matchId: night.id,
    format: 'americano',
    courts: 1,
    pointsPerGame: 21,
    groupId,
    status: 'finished',
  });
  await t.db.db.insert(eveningRounds).values({ matchId: night.id, number: 1, sittingOut: [] });
  await t.db.db.insert(eveningGames).values({
    matchId: night.id,
    round: 1,
    court: 1,
    teamA: [a!, e!],
    teamB: [c!, d!],
    scoreA: 21,
    scoreB: 10,
  });
});
afterAll(() => t.close());

const line = (u: TestUser, points: number, played: number, wins: number, rank: number | null) => ({
  user_id: u.id,
  name: `${u.name.split(' ')[0]} ${u.name.split(' ')[1]![0]}.`,
  points,
  played,
  wins,
  rank,
});

describe('a group’s table', () => {
  it('matches the hand count over the last 90 days, opted-in members only, ranked from 3 games (tRPC and REST)', async () => {
    // a: 3 + 1 + 3 (evening win) + 3 (first) = 10 in 3; c: 1 + 1 + 1 + 1 (third) = 4 in 3;
    // b: 3 + 3 = 6 in 2 and e: 3 + 2 (second) = 5 in 1, not yet ranked; Dan did not opt in.
    const expected = [
      line(ana!, 10, 3, 2, 1),
      line(cat!, 4, 3, 0, 2),
      line(bob!, 6, 2, 2, null),
      line(eve!, 5, 1, 1, null),
    ];
    const table = await t.caller(bob).groups.leaderboard({ id: groupId });
    expect(table).toMatchObject({ days: 90, from: '2026-03-13', to: '2026-06-10', min_games: 3 });
    expect(table.rows).toEqual(expected);
    const viaRest = await rest(cat!, 'GET', `/api/groups/${groupId}/leaderboard`);
    expect(viaRest).toEqual({ status: 200, body: expected });
  });

  it('over a longer window counts the older game too', async () => {
    const table = await rest(ana!, 'GET', `/api/groups/${groupId}/leaderboard?days=365`);
    // b: 6 + 3 = 9 in 3; e: 5 + 3 = 8 in 2; a: 10 + 1 = 11 in 4; c: 4 + 1 = 5 in 4.
    expect(table.body).toEqual([
      line(ana!, 11, 4, 2, 1),
      line(bob!, 9, 3, 3, 2),
      line(cat!, 5, 4, 0, 3),
      line(eve!, 8, 2, 2, null),
    ]);
  });

  it('a member who opts out disappears from every door; their opponents keep their points', async () => {
    await t.caller(bob).users.update({ name: bob!.name, level: 'Niveau 3', leaderboard: false });
    const rows = (await t.caller(ana).groups.leaderboard({ id: groupId })).rows;
    expect(rows.map((r) => r.user_id)).toEqual([ana!.id, cat!.id, eve!.id]);
    expect(rows[0]!.points).toBe(10);
    const body = JSON.stringify(
      (await rest(ana!, 'GET', `/api/groups/${groupId}/leaderboard`)).body,
    );
    expect(body).not.toContain('Bob');
    expect(body).not.toContain('Dan');
    // Opting in again brings them back; Dan's choice is his own.
    await t.caller(bob).users.update({ name: bob!.name, level: 'Niveau 3', leaderboard: true });
    expect(await t.caller(bob).users.get({ id: bob!.id })).toMatchObject({ leaderboard: true });
    expect((await t.caller(dan).users.get({ id: dan!.id })).leaderboard).toBe(false);
  });

  it('is the group’s 404 to a non-member; a bad period is a French 400 that changes nothing', async () => {
    expect(await trpcError(t.caller(out).groups.leaderboard({ id: groupId }))).toMatchObject({
      code: 'NOT_FOUND',
      message: GROUP_MSG.notFound,
    });
    expect(await rest(out!, 'GET', `/api/groups/${groupId}/leaderboard`)).toEqual({
      status: 404,
      body: { error: GROUP_MSG.notFound },
    });
    for (const days of ['0', '366', 'abc'])
      expect(await rest(ana!, 'GET', `/api/groups/${groupId}/leaderboard?days=${days}`)).toEqual({
        status: 400,
        body: { error: TABLE_TEXT.daysInvalid(365) },
      });
    expect(await rest(null, 'GET', `/api/groups/${groupId}/leaderboard`)).toMatchObject({
      status: 401,
    });
    const [dan2] = await t.db.db
      .select({ leaderboard: users.leaderboard })
      .from(users)
      .where(eq(users.id, dan!.id));
    expect(dan2!.leaderboard).toBe(false);
  });
});
