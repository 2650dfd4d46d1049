import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { trpc, type Method } from '../support/http';
import { openSse } from '../support/sse';
import { createPlace } from './matches-support';

/**
 * Existence oracles (issue 38, item 4): on every door that names one private match, one group or
 * one poll by id, a stranger gets exactly the answer of an id that does not exist (same status,
 * same French body), so walking the sequential ids tells them nothing.
 */
const NOW = '2026-06-10T08:00:00Z';
const UNKNOWN = 987_654;
let t: TestContext;
let base: string;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let placeId: number;
let privateMatch: number;
let groupId: number;
let pollId: number;
let slotId: number;
let weeklySlot: number;
let playedMatch: number;
let v2Key: string;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  placeId = (await createPlace(t, { name: 'Club Oracle', city: 'Tours' })).id;
  owner = await createUser(t.deps, { name: 'Olga Organisatrice' });
  stranger = await createUser(t.deps, { name: 'Sam Inconnu' });
  admin = await createAdmin(t.deps, { name: 'Admin Oracle' });
  privateMatch = (
    await t.caller(owner).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
      visibility: 'private',
    })
  ).id;
  const group = await t.caller(owner).groups.create({ name: 'Les secrets du mardi' });
  groupId = group.id;
  const poll = await t.caller(owner).groups.createPoll({
    id: groupId,
    slots: [
      { place_id: placeId, date: '2026-06-16', time: '18:00' },
      { place_id: placeId, date: '2026-06-17', time: '18:00' },
    ],
    closes_at: '2026-06-15T18:00:00Z',
  });
  pollId = poll.id;
  slotId = poll.slots[0]!.id;
  weeklySlot = (
    await t.caller(owner).groups.createSlot({
      id: groupId,
      weekday: 2,
      time: '18:00',
      place_id: placeId,
      levels: ['Niveau 3'],
      slots: 3,
    })
  ).id;
  // A private match already played, with a result waiting for the other team's answer.
  const played = await t.caller(owner).matches.create({
    place_id: placeId,
    date: '2026-06-12',
    time: '18:00',
    levels: ['Niveau 3'],
    slots: 3,
    visibility: 'private',
  });
  playedMatch = played.id;
  const token = (await t.caller(owner).matches.byId({ id: playedMatch })).share_token!;
  const mates: TestUser[] = [];
  for (const name of ['Ana A', 'Bob B', 'Cid C']) {
    const u = await createUser(t.deps, { name });
    await t.caller(u).matches.join({ id: playedMatch, token });
    mates.push(u);
  }
  t.clock.set(new Date('2026-06-12T20:00:00Z'));
  await t.caller(owner).results.enter({
    id: playedMatch,
    teams: [
      [owner.id, mates[0]!.id],
      [mates[1]!.id, mates[2]!.id],
    ],
    sets: [
      [6, 3],
      [6, 4],
    ],
  });
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: admin.headers,
    payload: { name: 'Intégrateur', scopes: ['matches:read', 'matches:write'] },
  });
  expect(issued.statusCode).toBe(201);
  v2Key = issued.json<{ key: string }>().key;
}, 60_000);
afterAll(() => t.close());

interface Answer {
  status: number;
  body: unknown;
}

const call = async (
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = stranger.headers,
): Promise<Answer> => {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    body: type.includes('json') ? res.json() : res.body,
  };
};

/** A tRPC call as the browser makes it: the status and the French message (not the stack path). */
const trpcAs = async (kind: 'query' | 'mutation', path: string, input: unknown) => {
  const res = await trpc(t.app, kind, path, input, { cookie: stranger.token });
  return { status: res.status, body: res.error };
};

type Door = readonly [name: string, ask: (id: number) => Promise<Answer>];

const result = {
  teams: [
    [1, 2],
    [3, 4],
  ],
  sets: [
    [6, 3],
    [6, 4],
  ],
};
const matchFields = {
  place_id: 0,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3'],
  slots: 3,
};

const matchDoors: Door[] = [
  ['GET /api/matches/{id}', (id) => call('GET', `/api/matches/${id}`)],
  ['GET participants', (id) => call('GET', `/api/matches/${id}/participants`)],
  ['GET calendar.ics', (id) => call('GET', `/api/matches/${id}/calendar.ics`)],
  [
    'PUT /api/matches/{id}',
    (id) => call('PUT', `/api/matches/${id}`, { ...matchFields, place_id: placeId }),
  ],
  ['DELETE /api/matches/{id}', (id) => call('DELETE', `/api/matches/${id}`)],
  ['POST join', (id) => call('POST', `/api/matches/${id}/join`, {})],
  ['POST leave', (id) => call('POST', `/api/matches/${id}/leave`, {})],
  ['POST waitlist', (id) => call('POST', `/api/matches/${id}/waitlist`, {})],
  ['DELETE waitlist', (id) => call('DELETE', `/api/matches/${id}/waitlist`)],
  ['DELETE participant', (id) => call('DELETE', `/api/matches/${id}/participants/${owner.id}`)],
  ['DELETE guest', (id) => call('DELETE', `/api/matches/${id}/guests/1`)],
  ['POST requests', (id) => call('POST', `/api/matches/${id}/requests`, {})],
  [
    'POST request accept',
    (id) => call('POST', `/api/matches/${id}/requests/${owner.id}/accept`, {}),
  ],
  [
    'POST request decline',
    (id) => call('POST', `/api/matches/${id}/requests/${owner.id}/decline`, {}),
  ],
  ['PUT result', (id) => call('PUT', `/api/matches/${id}/result`, result)],
  ['POST result confirm', (id) => call('POST', `/api/matches/${id}/result/confirm`, {})],
  [
    'POST result contest',
    (id) => call('POST', `/api/matches/${id}/result/contest`, { reason: 'Score faux' }),
  ],
  ['POST no-show', (id) => call('POST', `/api/matches/${id}/no-show/${owner.id}`, {})],
  ['GET chat', (id) => call('GET', `/api/matches/${id}/messages`)],
  ['POST chat', (id) => call('POST', `/api/matches/${id}/messages`, { text: 'Bonjour' })],
  ['GET share page', (id) => call('GET', `/m/${id}`, undefined, {})],
  ['GET og image', (id) => call('GET', `/m/${id}/og.png`, undefined, {})],
  [
    'GET v2 match',
    (id) => call('GET', `/api/v2/matches/${id}`, undefined, { authorization: `Bearer ${v2Key}` }),
  ],
  [
    'POST v2 join',
    (id) => call('POST', `/api/v2/matches/${id}/join`, {}, { authorization: `Bearer ${v2Key}` }),
  ],
  ['tRPC matches.byId', (id) => trpcAs('query', 'matches.byId', { id })],
  ['tRPC matches.participants', (id) => trpcAs('query', 'matches.participants', { id })],
  ['tRPC chat.list', (id) => trpcAs('query', 'chat.list', { room: 'match', id })],
  [
    'SSE match events',
    async (id) => {
      const s = await openSse(`${base}/api/matches/${id}/events`, stranger.headers);
      s.close();
      return { status: s.status, body: s.body };
    },
  ],
];

/** The doors that answer about a played match's result and absences. */
const playedDoors: Door[] = [
  ['POST result confirm', (id) => call('POST', `/api/matches/${id}/result/confirm`, {})],
  [
    'POST result contest',
    (id) => call('POST', `/api/matches/${id}/result/contest`, { reason: 'Score faux' }),
  ],
  ['PUT result', (id) => call('PUT', `/api/matches/${id}/result`, result)],
  ['POST no-show', (id) => call('POST', `/api/matches/${id}/no-show/${owner.id}`, {})],
  ['GET participants', (id) => call('GET', `/api/matches/${id}/participants`)],
];

const slotDoors: Door[] = [
  ['PUT /api/slots/{id}', (id) => call('PUT', `/api/slots/${id}`, { paused: true })],
  ['DELETE /api/slots/{id}', (id) => call('DELETE', `/api/slots/${id}`)],
  ['POST skips', (id) => call('POST', `/api/slots/${id}/skips`, { date: '2026-06-16' })],
];

const groupDoors: Door[] = [
  ['GET /api/groups/{id}', (id) => call('GET', `/api/groups/${id}`)],
  ['PUT /api/groups/{id}', (id) => call('PUT', `/api/groups/${id}`, { name: 'Nouveau nom' })],
  ['DELETE /api/groups/{id}', (id) => call('DELETE', `/api/groups/${id}`)],
  ['POST leave', (id) => call('POST', `/api/groups/${id}/leave`, {})],
  ['DELETE member', (id) => call('DELETE', `/api/groups/${id}/members/${owner.id}`)],
  [
    'POST group match',
    (id) => call('POST', `/api/groups/${id}/matches`, { ...matchFields, place_id: placeId }),
  ],
  [
    'POST slot',
    (id) =>
      call('POST', `/api/groups/${id}/slots`, {
        weekday: 2,
        time: '18:00',
        place_id: placeId,
        levels: ['Niveau 3'],
        slots: 3,
      }),
  ],
  [
    'POST poll',
    (id) =>
      call('POST', `/api/groups/${id}/polls`, {
        slots: [
          { place_id: placeId, date: '2026-06-16', time: '18:00' },
          { place_id: placeId, date: '2026-06-17', time: '18:00' },
        ],
        closes_at: '2026-06-15T18:00:00Z',
      }),
  ],
  ['POST invite-token', (id) => call('POST', `/api/groups/${id}/invite-token`, {})],
  ['POST reinvite', (id) => call('POST', `/api/groups/${id}/members/${owner.id}/reinvite`, {})],
  ['GET chat', (id) => call('GET', `/api/groups/${id}/messages`)],
  ['POST chat', (id) => call('POST', `/api/groups/${id}/messages`, { text: 'Bonjour' })],
  ['tRPC groups.byId', (id) => trpcAs('query', 'groups.byId', { id })],
  ['tRPC chat.list', (id) => trpcAs('query', 'chat.list', { room: 'group', id })],
];

const pollDoors: Door[] = [
  ['GET /api/polls/{id}', (id) => call('GET', `/api/polls/${id}`)],
  [
    'PUT answers',
    (id) => call('PUT', `/api/polls/${id}/answers`, { answers: { [String(slotId)]: 'oui' } }),
  ],
  ['tRPC groups.poll', (id) => trpcAs('query', 'groups.poll', { id })],
  [
    'SSE poll events',
    async (id) => {
      const s = await openSse(`${base}/api/polls/${id}/events`, stranger.headers);
      s.close();
      return { status: s.status, body: s.body };
    },
  ],
];

describe('a stranger cannot tell a private thing from an unknown id', () => {
  for (const [kind, doors, id] of [
    ['private match', matchDoors, () => privateMatch],
    ['played private match', playedDoors, () => playedMatch],
    ['weekly slot', slotDoors, () => weeklySlot],
    ['group', groupDoors, () => groupId],
    ['poll', pollDoors, () => pollId],
  ] as const)
    for (const [name, ask] of doors)
      it(`${kind}: ${name}`, async () => {
        const known = await ask(id());
        const unknown = await ask(UNKNOWN);
        expect(known.status).toBeGreaterThanOrEqual(400);
        expect(known).toEqual(unknown);
      });
});

describe('matches.onListChange', () => {
  it('sends a stranger nothing about a private match they named, as for an unknown id', async () => {
    const publicMatch = await t.caller(owner).matches.create({
      ...matchFields,
      place_id: placeId,
    });
    const s = await openSse(
      `${base}/trpc/matches.onListChange?input=${encodeURIComponent(
        JSON.stringify({ ids: [privateMatch, UNKNOWN, publicMatch.id] }),
      )}`,
      stranger.headers,
    );
    try {
      expect((await s.next()).event).toBe('connected');
      // The private match changes first, then the public one: the first thing the stranger gets is
      // the public card (before the fix, `removed: [privateMatch]` came first).
      await t.caller(owner).matches.update({
        id: privateMatch,
        ...matchFields,
        place_id: placeId,
        time: '19:00',
      });
      await t.caller(owner).matches.update({
        id: publicMatch.id,
        ...matchFields,
        place_id: placeId,
        time: '19:30',
      });
      let e = await s.next();
      while (e.event !== 'message') e = await s.next();
      const sent = JSON.parse(e.data) as { cards: { id: number }[]; removed: number[] };
      expect(sent.removed).toEqual([]);
      expect(sent.cards.map((c) => c.id)).toEqual([publicMatch.id]);
    } finally {
      s.close();
    }
  });
});
