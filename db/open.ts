import { join } from 'node:path';
import { createDb, type DbHandle } from './client';
import { DatabaseLockedError, lockPgliteDir } from './pglite-lock';

/**
 * The settings a database is opened with, as `server/env.ts` parses and defaults them; named here
 * so the data layer never imports the server.
 */
export interface DbEnv {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DB_POOL_SIZE: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_ACQUIRE_TIMEOUT_MS: number;
}

/**
 * The database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite on disk,
 * held by this process alone (throws DatabaseLockedError while another process holds it).
 */

export async function openDatabase(env: DbEnv): Promise<DbHandle> {
  if (env.DATABASE_URL) {
    return createDb({
      url: env.DATABASE_URL,
      max: env.DB_POOL_SIZE,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
    });
  }
  const dir = join(env.DATA_DIR, 'pglite');
  const release = lockPgliteDir(dir);
  try {
    const handle = await createDb({ pgliteDir: dir });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** For commands: `openDatabase`, or the lock's message and exit code 1 when another process holds the database. */
export async function openDatabaseOrExit(env: DbEnv): Promise<DbHandle> {
  try {
    return await openDatabase(env);
  } catch (e) {
    if (!(e instanceof DatabaseLockedError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
