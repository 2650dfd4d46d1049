import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateEveningInput, TEvening } from '../../common/schemas/evenings';
import type { SessionUser } from '../../server/lib/auth';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createWebhookWorker } from '../../server/services/integrations/delivery';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';

/**
 * The evening events of the webhook catalogue (issue 40), as a receiver sees them: a real local
 * HTTP server that checks every signature with the `standardwebhooks` package, deliveries queued
 * by the log's consumer and sent by the real worker. A private evening's events reach only the
 * endpoints of a key whose service account may read it over v2.
 */
interface Received {
  path: string;
  type: string;
  data: Record<string, unknown>;
}

async function startReceiver() {
  const got: Received[] = [];
  const secrets = new Map<string, string>();
  const state = { invalid: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
        );
        const payload = new Webhook(secrets.get(req.url ?? '') ?? 'whsec_bm9wZQ==').verify(
          body,
          headers,
        ) as { type: string; data: Received['data'] };
        got.push({ path: req.url ?? '', type: payload.type, data: payload.data });
        res.writeHead(204).end();
      } catch {
        state.invalid++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    got,
    state,
    url,
    secrets,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const EVENTS = ['evening.created', 'evening.round_started', 'evening.finished'];
let t: TestContext;
let admin: TestUser;
let organiser: TestUser;
let players: TestUser[];
let placeId: number;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** The service account of the key behind `/club`, which organises the private evening. */
let club: SessionUser;
let clubKey: string;

/** Registers an endpoint at `path`: through v2 with `key`, or the admin's without. */
async function register(path: string, events: string[], key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: key ? '/api/v2/webhooks' : '/api/admin/webhooks',
    headers: { authorization: `Bearer ${key ?? admin.token}` },
    payload: { url: receiver.url(path), events },
  });
  expect(res.statusCode, res.body).toBe(201);
  receiver.secrets.set(path, res.json<{ secret: string }>().secret);
}
const keyWith = async (name: string) =>
  issueApiKey(t.deps, admin, { name, scopes: ['webhooks', 'evenings:read'] });

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-10T08:00:00Z' });
  admin = await createAdmin(t.deps, { name: 'Admin Soirées' });
  organiser = await createUser(t.deps, { name: 'Organisatrice Petit' });
  players = await Promise.all([0, 1, 2, 3].map(() => createUser(t.deps)));
  placeId = (await createPlace(t)).id;
  receiver = await startReceiver();
  const stranger = await keyWith('Autre site');
  const own = await keyWith('Site du club');
  const { id, name } = own.api_key.service_account;
  club = { id, name, email: null, phone: '', level: null, isAdmin: false, sessionId: 0 };
  clubKey = own.key;
  await register('/admin', [...EVENTS, 'participant.joined']);
  await register('/stranger', EVENTS, stranger.key);
  await register('/club', EVENTS, own.key);
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const fields = (o: Partial<TCreateEveningInput> = {}): TCreateEveningInput => ({
  format: 'americano',
  place_id: placeId,
  date: '2026-06-20',
  time: '19:00',
  levels: ['Niveau 3'],
  courts: 1,
  max_players: 4,
  points_per_game: 24,
  ...o,
});

/** Created by `by`, four players, two rounds, finished: every event of the catalogue. */
async function playEvening(by: SessionUser, o: Partial<TCreateEveningInput> = {}) {
  const as = t.caller(by);
  const made = await as.evenings.create(fields(o));
  for (const p of players)
    await t.caller(p).evenings.join({ id: made.id, token: made.share_token ?? undefined });
  let page: TEvening = (await as.evenings.start({ id: made.id })).evening;
  for (let round = 1; round <= 2; round++) {
    const game = page.rounds.find((r) => r.number === page.current_round)!.games[0]!;
    page = (await as.evenings.score({ id: made.id, gameId: game.id, score: [15, 9] })).evening;
    page =
      round === 1
        ? (await as.evenings.nextRound({ id: made.id })).evening
        : (await as.evenings.finish({ id: made.id })).evening;
  }
  return made.id;
}

describe('evening webhooks', () => {
  it('sends evening.created, evening.round_started (with the round) and evening.finished, signed, ids only', async () => {
    const id = await playEvening(organiser);
    await followLog(t.deps);
    await createWebhookWorker(t.deps).runOnce();
    expect(receiver.state.invalid).toBe(0);
    const expected = [
      { type: 'evening.created', data: { evening_id: id } },
      { type: 'evening.round_started', data: { evening_id: id, round: 1 } },
      { type: 'evening.round_started', data: { evening_id: id, round: 2 } },
      { type: 'evening.finished', data: { evening_id: id } },
    ];
    const byType = (a: Omit<Received, 'path'>, b: Omit<Received, 'path'>) =>
      `${a.type}${JSON.stringify(a.data)}`.localeCompare(`${b.type}${JSON.stringify(b.data)}`);
    for (const path of ['/admin', '/stranger', '/club'])
      expect(
        receiver.got
          .filter((g) => g.path === path && g.type.startsWith('evening.'))
          .sort(byType)
          .map(({ type, data }) => ({ type, data })),
        path,
      ).toEqual([...expected].sort(byType));
    // The seats of a public evening are told as for a match.
    expect(
      receiver.got.filter((g) => g.path === '/admin' && g.type === 'participant.joined'),
    ).toHaveLength(4);
    receiver.got.length = 0;
  });

  it('sends a private evening’s events only to the endpoint of a key that may read it', async () => {
    const id = await playEvening(club, { visibility: 'private' });
    await followLog(t.deps);
    await createWebhookWorker(t.deps).runOnce();
    expect(receiver.state.invalid).toBe(0);
    expect(
      receiver.got
        .filter((g) => g.path === '/club')
        .map((g) => g.type)
        .sort(),
    ).toEqual([
      'evening.created',
      'evening.finished',
      'evening.round_started',
      'evening.round_started',
    ]);
    expect(receiver.got.every((g) => g.data.evening_id === id)).toBe(true);
    // Nothing of it, not even its sign-ups, to the admin's endpoint or another key's.
    expect(receiver.got.filter((g) => g.path !== '/club')).toEqual([]);
    // The key that heard of it reads it over v2; to the other it does not exist.
    const read = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/evenings/${id}`,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await read(clubKey)).statusCode).toBe(200);
    expect((await read((await keyWith('Encore un site')).key)).statusCode).toBe(404);
  });
});
