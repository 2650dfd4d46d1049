import { MSG_API } from '../../common/messages-api';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { outbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { buildApp } from '../../server/app';
import { createDeps } from '../../server/create-deps';
import type { Deps } from '../../server/deps';
import { assertPublicUrl } from '../../server/lib/ssrf';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createWebhookWorker } from '../../server/services/integrations/delivery';
import { createWebhookEventsConsumer } from '../../server/services/integrations/webhooks';
import { followLog } from '../support/worker';
import { createWebhook } from '../../server/services/integrations/webhooks';
import { liveHubOf } from '../../server/services/live/hub';
import { createWorkerLoop } from '../../server/worker/loop';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { captureLogger } from '../support/logs';
import { createClient, type ContractClient, type OpenApiDoc } from './contract/client';
import { createPlace } from './matches-support';

/**
 * Webhooks as a receiver sees them: a real local HTTP server that checks every signature with
 * the `standardwebhooks` package, deliveries sent by the real worker from the outbox table.
 */
type Json = Record<string, unknown>;
const NOW = '2026-06-10T08:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Received {
  path: string;
  id: string;
  type: string;
  data: { match_id: number; user_id?: number };
  headers: IncomingHttpHeaders;
}

/** A receiver that verifies each delivery with its endpoint's secret; `down` answers 503. */
async function startReceiver() {
  const got: Received[] = [];
  const secrets = new Map<string, string>();
  const state = { down: false, invalid: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (state.down) {
        res.writeHead(503).end();
        return;
      }
      const secret = secrets.get(req.url ?? '');
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
        );
        const payload = new Webhook(secret ?? 'whsec_bm9wZQ==').verify(body, headers) as {
          type: string;
          data: Received['data'];
        };
        got.push({
          path: req.url ?? '',
          id: String(req.headers['webhook-id']),
          type: payload.type,
          data: payload.data,
          headers: req.headers,
        });
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

let t: TestContext;
let admin: TestUser;
let player: TestUser;
let placeId: number;
let api: ContractClient;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const apps: FastifyInstance[] = [];
let second: DbHandle | undefined;

beforeAll(async () => {
  t = await createTestContext({
    now: NOW,
    // A first retry 500 ms later: long enough that one busy pass never reaches it, short
    // enough that the retry journeys below take seconds.
    env: { WEBHOOK_RETRY_BASE_MS: '500', WEBHOOK_DISABLE_AFTER: '3', WEBHOOK_MAX_ATTEMPTS: '5' },
  });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = createClient(base);
  api.useDescription((await api.call<OpenApiDoc>('GET', '/api/v2/openapi.json')).body);
  admin = await createAdmin(t.deps, { name: 'Admin Hooks' });
  player = await createUser(t.deps, { name: 'Joueuse Durand' });
  placeId = (await createPlace(t)).id;
  receiver = await startReceiver();
}, 60_000);
// A journey that fails while the receiver is down must not take the next ones down with it.
afterEach(() => {
  receiver.state.down = false;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await receiver.close();
  await t.close();
});

async function register(path: string, events: string[]) {
  const res = await api.call<{ id: number; secret: string }>('POST', '/api/admin/webhooks', {
    token: admin.token,
    body: { url: receiver.url(path), events },
  });
  expect(res.status).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  receiver.secrets.set(path, res.body.secret);
  return res.body.id;
}

const fields = (slots = 1) => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3'],
  slots,
});

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('signed deliveries', () => {
  it('sends each event, signed per Standard Webhooks, to the endpoints that listen to it', async () => {
    const all = await register('/all', [
      'match.created',
      'match.updated',
      'match.filled',
      'match.cancelled',
      'participant.joined',
      'participant.left',
    ]);
    const onlyCreated = await register('/created', ['match.created']);
    const worker = createWebhookWorker(t.deps);
    const { key } = await issueApiKey(t.deps, admin, { name: 'Club', scopes: ['matches:write'] });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/matches',
      headers: auth,
      payload: fields(),
    });
    const id = created.json<{ id: number }>().id;
    await t.caller(player).matches.join({ id });
    await t.caller(player).matches.leave({ id });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/matches/${id}`,
      headers: auth,
      payload: { ...fields(), time: '19:00' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/matches/${id}/cancel`,
      headers: auth,
      payload: {},
    });
    // A change that rolls back announces nothing.
    await expect(t.caller(player).matches.join({ id })).rejects.toThrow();

    await followLog(t.deps);
    await worker.runOnce();
    expect(receiver.state.invalid).toBe(0);
    const at = (path: string) => receiver.got.filter((g) => g.path === path);
    // Sent concurrently: order is not promised (Standard Webhooks does not either); each once.
    expect(
      at('/all')
        .map((g) => g.type)
        .sort(),
    ).toEqual([
      'match.cancelled',
      'match.created',
      'match.filled',
      'match.updated',
      'participant.joined',
      'participant.left',
    ]);
    expect(at('/created').map((g) => g.type)).toEqual(['match.created']);
    const rows = await t.db.db.select().from(webhookDeliveries);
    expect(rows.filter((r) => r.endpointId === onlyCreated).map((r) => r.eventType)).toEqual([
      'match.created',
    ]);
    expect(rows.filter((r) => r.endpointId === all)).toHaveLength(6);
    const joined = receiver.got.find((g) => g.type === 'participant.joined');
    expect(joined?.data).toEqual({ match_id: id, user_id: player.id });
    expect(joined?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(joined?.id).toMatch(/^msg_/);
    // One event, one webhook-id for every endpoint: the same id reached both.
    const createdIds = receiver.got.filter((g) => g.type === 'match.created').map((g) => g.id);
    expect(createdIds).toHaveLength(2);
    expect(new Set(createdIds).size).toBe(1);
    expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
    await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    receiver.got.length = 0;
  });

  it('retries with backoff after the receiver was down, then disables the endpoint and tells the admins', async () => {
    const hook = await register('/flaky', ['match.created']);
    const worker = createWebhookWorker(t.deps);
    receiver.state.down = true;
    await t.caller(player).matches.create(fields());
    await followLog(t.deps);
    await worker.runOnce();
    let [row] = await t.db.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook));
    expect(row).toMatchObject({ attempts: 1, lastStatus: 503, deliveredAt: null });
    expect(row!.sendAfter.getTime()).toBeGreaterThan(Date.now() - 1000);
    receiver.state.down = false;
    await until(async () => {
      await worker.runOnce();
      [row] = await t.db.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook));
      return row!.deliveredAt !== null;
    });
    expect(row!.attempts).toBe(2);
    expect(receiver.got.map((g) => g.type)).toEqual(['match.created']);

    // Down for good: three failures in a row disable it, and every admin gets an e-mail.
    receiver.state.down = true;
    await t.caller(player).matches.create(fields());
    await followLog(t.deps);
    await until(async () => {
      await worker.runOnce();
      const [e] = await t.db.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, hook));
      return e!.disabledAt !== null;
    });
    const notices = await t.db.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.event, 'webhook_disabled'), eq(outbox.userId, admin.id)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toBe(MSG_API.disabledBody(receiver.url('/flaky'), 3));
    // Disabled: nothing more is sent or queued for it.
    await t.caller(player).matches.create(fields());
    await followLog(t.deps);
    const log = await api.call<{ id: number; status: string; attempts: number }[]>(
      'GET',
      '/api/admin/webhooks/deliveries',
      {
        token: admin.token,
        query: { webhook_id: hook },
      },
    );
    expect(log.body).toHaveLength(2);
    const pending = log.body.find((d) => d.status !== 'delivered')!;
    expect(pending.attempts).toBe(3);

    // The admin fixes the receiver, turns the endpoint back on and replays the delivery.
    receiver.state.down = false;
    receiver.got.length = 0;
    const listed = await api.call<{ id: number; disabled_at: string | null }[]>(
      'GET',
      '/api/admin/webhooks',
      { token: admin.token },
    );
    expect(listed.body.find((w) => w.id === hook)?.disabled_at).toEqual(expect.any(String));
    const enabled = await api.call<Json>('POST', '/api/admin/webhooks/{id}/enable', {
      token: admin.token,
      params: { id: hook },
    });
    expect(enabled.body).toMatchObject({ disabled_at: null, consecutive_failures: 0 });
    const replay = await api.call('POST', '/api/admin/webhooks/deliveries/{id}/replay', {
      token: admin.token,
      params: { id: pending.id },
    });
    expect(replay.status).toBe(204);
    await followLog(t.deps);
    await worker.runOnce();
    expect(receiver.got.map((g) => g.type)).toEqual(['match.created']);
    const removed = await api.call('DELETE', '/api/admin/webhooks/{id}', {
      token: admin.token,
      params: { id: hook },
    });
    expect(removed.status).toBe(204);
    receiver.got.length = 0;
  });
});

describe(`two instances on one ${DB} database`, () => {
  it('deliver each event to each endpoint exactly once', async () => {
    await followLog(t.deps); // the earlier tests' events are not this test's
    await register('/a', ['match.created', 'participant.joined']);
    await register('/b', ['match.created']);
    const start = async (db: DbHandle['db']) => {
      const deps: Deps = createDeps({
        env: { ...t.deps.env, OUTBOX_INTERVAL_MS: 10 },
        db,
        logger: captureLogger().logger,
        clock: t.clock,
      });
      const app = await buildApp(deps, { serveClient: false });
      await app.ready();
      apps.push(app);
    };
    second = t.db.url ? await createDb({ url: t.db.url, max: 5 }) : undefined;
    await start(t.db.db);
    await start(second?.db ?? t.db.db);
    const EVENTS = 12;
    for (let i = 0; i < EVENTS; i++) {
      const m = await t.caller(player).matches.create(fields(2));
      const u = await createUser(t.deps);
      await t.caller(u).matches.join({ id: m.id });
    }
    // Per match: created to /a and /b, joined to /a.
    const expected = EVENTS * 3;
    await until(() => receiver.got.length >= expected);
    // Stopping waits for the deliveries in flight, so a duplicate, if any, has arrived by now;
    // and a further round finds nothing left to deliver.
    for (const app of apps.splice(0)) await app.close();
    expect(await createWebhookWorker(t.deps, {}).runOnce()).toBe(0);
    const pairs = new Set(receiver.got.map((g) => `${g.path} ${g.id}`));
    console.log(
      `[webhooks] ${DB}: two instances, ${receiver.got.length} deliveries received for ${expected} expected, ${pairs.size} distinct (endpoint, webhook-id) pairs`,
    );
    expect(receiver.got).toHaveLength(expected);
    expect(pairs.size).toBe(expected);
    expect(receiver.state.invalid).toBe(0);
  }, 60_000);
});

/** A receiver that takes each request and never answers it, until closed. */
async function startHangingReceiver() {
  const pending: IncomingMessage[] = [];
  const server: Server = createServer((req) => void pending.push(req));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    pending,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe(`a hanging endpoint (${DB})`, () => {
  it('holds only its own queue: a healthy endpoint gets its deliveries while the hanging one is still waited on', async () => {
    await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    receiver.got.length = 0;
    const hanging = await startHangingReceiver();
    const made = await api.call<{ id: number }>('POST', '/api/admin/webhooks', {
      token: admin.token,
      body: { url: hanging.url('/hang'), events: ['match.created'] },
    });
    expect(made.status).toBe(201);
    // Two instances' loops (on PostgreSQL each with its own pool), woken by the enqueuers' NOTIFY
    // only: the interval is longer than the test.
    const other = t.db.url ? await createDb({ url: t.db.url, max: 3 }) : undefined;
    const loops = [t.deps, { ...t.deps, db: other?.db ?? t.db.db }].map((deps) =>
      createWorkerLoop({
        consumers: [createWebhookEventsConsumer(deps), createWebhookWorker(deps)],
        intervalMs: 600_000,
        logger: t.deps.logger,
        onWake: (queue, fn) => liveHubOf(t.deps).bus.onWork(queue, fn),
      }),
    );
    for (const loop of loops) loop.start();
    try {
      // Two events while only the hanging endpoint listens: one request reaches it and hangs.
      await t.caller(player).matches.create(fields());
      await t.caller(player).matches.create(fields());
      await until(() => hanging.pending.length === 1);

      await register('/healthy', ['match.created']);
      const t0 = performance.now();
      await t.caller(player).matches.create(fields());
      await until(() => receiver.got.some((g) => g.path === '/healthy'));
      const waitedMs = performance.now() - t0;
      console.log(
        `[webhooks] ${DB}: the healthy endpoint got its delivery ${waitedMs.toFixed(0)} ms after the event, the hanging one still pending`,
      );
      // Still hanging: one request in flight to it (never a second one beside it, from either
      // instance), none delivered.
      expect(hanging.pending).toHaveLength(1);
      const own = await t.db.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, made.body.id));
      expect(own).toHaveLength(3);
      expect(own.filter((r) => r.deliveredAt !== null || r.lastError !== null)).toHaveLength(0);
    } finally {
      await hanging.close();
      for (const loop of loops) await loop.stop();
      await other?.close();
    }
    // Once it hangs up, its send settles as a failure and the next of its own queue goes out.
    const own = await t.db.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.body.id));
    expect(own.filter((r) => r.lastError !== null).length).toBeGreaterThanOrEqual(1);
    expect(own.every((r) => r.deliveredAt === null)).toBe(true);
    expect(
      await t.db.db.$count(webhookEndpoints, gt(webhookEndpoints.busyUntil, new Date(0))),
    ).toBe(0);
    await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    receiver.got.length = 0;
  }, 30_000);
});

describe(`two instances sending a burst to a few endpoints (${DB})`, () => {
  it('never have two deliveries in flight to one endpoint, and send each delivery once', async () => {
    await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    // A receiver that answers after a while, counting the requests in flight per path.
    const inFlight = new Map<string, number>();
    let worst = 0;
    const ids: string[] = [];
    const slow = createServer((req, res) => {
      const path = req.url ?? '';
      const n = (inFlight.get(path) ?? 0) + 1;
      inFlight.set(path, n);
      worst = Math.max(worst, n);
      ids.push(`${path} ${String(req.headers['webhook-id'])}`);
      req.resume();
      setTimeout(() => {
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        res.writeHead(204).end();
      }, 15);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const port = (slow.address() as AddressInfo).port;
    const other = t.db.url ? await createDb({ url: t.db.url, max: 10 }) : undefined;
    try {
      const ENDPOINTS = 4;
      const EVENTS = 10;
      for (let i = 0; i < ENDPOINTS; i++) {
        const made = await api.call('POST', '/api/admin/webhooks', {
          token: admin.token,
          body: { url: `http://127.0.0.1:${port}/burst-${i}`, events: ['match.created'] },
        });
        expect(made.status).toBe(201);
      }
      for (let i = 0; i < EVENTS; i++) await t.caller(player).matches.create(fields());
      const workers = [t.deps, { ...t.deps, db: other?.db ?? t.db.db }]
        .map((deps) => [
          createWebhookEventsConsumer(deps),
          createWebhookWorker(deps, { concurrency: 8 }),
        ])
        .flat();
      await until(async () => {
        await Promise.all(workers.map((w) => w.runOnce()));
        return ids.length >= ENDPOINTS * EVENTS;
      });
      console.log(
        `[webhooks] ${DB}: two instances, ${ids.length} deliveries to ${ENDPOINTS} endpoints, at most ${worst} in flight to one endpoint`,
      );
      expect(worst).toBe(1);
      expect(ids).toHaveLength(ENDPOINTS * EVENTS);
      expect(new Set(ids).size).toBe(ENDPOINTS * EVENTS);
    } finally {
      await other?.close();
      await new Promise<void>((r) => slow.close(() => r()));
      await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    }
  }, 60_000);
});

if (DB === 'PGlite')
  console.warn(
    '[webhooks] delete-while-settling burst skipped: PGlite runs one statement at a time',
  );
describe.runIf(DB === 'PostgreSQL')(
  'an endpoint deleted while its failures settle (PostgreSQL)',
  () => {
    it('is deleted every time (204), never a 500 for a deadlock, and takes its deliveries with it', async () => {
      const ROUNDS = 8;
      const BATCH = 10;
      for (let round = 0; round < ROUNDS; round++) {
        // Nothing listens on port 9: every POST fails at once, so the batch settles side by side.
        const made = await api.call<{ id: number }>('POST', '/api/admin/webhooks', {
          token: admin.token,
          body: { url: `http://127.0.0.1:9/parti-${round}`, events: ['match.created'] },
        });
        expect(made.status).toBe(201);
        const hook = made.body;
        await t.db.db.insert(webhookDeliveries).values(
          Array.from({ length: BATCH }, (_, i) => ({
            endpointId: hook.id,
            eventId: `msg_burst_${round}_${i}`,
            eventType: 'match.created',
            payload: '{}',
          })),
        );
        const worker = createWebhookWorker(t.deps, { concurrency: BATCH });
        const sending = worker.runOnce();
        // Spread over the settles: some deletes land before them, most among them.
        await new Promise((r) => setTimeout(r, round));
        const res = await api.call('DELETE', '/api/admin/webhooks/{id}', {
          token: admin.token,
          params: { id: hook.id },
        });
        expect(res.status).toBe(204);
        await sending;
        expect(
          await t.db.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.id)),
        ).toBe(0);
      }
      console.log(`[webhooks] PostgreSQL: ${ROUNDS} endpoints deleted during their settles`);
    });
  },
);

describe('SSRF guard (production only)', () => {
  const production = true;
  it.each([
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00::1]/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
  ])('refuses %s', async (url) => {
    await expect(assertPublicUrl(url, production)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MSG_API.urlPrivate,
    });
  });

  it('refuses a public name that resolves to a private address, plain http, and accepts a public https address', async () => {
    await expect(
      assertPublicUrl('https://hooks.example.com/x', production, () =>
        Promise.resolve(['93.184.216.34', '10.0.0.5']),
      ),
    ).rejects.toMatchObject({ message: MSG_API.urlPrivate });
    await expect(assertPublicUrl('http://93.184.216.34/x', production)).rejects.toMatchObject({
      message: MSG_API.urlHttpsOnly,
    });
    await expect(assertPublicUrl('https://93.184.216.34/x', production)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://127.0.0.1:3000/x', false)).resolves.toBeUndefined();
  });

  it('refuses private URLs over REST in production, and does not deliver to one', async () => {
    const prod: Deps = { ...t.deps, env: { ...t.deps.env, NODE_ENV: 'production' } };
    const app = await buildApp(
      { ...prod, env: { ...prod.env, OUTBOX_INTERVAL_MS: 0 } },
      { serveClient: false },
    );
    apps.push(app);
    const before = await t.db.db.$count(webhookEndpoints);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: { url: 'https://127.0.0.1/hook', events: ['match.created'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: MSG_API.urlPrivate },
    });
    expect(await t.db.db.$count(webhookEndpoints)).toBe(before);

    // Registered earlier (or re-pointed since): the production worker still refuses to send.
    await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
    const { id } = await createWebhook(
      t.deps,
      admin,
      {
        url: receiver.url('/private'),
        events: ['match.created'],
      },
      'admin',
    );
    receiver.got.length = 0;
    await t.caller(player).matches.create(fields());
    await followLog(prod);
    await createWebhookWorker(prod).runOnce();
    const [row] = await t.db.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    expect(row).toMatchObject({ deliveredAt: null, lastError: MSG_API.urlHttpsOnly });
    expect(receiver.got).toEqual([]);
  });

  it('connects to the address it checked: a name re-pointed at 127.0.0.1 after the check (DNS rebinding) is refused, no connection made', async () => {
    // A TCP listener on loopback stands for the internal service the attacker aims at.
    let connections = 0;
    const internal = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
    const port = (internal.address() as AddressInfo).port;
    try {
      // Public for the registration and for the check before the delivery; 127.0.0.1 when the
      // delivery's socket resolves the name to connect.
      const asked: string[] = [];
      const rebinding = (host: string) => {
        asked.push(host);
        return Promise.resolve(asked.length <= 2 ? ['93.184.216.34'] : ['127.0.0.1']);
      };
      const prod: Deps = {
        ...t.deps,
        env: { ...t.deps.env, NODE_ENV: 'production', WEBHOOK_MAX_ATTEMPTS: 1 },
        resolveHost: rebinding,
      };
      await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
      const { id } = await createWebhook(
        prod,
        admin,
        {
          url: `https://hooks.rebind.example:${port}/hook`,
          events: ['match.created'],
        },
        'admin',
      );
      await t.caller(player).matches.create(fields());
      await followLog(prod);
      await createWebhookWorker(prod).runOnce();
      const [row] = await t.db.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id));
      expect(row).toMatchObject({ deliveredAt: null, attempts: 1, lastError: MSG_API.urlPrivate });
      expect(row?.failedAt).not.toBeNull();
      expect(asked).toEqual([
        'hooks.rebind.example',
        'hooks.rebind.example',
        'hooks.rebind.example',
      ]);
      expect(connections).toBe(0);

      // Outside production the same lookup is what the socket uses: a name only the resolver knows
      // reaches the receiver it answers.
      const dev: Deps = { ...t.deps, resolveHost: () => Promise.resolve(['127.0.0.1']) };
      await t.db.db.delete(webhookEndpoints).where(gt(webhookEndpoints.id, 0));
      const local = new URL(receiver.url('/resolved'));
      const created = await createWebhook(
        dev,
        admin,
        {
          url: `http://hooks.dev.example:${local.port}/resolved`,
          events: ['match.created'],
        },
        'admin',
      );
      receiver.secrets.set('/resolved', created.secret);
      receiver.got.length = 0;
      await t.caller(player).matches.create(fields());
      await followLog(dev);
      await createWebhookWorker(dev).runOnce();
      expect(receiver.got.map((g) => [g.path, g.headers.host])).toEqual([
        ['/resolved', `hooks.dev.example:${local.port}`],
      ]);
    } finally {
      await new Promise<void>((r) => internal.close(() => r()));
    }
  });
});
