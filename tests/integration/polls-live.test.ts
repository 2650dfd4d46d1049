import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import type { TPoll } from '../../common/schemas/groups';
import { closeDuePolls } from '../../server/services/groups/polls';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { openSse, type SseStream, serveStreams } from '../support/sse';
import { createPlace } from './matches-support';

/**
 * A poll's counts, live: `GET /api/polls/{id}/events` (SSE for third parties) and the client's
 * `groups.onPoll` (tRPC over SSE) send the poll as `GET /api/polls/{id}` answers it, at once and
 * after every answer, when it makes its match and when it closes; with the same access rules.
 */
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let base: string;
let served: Awaited<ReturnType<typeof serveStreams>>;
let placeId: number;
let boss: TestUser;
let admin: TestUser;
let outsider: TestUser;
const players: TestUser[] = [];
const p = (i: number) => players[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW, env: { LIVE_PING_MS: '300' } });
  placeId = (await createPlace(t, { name: 'Padel Club Sondage' })).id;
  boss = await createUser(t.deps, { name: 'Camille Martin', level: 'Niveau 3' });
  admin = await createAdmin(t.deps);
  outsider = await createUser(t.deps, { name: 'Jules Roux' });
  for (let i = 0; i < 6; i++) players.push(await createUser(t.deps, { name: `Léa${i} Morel` }));
  served = await serveStreams(t.app);
  base = served.base;
}, 60_000);
afterAll(async () => {
  served.release();
  await t.close();
});

/** A group of the boss and `members`, with an open poll of two slots making a match at `size`. */
async function poll(members: TestUser[], size = 3, closesAt = '2026-06-12T10:00:00Z') {
  const g = await t.caller(boss).groups.create({ name: 'Sondages en direct' });
  for (const u of members) await t.caller(u).groups.join({ token: g.invite_token });
  const made = await t.caller(boss).groups.createPoll({
    id: g.id,
    slots: [
      { place_id: placeId, date: '2026-06-16', time: '18:00' },
      { place_id: placeId, date: '2026-06-17', time: '18:00' },
    ],
    closes_at: closesAt,
    size,
  });
  return { groupId: g.id, id: made.id, slot: String(made.slots[0]!.id) };
}
const events = async (id: number, user: TestUser | null, headers: Record<string, string> = {}) => {
  const s = await openSse(`${base}/api/polls/${id}/events`, {
    ...(user ? user.headers : {}),
    ...headers,
  });
  served.track(s);
  return s;
};
const restPoll = async (id: number, user: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/polls/${id}`, headers: user.headers })
  ).json<TPoll>();
const counts = (poll: TPoll) => poll.slots.map((s) => s.counts);

describe(`GET /api/polls/{id}/events (${DB})`, () => {
  it('sends the poll as GET /api/polls/{id} answers it, at once and after every answer, by anyone', async () => {
    const { id, slot } = await poll([p(0), p(1)]);
    const s = await events(id, p(0));
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.next();
    expect(first.event).toBe('poll');
    expect(first.id).toMatch(/^\d+$/);
    expect(JSON.parse(first.data)).toEqual(await restPoll(id, p(0)));
    await t.caller(p(1)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    const after = await s.next();
    expect(BigInt(after.id!)).toBeGreaterThan(BigInt(first.id!));
    const seen = JSON.parse(after.data) as TPoll;
    expect(counts(seen)[0]).toEqual({ oui: 1, non: 0, 'peut-être': 0 });
    // The viewer's own answer is theirs: p(0) has not answered.
    expect(seen.slots[0]!.my_answer).toBeNull();
    expect(seen).toEqual(await restPoll(id, p(0)));
    await t.caller(boss).groups.answerPoll({ id, answers: { [slot]: 'peut-être' } });
    expect(counts(JSON.parse((await s.next()).data) as TPoll)[0]).toEqual({
      oui: 1,
      non: 0,
      'peut-être': 1,
    });
  });

  it('sends the poll when its answers make the match, and when it closes without one', async () => {
    const { id, slot } = await poll([p(2), p(3)], 2);
    const s = await events(id, boss);
    await s.next();
    await t.caller(p(2)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    await s.next();
    await t.caller(p(3)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    const matched = JSON.parse((await s.next()).data) as TPoll;
    expect(matched).toMatchObject({ status: 'matched', match_id: expect.any(Number) as unknown });
    expect(counts(matched)[0]!.oui).toBe(2);

    const closing = await poll([p(4)], 4, '2026-06-11T10:00:00Z');
    const c = await events(closing.id, p(4));
    await c.next();
    t.clock.set('2026-06-11T10:00:01Z');
    try {
      expect(await closeDuePolls(t.deps)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse((await c.next()).data)).toMatchObject({ status: 'closed', match_id: null });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('has the access rules of GET /api/polls/{id}: 401, 404 for an outsider, a site admin or an unknown poll; a member who leaves gets `deleted`', async () => {
    const { id, groupId, slot } = await poll([p(5)]);
    const anonymous = await events(id, null);
    expect(anonymous.status).toBe(401);
    for (const who of [outsider, admin]) {
      const refused = await events(id, who);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: GROUP_MSG.pollNotFound });
    }
    const unknown = await events(2_000_000_000, p(5));
    expect(unknown).toMatchObject({ status: 404, body: { error: GROUP_MSG.pollNotFound } });
    expect((await events(id, p(5), { 'last-event-id': 'x'.repeat(41) })).status).toBe(400);

    const s = await events(id, p(5));
    await s.next();
    await t.caller(p(5)).groups.leave({ id: groupId });
    // Nothing is sent for the leave itself; the next change finds them outside the group.
    await t.caller(boss).groups.answerPoll({ id, answers: { [slot]: 'non' } });
    const gone = await s.next();
    expect(gone).toMatchObject({ event: 'deleted' });
    expect(JSON.parse(gone.data)).toEqual({ id });
    await s.ended;
  });

  it('an erased account’s answers leave the counts, live', async () => {
    const zoe = await createUser(t.deps, { name: 'Zoé Effacée', pin: '4826' });
    const { id, slot } = await poll([p(1), zoe]);
    await t.caller(zoe).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    const s = await events(id, p(1));
    expect(counts(JSON.parse((await s.next()).data) as TPoll)[0]!.oui).toBe(1);
    await t.caller(zoe).users.deleteAccount({ id: zoe.id, pin: '4826' });
    expect(counts(JSON.parse((await s.next()).data) as TPoll)[0]!.oui).toBe(0);
  });

  it('honours Last-Event-ID: nothing at once when current, the poll at once when older', async () => {
    const { id, slot } = await poll([p(0)]);
    const first = await events(id, p(0));
    const current = (await first.next()).id!;
    first.close();
    const resumed = await events(id, p(0), { 'last-event-id': current });
    await t.caller(boss).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    // The first event is the answer's: a state sent at once would have come before it.
    const next = await resumed.next();
    expect(BigInt(next.id!)).toBeGreaterThan(BigInt(current));
    expect(counts(JSON.parse(next.data) as TPoll)[0]!.oui).toBe(1);
    const older = await events(id, p(0), { 'last-event-id': current });
    expect((await older.next()).id).toBe(next.id);
  });
});

describe(`groups.onPoll, tRPC over SSE (${DB})`, () => {
  const subscribe = (input: unknown, user: TestUser) =>
    openSse(
      `${base}/trpc/groups.onPoll?input=${encodeURIComponent(JSON.stringify(input))}`,
      user.headers,
    ).then(served.track);
  const data = async (s: SseStream) => {
    for (;;) {
      const e = await s.next();
      if (e.event === 'message' || e.event === 'serialized-error') return e;
    }
  };

  it('yields the poll as groups.poll answers it, at once and after another member answers', async () => {
    const { id, slot } = await poll([p(0), p(1)]);
    const s = await subscribe({ id }, p(0));
    const first = await data(s);
    expect(JSON.parse(first.data)).toEqual(await t.caller(p(0)).groups.poll({ id }));
    await t.caller(p(1)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    const after = await data(s);
    expect(BigInt(after.id!)).toBeGreaterThan(BigInt(first.id!));
    expect(JSON.parse(after.data)).toEqual(await t.caller(p(0)).groups.poll({ id }));
    expect(counts(JSON.parse(after.data) as TPoll)[0]!.oui).toBe(1);
  });

  it('refuses an outsider and an unknown poll alike (NOT_FOUND) in French', async () => {
    const { id } = await poll([]);
    const refused = await data(await subscribe({ id }, outsider));
    expect(refused.event).toBe('serialized-error');
    expect(JSON.parse(refused.data)).toMatchObject({
      message: GROUP_MSG.pollNotFound,
      data: { code: 'NOT_FOUND' },
    });
    const unknown = await data(await subscribe({ id: 2_000_000_000 }, boss));
    expect(JSON.parse(unknown.data)).toMatchObject({
      message: GROUP_MSG.pollNotFound,
      data: { code: 'NOT_FOUND' },
    });
  });
});
