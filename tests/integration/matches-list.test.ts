import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { removeUserFromMatches } from '../../server/services/matches/participation';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, insertMatch, matchRow, trpcError } from './matches-support';

// 10:00 in Paris on 10 June 2026.
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let alice: TestUser;
let bob: TestUser;
let p1: number;
let p2: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  [alice, bob] = await Promise.all([
    createUser(t.deps, { name: 'Alice' }),
    createUser(t.deps, { name: 'Bob' }),
  ]);
  p1 = (await createPlace(t, { name: 'Lyon Padel', city: 'Lyon' })).id;
  p2 = (await createPlace(t, { name: 'Nice Padel', city: 'Nice' })).id;
  const rows: [string, number, string, string, string[]][] = [
    ['yesterday', p1, '2026-06-09', '18:00', ['Niveau 1']],
    ['today-earlier', p1, '2026-06-10', '09:30', ['Niveau 1']],
    ['today-now', p1, '2026-06-10', '10:00', ['Niveau 2']],
    ['today-later', p2, '2026-06-10', '18:00', ['Niveau 3']],
    ['tomorrow-b', p2, '2026-06-11', '08:00', ['Niveau 2', 'Niveau 3']],
    ['tomorrow-a', p1, '2026-06-11', '07:00', ['Niveau 4']],
    ['next-week', p2, '2026-06-17', '12:00', ['Niveau 5']],
  ];
  for (const [key, placeId, date, time, levels] of rows)
    ids[key] = (await insertMatch(t, { placeId, createdBy: alice.id, date, time, levels })).id;
});
afterAll(() => t.close());

const keys = (items: { id: number }[]) =>
  items.map((m) => Object.entries(ids).find(([, id]) => id === m.id)?.[0]);

describe('matches.list', () => {
  it('shows upcoming matches only (now included), by date then time, with place and creator, no photos', async () => {
    const page = await t.caller().matches.list();
    expect(keys(page.items)).toEqual([
      'today-now',
      'today-later',
      'tomorrow-a',
      'tomorrow-b',
      'next-week',
    ]);
    expect(page.nextCursor).toBeNull();
    const first = page.items[0];
    expect(first).toEqual({
      id: ids['today-now'],
      place_id: p1,
      place_name: 'Lyon Padel',
      address: '1 rue du Padel',
      city: 'Lyon',
      date: '2026-06-10',
      time: '10:00',
      levels: ['Niveau 2'],
      slots: 3,
      missing_players: 3,
      created_by: alice.id,
      creator_name: 'Alice',
      participants: [],
      // Issue 42: amical and open to all unless the organiser says otherwise.
      kind: 'amical',
      gender: 'ouvert',
      // The app's card (issue 25): no one logged in, so no request of theirs.
      open_levels: false,
      my_request: null,
    });
    expect(JSON.stringify(page)).not.toMatch(/photo/);
  });

  it('filters by place, date range and level', async () => {
    expect(keys((await t.caller().matches.list({ placeId: p2 })).items)).toEqual([
      'today-later',
      'tomorrow-b',
      'next-week',
    ]);
    expect(
      keys((await t.caller().matches.list({ from: '2026-06-11', to: '2026-06-11' })).items),
    ).toEqual(['tomorrow-a', 'tomorrow-b']);
    expect(keys((await t.caller().matches.list({ level: 'Niveau 3' })).items)).toEqual([
      'today-later',
      'tomorrow-b',
    ]);
  });

  it('pages with an opaque cursor, without gaps or repeats, over tRPC and REST (x-next-cursor)', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.caller().matches.list({ limit: 2, cursor });
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(keys(seen.map((id) => ({ id })))).toEqual([
      'today-now',
      'today-later',
      'tomorrow-a',
      'tomorrow-b',
      'next-week',
    ]);

    const r1 = await t.app.inject({ method: 'GET', url: '/api/matches?limit=3' });
    const body = r1.json<{ id: number; levels: string; time: string }[]>();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((m) => m.id)).toEqual(seen.slice(0, 3));
    expect(body[0]).toMatchObject({ levels: '["Niveau 2"]', time: '10:00:00' });
    const next = r1.headers['x-next-cursor'] as string;
    const r2 = await t.app.inject({
      method: 'GET',
      url: `/api/matches?limit=3&cursor=${encodeURIComponent(next)}`,
    });
    expect(r2.json<{ id: number }[]>().map((m) => m.id)).toEqual(seen.slice(3));
    expect(r2.headers['x-next-cursor']).toBeUndefined();
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/matches?place_id=${p2}&level=Niveau%203&from=2026-06-11`,
    });
    expect(filtered.json<{ id: number }[]>().map((m) => m.id)).toEqual([ids['tomorrow-b']]);
  });

  it('refuses a forged cursor and a bad limit in French', async () => {
    expect(await trpcError(t.caller().matches.list({ cursor: 'bm9wZQ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.cursorInvalid,
    });
    expect(await restAs(t, null, 'GET', '/matches?cursor=xyz')).toMatchObject({
      status: 400,
      body: { error: MSG.match.cursorInvalid },
    });
    expect((await restAs(t, null, 'GET', '/matches?limit=1000')).status).toBe(400);
    expect(await trpcError(t.caller().matches.list({ from: '10/06/2026' }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.filterDateInvalid,
    });
  });

  it('lists participant ids per match', async () => {
    await t.caller(bob).matches.join({ id: ids['next-week']! });
    const page = await t.caller().matches.list({ from: '2026-06-17' });
    expect(page.items[0]).toMatchObject({
      missing_players: 2,
      participants: [{ user_id: bob.id }],
    });
  });

  it('sends the French zod message over the tRPC wire too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/matches.create',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: { place_id: p1, date: '2026-06-20', time: '18:00', levels: [], slots: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(MSG.match.levelRequired);
  });
});

describe('matches.mine', () => {
  it('lists created and joined matches, upcoming first, finished flagged, with the three counters', async () => {
    const carol = await createUser(t.deps, { name: 'Carol' });
    const own = await t.caller(carol).matches.create({
      place_id: p1,
      date: '2026-06-12',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 2,
    });
    await t.caller(carol).matches.join({ id: ids['tomorrow-a']! });
    const past = await insertMatch(t, {
      placeId: p1,
      createdBy: alice.id,
      date: '2026-06-01',
      time: '10:00',
      slots: 2,
      missing: 1,
    });
    await t.db.db.execute(
      `insert into match_participants (match_id, user_id) values (${past.id}, ${carol.id})`,
    );

    const mine = await t.caller(carol).matches.mine();
    expect(mine.matches.map((m) => [m.id, m.is_creator, m.is_finished])).toEqual([
      [ids['tomorrow-a'], false, false],
      [own.id, true, false],
      [past.id, false, true],
    ]);
    expect(mine.counters).toEqual({ created: 1, joined: 2, upcoming: 2, waiting: 0 });
    const viaRest = await restAs(t, carol, 'GET', '/matches/mine');
    expect(viaRest.body).toMatchObject({ counters: mine.counters });
    expect((viaRest.body.matches as { levels: string }[])[1]).toMatchObject({
      levels: '["Niveau 3"]',
      time: '19:00:00',
      is_creator: true,
    });
    expect(await restAs(t, null, 'GET', '/matches/mine')).toMatchObject({ status: 401 });
  });
});

describe('removeUserFromMatches (used before an admin deletes a user)', () => {
  it("gives back the user's places and forgets their participations", async () => {
    const dan = await createUser(t.deps);
    const m1 = await t.caller(alice).matches.create({
      place_id: p2,
      date: '2026-06-13',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 2,
    });
    const m2 = await t.caller(alice).matches.create({
      place_id: p2,
      date: '2026-06-14',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 1,
    });
    await t.caller(dan).matches.join({ id: m1.id });
    await t.caller(dan).matches.join({ id: m2.id });
    await t.caller(bob).matches.join({ id: m1.id });
    expect(await t.db.db.transaction((tx) => removeUserFromMatches(tx, t.deps, dan.id))).toBe(2);
    expect(await matchRow(t, m1.id)).toMatchObject({ missingPlayers: 1 });
    expect(await matchRow(t, m2.id)).toMatchObject({ missingPlayers: 1 });
    expect(
      (await t.caller(alice).matches.participants({ id: m1.id })).map((p) => p.user_id),
    ).toEqual([alice.id, bob.id]);
    expect((await t.caller(dan).matches.mine()).counters).toEqual({
      created: 0,
      joined: 0,
      upcoming: 0,
      waiting: 0,
    });
  });
});
