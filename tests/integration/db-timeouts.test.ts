/**
 * A table locked for longer than any request should wait (a long migration, a stuck admin
 * session): liveness and readiness answer (readiness 503), and list requests get the French 503
 * with Retry-After, all while the lock is still held, instead of hanging until it goes; the pool's
 * waiting shows in the metrics, and the instance serves again once the lock is gone. PostgreSQL
 * only: PGlite has one connection, nobody else can hold a lock on it.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { createTestDb, serverUrl, type TestDb } from '../support/db';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const TIMEOUT_MS = 1000;
const METRICS_TOKEN = 'metrics-token-for-timeouts';
const onPostgres = Boolean(serverUrl());
if (!onPostgres)
  console.warn(
    '[db-timeouts] skipped: holding a table lock needs a second connection, which PGlite does not have',
  );

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

describe.runIf(onPostgres)('the matches table is locked (PostgreSQL)', () => {
  let db: TestDb;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await createTestDb();
    server = await startServerProcess({
      databaseUrl: db.url!,
      env: {
        DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
        DB_ACQUIRE_TIMEOUT_MS: String(TIMEOUT_MS),
        DB_POOL_SIZE: '4',
        METRICS_TOKEN,
        OUTBOX_INTERVAL_MS: '0',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  const timed = async (path: string): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`);
    const body = (await res.json()) as unknown;
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body,
    };
  };

  const poolWaiting = async () => {
    const metrics = await (
      await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).text();
    return Number(/^padel_db_pool_waiting (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };

  it('answers /healthz, turns /readyz 503, and answers list requests 503 with Retry-After while the lock is held', async () => {
    const locker = postgres(db.url!, { max: 1, onnotice: () => {} });
    try {
      const { lists, trpc, health, ready } = await locker.begin(async (tx) => {
        await tx`lock table matches in access exclusive mode`;
        // More requests than pooled connections: some wait on the lock, the rest for a connection.
        const lists = Promise.all(Array.from({ length: 12 }, () => timed('/api/matches')));
        const trpc = timed('/trpc/matches.list?input=%7B%7D');
        // Every connection is stuck on the lock and requests wait in line for one.
        await vi.waitFor(async () => expect(await poolWaiting()).toBeGreaterThan(0), {
          timeout: 5_000,
          interval: 50,
        });
        const [health, ready] = await Promise.all([timed('/healthz'), timed('/readyz')]);
        return { lists: await lists, trpc: await trpc, health, ready };
      });
      // The lock goes only once the callback above returned, i.e. once every request had its answer.
      expect(health.status).toBe(200);
      expect(ready.status).toBe(503);
      for (const l of lists) {
        expect(l).toMatchObject({
          status: 503,
          retryAfter: '5',
          body: { error: MSG.http.overloaded },
        });
      }
      expect(trpc).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { error: { message: MSG.http.overloaded } },
      });
    } finally {
      await locker.end();
    }

    // The lock is gone: the same instance serves again, and the metrics saw the line.
    expect((await timed('/api/matches')).status).toBe(200);
    expect((await timed('/readyz')).status).toBe(200);
    const metrics = await (
      await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(/^padel_db_pool_waiting 0$/m);
    const waited = Number(
      /^padel_db_pool_wait_seconds_bucket\{le="0.5"\} (\d+)$/m.exec(metrics)?.[1],
    );
    const total = Number(/^padel_db_pool_wait_seconds_count (\d+)$/m.exec(metrics)?.[1]);
    expect(total - waited).toBeGreaterThan(0);
  }, 60_000);
});
