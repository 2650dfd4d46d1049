import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabaseOrExit } from '../db/open';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { buildApp } from './app';
import { createDeps } from './create-deps';
import { loadEnv, readDotEnv } from './env';
import { createLogger } from './lib/logger';
import { startRetentionJob } from './services/retention';
import { databaseStartError, listenStartError } from './start-errors';

let env;
try {
  readDotEnv();
  env = loadEnv();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

/** A start failure an operator can act on: one line, no stack trace, exit code 1. */
function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const logger = createLogger(env.LOG_LEVEL);
const handle = await (async () => {
  const opened = await openDatabaseOrExit(env);
  const migrationsApplied = await runMigrations(opened, env.DATABASE_URL);
  logger.info({ migrationsApplied }, 'database migrated');
  await seedDefaults(opened.db);
  return opened;
})().catch((e: unknown) => fail(databaseStartError(e, env)));
if (handle.driver === 'pglite' && env.NODE_ENV === 'production') {
  logger.warn(
    `Running on the embedded PGlite database in ${env.DATA_DIR}/pglite: one instance only (set DATABASE_URL to run several); ` +
      'back it up with `npm run db:backup` while the server is stopped',
  );
}
const deps = createDeps({ env, db: handle.db, logger });
const app = await buildApp(deps, { onClose: handle.close });
await app.listen({ port: env.PORT, host: env.HOST }).catch(async (e: unknown) => {
  // Release the database (PGlite's lock, the pool) before leaving; never wait long for it.
  await Promise.race([app.close(), sleep(2000)]).catch(() => {});
  fail(listenStartError(e, env));
});
logger.info({ driver: handle.driver }, `Padel Match ready on http://${env.HOST}:${env.PORT}`);
const stopRetention = startRetentionJob(deps, env.RETENTION_INTERVAL_MINUTES);

/**
 * On the signals orchestrators send: readiness turns 503 at once; the port stays open a moment
 * (SHUTDOWN_DELAY_MS) so connections opened just before the signal are answered, not reset; then
 * the port closes, in-flight requests finish, keep-alive connections close, the outbox worker
 * stops and the pool closes. Docker and Kubernetes kill after 10 s: the force exit comes first.
 */
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    const started = performance.now();
    app.drain.begin();
    logger.info({ signal, ...app.drain.report() }, 'shutting down');
    stopRetention();
    const force = setTimeout(() => {
      logger.error(
        { ...app.drain.report(), ms: Math.round(performance.now() - started) },
        'shutdown did not finish in time, exiting',
      );
      process.exit(1);
    }, 9_000);
    force.unref();
    setTimeout(() => {
      app.drain.close().then(
        () => {
          logger.info(
            { ...app.drain.report(), ms: Math.round(performance.now() - started) },
            'drained, exiting',
          );
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, env.SHUTDOWN_DELAY_MS);
  });
}
