import { join } from 'node:path';
import type { Env } from '../server/env';
import { createDb, type DbHandle } from './client';

/** The database the environment asks for: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DB_POOL_SIZE'>): Promise<DbHandle> {
  return createDb({ url: env.DATABASE_URL, pgliteDir: join(env.DATA_DIR, 'pglite'), max: env.DB_POOL_SIZE });
}
