/**
 * The outbox worker stops fast (the send in flight finishes, what was leased but not sent is given
 * back at once) and sends with bounded concurrency, each notice exactly once across workers, counted
 * at a real SMTP server.
 */
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { createOutboxWorker, outboxBacklog } from '../../server/services/notifications/worker';
import { createWorkerLoop } from '../../server/worker/loop';
import { createTestContext, type TestContext } from '../support/app';
import { createTestDb } from '../support/db';
import { startServerProcess } from '../support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
const DB = onPostgres ? 'PostgreSQL' : 'PGlite';

/** `n` due e-mail notices to distinct addresses (no account: nothing else is read to send them). */
async function enqueue(db: Db, n: number, prefix: string, now: Date) {
  const rows = Array.from({ length: n }, (_, i) => ({
    channel: 'email' as const,
    event: 'joined',
    recipient: `${prefix}-${i}@example.fr`,
    subject: 'Nouveau joueur',
    body: `Notice ${prefix} ${i}`,
    sendAfter: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(outbox).values(rows.slice(i, i + 500));
}

const leased = (db: Db) =>
  db.$count(outbox, and(isNull(outbox.sentAt), isNotNull(outbox.lockedUntil)));
const recipients = (smtp: SmtpTestServer, prefix: string) =>
  smtp.mails.flatMap((m) => m.to).filter((to) => to.startsWith(`${prefix}-`));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Each of `n` notices arrived exactly once. */
function expectExactlyOnce(got: string[], prefix: string, n: number) {
  const counts = new Map<string, number>();
  for (const to of got) counts.set(to, (counts.get(to) ?? 0) + 1);
  expect([...counts.values()].filter((c) => c > 1)).toEqual([]);
  expect(counts.size).toBe(n);
  expect([...counts.keys()].sort()).toEqual(
    Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.fr`).sort(),
  );
}

let t: TestContext;
let slow: SmtpTestServer;
let fast: SmtpTestServer;

beforeAll(async () => {
  slow = await startSmtpServer({ delayMs: 100 });
  fast = await startSmtpServer();
  t = await createTestContext({ env: { SMTP_URL: slow.url, OUTBOX_CONCURRENCY: '4' } });
}, 60_000);
afterAll(async () => {
  await t.close();
  await slow.close();
  await fast.close();
});

describe(`stopping the worker mid-run (${DB})`, () => {
  it('returns once the sends in flight are done, with 300 notices pending at a slow relay; no row stays leased; a new worker sends the rest, each once', async () => {
    const N = 300;
    await enqueue(t.db.db, N, 'stop', t.clock.now());
    const worker = createWorkerLoop({
      consumers: [createOutboxWorker(t.deps, { concurrency: 4 })],
      intervalMs: 10,
      logger: t.deps.logger,
    });
    worker.start();
    await waitFor(() => recipients(slow, 'stop').length >= 8, 15_000, 'the first mails');

    const sentBefore = recipients(slow, 'stop').length;
    const t0 = performance.now();
    await worker.stop();
    const stopMs = performance.now() - t0;
    const finished = recipients(slow, 'stop').length - sentBefore;
    console.info(
      `[outbox] stop() returned in ${stopMs.toFixed(0)} ms after ${finished} sends in flight, with ${N - recipients(slow, 'stop').length} notices pending`,
    );
    // It waited for the 4 sends in flight at most, not for the backlog.
    expect(finished).toBeLessThanOrEqual(4);
    expect(await leased(t.db.db)).toBe(0);
    // Nothing stays counted as attempted that was never tried; every mail the relay took is marked sent.
    const left = await t.db.db
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(isNull(outbox.sentAt));
    expect(left.length).toBe(N - recipients(slow, 'stop').length);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => r.attempts === 0)).toBe(true);

    const next = createOutboxWorker(t.deps, { concurrency: 8 });
    await next.runOnce();
    expect(await outboxBacklog(t.db.db, t.clock.now())).toBe(0);
    expectExactlyOnce(recipients(slow, 'stop'), 'stop', N);
  }, 60_000);
});

describe(`two workers on one ${DB} database, 8 sends at once each`, () => {
  it('send a burst of 600 notices, each exactly once', async () => {
    const N = 600;
    const ctx = await createTestContext({ env: { SMTP_URL: fast.url, OUTBOX_CONCURRENCY: '8' } });
    // On PostgreSQL the second worker has its own pool, so the two really compete for rows.
    const second = ctx.db.url ? await createDb({ url: ctx.db.url, max: 10 }) : undefined;
    try {
      await enqueue(ctx.db.db, N, 'burst', ctx.clock.now());
      const a = createOutboxWorker(ctx.deps, { concurrency: 8 });
      const b = createOutboxWorker(
        { ...ctx.deps, db: second?.db ?? ctx.db.db },
        { concurrency: 8 },
      );
      const [byA, byB] = await Promise.all([a.runOnce(), b.runOnce()]);
      console.info(`[outbox] ${N} notices: ${byA} sent by one worker, ${byB} by the other`);
      expect(byA + byB).toBe(N);
      expectExactlyOnce(recipients(fast, 'burst'), 'burst', N);
      expect(await ctx.db.db.$count(outbox, isNull(outbox.sentAt))).toBe(0);
      const [{ total } = { total: 0 }] = await ctx.db.db
        .select({ total: sql<number>`sum(${outbox.attempts})::int` })
        .from(outbox);
      expect(total).toBe(N);
    } finally {
      await second?.close();
      await ctx.close();
    }
  }, 60_000);
});

if (!onPostgres)
  console.info(
    '[outbox] SIGTERM test skipped: the server process and this test cannot share an embedded PGlite',
  );
describe.runIf(onPostgres)('SIGTERM with notices pending (the server process, PostgreSQL)', () => {
  it('exits 0 within its 9 s, leaves no row leased, and a restarted server sends every notice once', async () => {
    const N = 400;
    const db = await createTestDb();
    const relay = await startSmtpServer({ delayMs: 150 });
    try {
      await enqueue(db.db, N, 'term', new Date());
      const env = { SMTP_URL: relay.url, OUTBOX_INTERVAL_MS: '50', OUTBOX_CONCURRENCY: '4' };
      const server = await startServerProcess({ databaseUrl: db.url, env });
      await waitFor(() => recipients(relay, 'term').length >= 5, 20_000, 'the first mails');
      const t0 = performance.now();
      await server.stop();
      const stopMs = performance.now() - t0;
      const sentBefore = recipients(relay, 'term').length;
      console.info(
        `[outbox] SIGTERM: exit ${server.exitCode()} in ${stopMs.toFixed(0)} ms, ${N - sentBefore} notices pending`,
      );
      // 0, not the 1 of the server's own exit 9 s after the signal: it stopped in time, and
      // without sending the backlog (some 15 s at this relay).
      expect(server.exitCode()).toBe(0);
      expect(sentBefore).toBeLessThan(N);
      expect(await leased(db.db)).toBe(0);

      const again = await startServerProcess({
        databaseUrl: db.url,
        env: { ...env, OUTBOX_CONCURRENCY: '16' },
      });
      try {
        await waitFor(
          async () => (await outboxBacklog(db.db)) === 0,
          40_000,
          'the backlog to drain',
        );
      } finally {
        // Waits for the sends in flight: a duplicate, if any, has arrived once it returns.
        await again.stop();
      }
      expectExactlyOnce(recipients(relay, 'term'), 'term', N);
    } finally {
      await relay.close();
      await db.close();
    }
  }, 120_000);
});
