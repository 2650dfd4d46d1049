import { gt } from 'drizzle-orm';
/**
 * /metrics keeps answering when the database does not (the database gauges left out, `padel_db_up
 * 0`), and counts what the outbox did, how old its oldest notice is, and tRPC batches per procedure.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { outbox } from '../../db/schema';
import { buildApp } from '../../server/app';
import { createDeps } from '../../server/create-deps';
import { createOutboxWorker, STALE_AFTER_MS } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createTestDb } from '../support/db';
import { createUser } from '../support/factories';
import { captureLogger } from '../support/logs';
import { freePort } from '../support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { afterLog, followLog } from '../support/worker';
import { createPlace } from './matches-support';

const TOKEN = 'metrics-token-for-tests-0123456789';
const NOW = '2026-06-10T08:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample, undefined when the series is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `)
        ? wanted.every((w) => l.includes(w))
        : false,
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

let t: TestContext;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ now: NOW, env: { METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a scrape while the database is down', () => {
  async function appOn(db: Awaited<ReturnType<typeof createDb>>['db']) {
    const deps = createDeps({
      env: t.deps.env,
      db,
      logger: captureLogger().logger,
      clock: t.clock,
    });
    const app = await buildApp(deps, { serveClient: false });
    await app.ready();
    return app;
  }

  it('PostgreSQL unreachable: 200, padel_db_up 0, the database gauges left out, the process metrics kept', async () => {
    const handle = await createDb({
      url: `postgres://postgres@127.0.0.1:${await freePort()}/padel`,
      max: 2,
    });
    const app = await appOn(handle.db);
    try {
      const text = await scrape(app);
      expect(sample(text, 'padel_db_up')).toBe(0);
      expect(sample(text, 'padel_outbox_backlog')).toBeUndefined();
      expect(sample(text, 'padel_outbox_oldest_pending_seconds')).toBeUndefined();
      expect(text).toContain('# HELP padel_outbox_backlog');
      expect(text).toContain('process_cpu_seconds_total');
      expect(sample(text, 'padel_db_pool_max')).toBeGreaterThan(0);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it(`the database (${DB}) closed under a running app: 200 and padel_db_up 0, then 1 on a live one`, async () => {
    const db = await createTestDb();
    const app = await appOn(db.db);
    try {
      expect(sample(await scrape(app), 'padel_db_up')).toBe(1);
      await db.close();
      const text = await scrape(app);
      expect(sample(text, 'padel_db_up')).toBe(0);
      expect(sample(text, 'padel_outbox_backlog')).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('event log metrics', () => {
  it('say, per consumer, how old the oldest event it has not read is, and 0 once read', async () => {
    await followLog(t.deps);
    const creator = await createUser(t.deps);
    const m = await t.caller(creator).matches.create({
      place_id: (await createPlace(t)).id,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    await t.caller(await createUser(t.deps)).matches.join({ id: m.id });
    await new Promise((r) => setTimeout(r, 50));
    const unread = await scrape(t.app);
    for (const consumer of ['chat', 'notices', 'webhooks'])
      expect(sample(unread, 'padel_event_log_oldest_unread_seconds', { consumer })).toBeGreaterThan(
        0.04,
      );
    await followLog(t.deps);
    const read = await scrape(t.app);
    for (const consumer of ['chat', 'notices', 'webhooks'])
      expect(sample(read, 'padel_event_log_oldest_unread_seconds', { consumer })).toBe(0);
    // The join's notice is not the next test's backlog.
    await t.db.db.delete(outbox).where(gt(outbox.id, 0));
  });
});

describe('outbox metrics', () => {
  it('the oldest pending notice’s age, then sent, failed and dropped counters per channel', async () => {
    const worker = afterLog(t.deps, createOutboxWorker(t.deps));
    const creator = await createUser(t.deps);
    const place = (await createPlace(t)).id;
    const m = await t.caller(creator).matches.create({
      place_id: place,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    const before = await scrape(t.app);
    expect(sample(before, 'padel_outbox_oldest_pending_seconds')).toBe(0);

    await t.caller(await createUser(t.deps)).matches.join({ id: m.id });
    await followLog(t.deps);
    t.clock.advance(90_000);
    const waiting = await scrape(t.app);
    expect(sample(waiting, 'padel_outbox_backlog')).toBe(1);
    expect(sample(waiting, 'padel_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(90);

    await worker.runOnce();
    const sent = await scrape(t.app);
    const delta = (after: string, outcome: string) =>
      (sample(after, 'padel_notifications_total', { channel: 'email', outcome }) ?? 0) -
      (sample(before, 'padel_notifications_total', { channel: 'email', outcome }) ?? 0);
    expect(delta(sent, 'sent')).toBe(1);
    expect(sample(sent, 'padel_outbox_oldest_pending_seconds')).toBe(0);
    expect(smtp.mails).toHaveLength(1);

    // The relay goes away: the next notice fails (retried later), then is dropped once stale.
    t.deps.mailer.close();
    await smtp.close();
    await t.caller(await createUser(t.deps)).matches.join({ id: m.id });
    await worker.runOnce();
    expect(delta(await scrape(t.app), 'failed')).toBe(1);
    t.clock.advance(STALE_AFTER_MS + 60_000);
    await worker.runOnce();
    const dropped = await scrape(t.app);
    expect(delta(dropped, 'dropped')).toBe(1);
    expect(delta(dropped, 'sent')).toBe(1);
    smtp = await startSmtpServer({ port: smtp.port });
  });
});

describe('tRPC labels', () => {
  it('a batch is counted once per procedure it carries, never as /trpc/(batch)', async () => {
    const count = (text: string, procedure: string) =>
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: `/trpc/${procedure}`,
        status_code: '200',
      }) ?? 0;
    const before = await scrape(t.app);
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/settings.get,levels.list,settings.get?batch=1&input=${input}`,
    });
    expect(res.statusCode).toBe(200);
    const after = await scrape(t.app);
    expect(count(after, 'settings.get') - count(before, 'settings.get')).toBe(2);
    expect(count(after, 'levels.list') - count(before, 'levels.list')).toBe(1);
    expect(after).not.toContain('(batch)');
    expect(after).not.toContain('settings.get,levels.list');
  });
});
