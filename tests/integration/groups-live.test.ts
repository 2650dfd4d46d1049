import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import type { TGroupDetail } from '../../common/schemas/groups';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { openSse, type SseEvent, type SseStream, serveStreams } from '../support/sse';
import { createPlace } from './matches-support';

/**
 * The group page, live (issue 38): `groups.onChange` (tRPC over SSE) sends the page as
 * `groups.byId` answers it, at once and after every change of its members, matches or polls, on
 * any instance; members only, an outsider getting the answer of an unknown group.
 */
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let base: string;
let served: Awaited<ReturnType<typeof serveStreams>>;
let placeId: number;
const people: TestUser[] = [];
const u = (i: number) => people[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW, env: { LIVE_PING_MS: '300' } });
  placeId = (await createPlace(t, { name: 'Padel Club Groupe' })).id;
  for (let i = 0; i < 8; i++)
    people.push(await createUser(t.deps, { name: `Membre${i} Morel`, level: 'Niveau 3' }));
  served = await serveStreams(t.app);
  base = served.base;
}, 60_000);
afterAll(async () => {
  served.release();
  await t.close();
});

const subscribe = (input: unknown, user: TestUser) =>
  openSse(
    `${base}/trpc/groups.onChange?input=${encodeURIComponent(JSON.stringify(input))}`,
    user.headers,
  ).then(served.track);
/** The next data or error frame (tRPC's own frames skipped). */
const frame = async (s: SseStream): Promise<SseEvent> => {
  for (;;) {
    const e = await s.next();
    if (e.event === 'message' || e.event === 'serialized-error') return e;
  }
};
const page = async (s: SseStream) => {
  const e = await frame(s);
  expect(e.event).toBe('message');
  return JSON.parse(e.data) as TGroupDetail;
};

async function group(admin: TestUser, members: TestUser[]) {
  const g = await t.caller(admin).groups.create({ name: 'Groupe en direct' });
  for (const m of members) await t.caller(m).groups.join({ token: g.invite_token });
  return g;
}

describe(`groups.onChange, tRPC over SSE (${DB})`, () => {
  it('a member sees « Membres (3) » when a third joins, then the new group match and its players', async () => {
    const [ana, ben, carl] = [u(0), u(1), u(2)];
    const g = await group(ana, [ben]);
    const s = await subscribe({ id: g.id }, ben);
    const first = await page(s);
    expect(first).toEqual(await t.caller(ben).groups.byId({ id: g.id }));
    expect(first.members).toHaveLength(2);

    await t.caller(carl).groups.join({ token: g.invite_token });
    const joined = await page(s);
    expect(joined.members.map((m) => m.name)).toEqual(['Membre0 M.', 'Membre1 M.', 'Membre2 M.']);

    const m = await t.caller(ana).groups.createMatch({
      id: g.id,
      place_id: placeId,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    let seen = await page(s);
    // One change may come in one or two reads (the match is born, then told): wait for it.
    while (!seen.matches.some((x) => x.id === m.id)) seen = await page(s);
    const before = seen.matches.find((x) => x.id === m.id)!.missing_players;

    await t.caller(carl).matches.join({ id: m.id });
    seen = await page(s);
    while (seen.matches.find((x) => x.id === m.id)!.missing_players === before)
      seen = await page(s);
    expect(seen.matches.find((x) => x.id === m.id)!.missing_players).toBe(before - 1);
  });

  it('refuses an outsider exactly like an unknown group (NOT_FOUND, same French text)', async () => {
    const g = await group(u(3), [u(4)]);
    const stranger = await frame(await subscribe({ id: g.id }, u(5)));
    const unknown = await frame(await subscribe({ id: 2_000_000_000 }, u(5)));
    for (const e of [stranger, unknown]) {
      expect(e.event).toBe('serialized-error');
      expect(JSON.parse(e.data)).toMatchObject({
        message: GROUP_MSG.notFound,
        data: { code: 'NOT_FOUND' },
      });
    }
  });

  it('a member removed from the group is told the group is gone for them, and sees nothing more', async () => {
    const [boss, dan] = [u(6), u(7)];
    const g = await group(boss, [dan]);
    const s = await subscribe({ id: g.id }, dan);
    await page(s);
    await t.caller(boss).groups.removeMember({ id: g.id, userId: dan.id });
    const e = await frame(s);
    expect(e.event).toBe('serialized-error');
    expect(JSON.parse(e.data)).toMatchObject({
      message: GROUP_MSG.notFound,
      data: { code: 'NOT_FOUND' },
    });
  });
});
