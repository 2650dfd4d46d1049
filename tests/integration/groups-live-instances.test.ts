import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '../../common/schemas/chat';
import type { TPoll } from '../../common/schemas/groups';
import { createDb, type DbHandle } from '../../db/client';
import { places } from '../../db/schema';
import { systemClock } from '../../server/lib/clock';
import { createSecrets } from '../../server/lib/secrets';
import { TEST_SECRET } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { openSse, type SseEvent, type SseStream } from '../support/sse';

const pg = serverUrl();
if (!pg)
  console.warn(
    '[groups-live-instances] skipped: LISTEN/NOTIFY across processes needs PostgreSQL (TEST_DATABASE_URL)',
  );

/**
 * Two server processes on one PostgreSQL database: a poll's counts and a group's chat, followed
 * on instance B, change live when members answer or write through instance A.
 */
describe.runIf(pg)('live polls and group chat across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let handle: DbHandle;
  let boss: TestUser;
  let members: TestUser[];
  let placeId: number;
  let groupId: number;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await startServerProcess();
    b = await startServerProcess({ databaseUrl: a.databaseUrl });
    handle = await createDb({ url: a.databaseUrl!, max: 2 });
    const deps = { db: handle.db, clock: systemClock, secrets: createSecrets(TEST_SECRET) };
    boss = await createUser(deps, { name: 'Camille Instances', level: 'Niveau 3' });
    members = [];
    for (let i = 0; i < 4; i++)
      members.push(await createUser(deps, { name: `Membre${i} Instances` }));
    const [place] = await handle.db
      .insert(places)
      .values({ name: 'Club Deux', address: '2 rue du Padel', city: 'Lyon', isActive: true })
      .returning();
    placeId = place!.id;
    const made = await call(a, boss, 'POST', '/groups', { name: 'Deux instances' });
    expect(made.status).toBe(201);
    groupId = Number(made.body.id);
    for (const [i, m] of members.entries())
      expect(
        (await call(i % 2 ? a : b, m, 'POST', '/groups/join', { token: made.body.invite_token }))
          .status,
      ).toBe(200);
  }, 180_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await handle?.close();
    await b?.stop();
    await a?.stop();
  }, 60_000);

  async function call(
    server: ServerProcess,
    user: TestUser,
    method: string,
    path: string,
    body?: object,
  ) {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  async function newPoll() {
    const res = await call(a, boss, 'POST', `/groups/${groupId}/polls`, {
      slots: [
        { place_id: placeId, date: day(3), time: '18:00' },
        { place_id: placeId, date: day(4), time: '18:00' },
      ],
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      size: 4,
    });
    expect(res.status).toBe(201);
    const poll = res.body as unknown as TPoll;
    return { id: poll.id, slot: String(poll.slots[0]!.id) };
  }
  const open = async (url: string, user: TestUser) => {
    const s = await openSse(url, user.headers);
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };
  /** The next data frame (tRPC's `connected` and pings skipped). */
  const data = async (s: SseStream, timeoutMs = 5000): Promise<SseEvent> => {
    for (;;) {
      const e = await s.next(timeoutMs);
      if (e.event !== 'connected' && e.event !== 'ping') return e;
    }
  };
  const ouiOf = (e: SseEvent) => (JSON.parse(e.data) as TPoll).slots[0]!.counts.oui;

  it('answers committed on A reach a poll stream (SSE) on B, one event per answer, with the counts', async () => {
    const { id, slot } = await newPoll();
    const onB = await open(`${b.url}/api/polls/${id}/events`, members[0]!);
    expect(ouiOf(await data(onB))).toBe(0);
    const delays: number[] = [];
    for (const [i, m] of members.slice(1).entries()) {
      const sent = performance.now();
      expect(
        (await call(a, m, 'PUT', `/polls/${id}/answers`, { answers: { [slot]: 'oui' } })).status,
      ).toBe(200);
      const e = await data(onB);
      delays.push(Math.round(e.at - sent));
      expect(e.event).toBe('poll');
      expect(ouiOf(e)).toBe(i + 1);
    }
    // The fourth « oui » makes the match: B sees the poll matched.
    const sent = performance.now();
    await call(a, boss, 'PUT', `/polls/${id}/answers`, { answers: { [slot]: 'oui' } });
    const matched = await data(onB);
    delays.push(Math.round(matched.at - sent));
    expect(JSON.parse(matched.data)).toMatchObject({
      status: 'matched',
      match_id: expect.any(Number) as unknown,
    });
    console.log(
      `[groups-live-instances] poll answers on A seen on B after ${delays.join(', ')} ms (request to event, commit included)`,
    );
  });

  it('groups.onPoll (tRPC over SSE) on B follows answers made on A', async () => {
    const { id, slot } = await newPoll();
    const input = encodeURIComponent(JSON.stringify({ id }));
    const onB = await open(`${b.url}/trpc/groups.onPoll?input=${input}`, members[1]!);
    expect(ouiOf(await data(onB))).toBe(0);
    await call(a, members[2]!, 'PUT', `/polls/${id}/answers`, { answers: { [slot]: 'oui' } });
    expect(ouiOf(await data(onB))).toBe(1);
  });

  it('a group message posted on A reaches a member’s chat stream on B', async () => {
    const list = await fetch(
      `${b.url}/trpc/chat.list?input=${encodeURIComponent(JSON.stringify({ id: groupId, room: 'group' }))}`,
      {
        headers: members[3]!.headers,
      },
    );
    const rev = ((await list.json()) as { result: { data: { rev: number } } }).result.data.rev;
    const input = encodeURIComponent(
      JSON.stringify({ id: groupId, room: 'group', lastEventId: String(rev) }),
    );
    const onB = await open(`${b.url}/trpc/chat.onMessage?input=${input}`, members[3]!);
    const sent = performance.now();
    const posted = await call(a, members[0]!, 'POST', `/groups/${groupId}/messages`, {
      text: 'Qui joue samedi ?',
    });
    expect(posted.status).toBe(201);
    // A system line of the earlier poll (written by the worker after its commit) may come first.
    let e = await data(onB);
    while ((JSON.parse(e.data) as TChatMessage).kind === 'system') e = await data(onB);
    console.log(
      `[groups-live-instances] group message on A seen on B after ${Math.round(e.at - sent)} ms`,
    );
    expect(JSON.parse(e.data) as TChatMessage).toMatchObject({
      text: 'Qui joue samedi ?',
      author: { first_name: 'Membre0', last_initial: 'I.' },
    });
  });
});
