import type { FastifyInstance } from 'fastify';
import type { Agent } from 'node:https';
import { buildApp } from '../../server/app';
import { createDeps } from '../../server/create-deps';
import type { Deps } from '../../server/deps';
import { loadEnv, type Env } from '../../server/env';
import { fixedClock, type Clock } from '../../server/lib/clock';
import { createContextInner } from '../../server/transport/request-context';
import type { SessionUser } from '../../server/lib/auth';
import { createCaller } from '../../server/trpc/root';
import { captureLogger } from './logs';
import { createTestDb, type TestDb } from './db';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestContext {
  db: TestDb;
  deps: Deps;
  app: FastifyInstance;
  clock: ReturnType<typeof fixedClock>;
  logs: ReturnType<typeof captureLogger>;
  /** A tRPC caller acting as `user` (or anonymous). */
  caller: (user?: SessionUser | null, ip?: string) => ReturnType<typeof createCaller>;
  close: () => Promise<void>;
}

export interface TestContextOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** Start of the injected clock (default: today at noon in Paris, `middayToday`). */
  now?: Date | string;
  twilioBaseUrl?: string;
  clock?: Clock;
  /**
   * Trusts a push-service stand-in's self-signed certificate: NODE_EXTRA_CA_CERTS is read only
   * when a process starts, so an app inside the test process takes the CA through an https agent.
   */
  pushAgent?: Agent;
}

/**
 * Today at 10:00 UTC (noon in Paris in summer, 11:00 in winter): the default test time, so a
 * file run at night does not see its notices held by a new player's quiet hours (22:00–08:00).
 */
export function middayToday(): Date {
  const today = new Date();
  today.setUTCHours(10, 0, 0, 0);
  return today;
}

/**
 * One fresh database, the real deps (captured logs, settable clock) and the Fastify app for
 * `inject`. Call in `beforeAll` of a test file and `close` in `afterAll`.
 */
export async function createTestContext(o: TestContextOptions = {}): Promise<TestContext> {
  const db = await createTestDb();
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: TEST_SECRET,
    DATA_DIR: './data/test',
    AUTH_RATE_LIMIT: '10000',
    OUTBOX_INTERVAL_MS: '0',
    ...o.env,
  });
  const clock = fixedClock(o.now ?? middayToday());
  const logs = captureLogger();
  const deps = createDeps({
    env,
    db: db.db,
    logger: logs.logger,
    clock: o.clock ?? clock,
    twilioBaseUrl: o.twilioBaseUrl,
    pushAgent: o.pushAgent,
  });
  const app = await buildApp(deps, { serveClient: false });
  await app.ready();
  return {
    db,
    deps,
    app,
    clock,
    logs,
    caller: (user = null, ip = '127.0.0.1') => createCaller(createContextInner({ deps, user, ip })),
    close: async () => {
      // The drain, as in production: a connection whose answer (an SSE stream the server ends on
      // close) is still being written when the port closes turns idle later, and plain
      // `app.close()` would wait for its keep-alive timeout (72 s), past the hook's.
      await app.drain.close();
      await db.close();
    },
  };
}
