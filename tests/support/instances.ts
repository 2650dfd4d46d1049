import type { FastifyInstance } from 'fastify';
import { createDb, type DbHandle } from '../../db/client';
import { buildApp } from '../../server/app';
import { createDeps, type DepsOptions } from '../../server/create-deps';
import type { TestContext } from './app';
import { captureLogger } from './logs';

export interface Instances {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * Two server instances on the test context's database, each with the outbox worker the server
 * starts (every 100 ms) and the context's clock. On PostgreSQL the second has a pool of its own, so
 * their workers really compete for the rows; PGlite is one embedded connection, which they share.
 */
export async function startTwoInstances(
  t: TestContext,
  options: Pick<DepsOptions, 'pushAgent'> & {
    /** Each instance gets a pool of its own with this wait for a free connection (PostgreSQL). */
    acquireTimeoutMs?: number;
  } = {},
): Promise<Instances> {
  const { acquireTimeoutMs, ...rest } = options;
  const own = (max: number) =>
    t.db.url ? createDb({ url: t.db.url, max, acquireTimeoutMs }) : Promise.resolve(undefined);
  const first: DbHandle | undefined = acquireTimeoutMs ? await own(10) : undefined;
  const second: DbHandle | undefined = await own(5);
  const apps: FastifyInstance[] = [];
  for (const db of [first?.db ?? t.db.db, second?.db ?? t.db.db]) {
    const deps = createDeps({
      env: { ...t.deps.env, OUTBOX_INTERVAL_MS: 100 },
      db,
      logger: captureLogger().logger,
      clock: t.clock,
      ...rest,
    });
    const app = await buildApp(deps, { serveClient: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await first?.close();
      await second?.close();
    },
  };
}
