import { openDatabaseOrExit } from '../db/open';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { buildApp } from './app';
import { createDeps } from './create-deps';
import { loadEnv, readDotEnv } from './env';
import { createLogger } from './lib/logger';
import { startRetentionJob } from './services/retention';

let env;
try {
  readDotEnv();
  env = loadEnv();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const logger = createLogger(env.LOG_LEVEL);
const handle = await openDatabaseOrExit(env);
const migrationsApplied = await runMigrations(handle, env.DATABASE_URL);
logger.info({ migrationsApplied }, 'database migrated');
await seedDefaults(handle.db);
const deps = createDeps({ env, db: handle.db, logger });
const app = await buildApp(deps, { onClose: handle.close });
await app.listen({ port: env.PORT, host: env.HOST });
logger.info({ driver: handle.driver }, `Padel Match ready on http://${env.HOST}:${env.PORT}`);
const stopRetention = startRetentionJob(deps, env.RETENTION_INTERVAL_MINUTES);

// Finish in-flight requests, then close the database, on the signals orchestrators send.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'shutting down');
    stopRetention();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
