import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { rowsOf, type DbHandle, type Schema } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number of instances may start at once: an advisory lock lets one apply migrations at a time. */
const MIGRATION_LOCK = 727_001;

type Executor = { execute: DbHandle['db']['execute'] };

/** Migrations recorded as applied (0 before the first one created the journal table). */
async function appliedCount(db: Executor): Promise<number> {
  const [table] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`));
  if (!table?.t) return 0;
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n ?? 0;
}

/**
 * Applies the committed drizzle-kit migrations and answers how many this call applied (0 when
 * another instance got there first). PostgreSQL needs its URL (one dedicated connection).
 */
export async function runMigrations(handle: DbHandle, url?: string): Promise<number> {
  if (handle.driver === 'pglite') {
    const before = await appliedCount(handle.db);
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
    return (await appliedCount(handle.db)) - before;
  }
  if (!url) throw new Error('runMigrations: a PostgreSQL URL is required');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      const before = await appliedCount(db);
      await migratePostgres(db, { migrationsFolder });
      return (await appliedCount(db)) - before;
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadEnv, readDotEnv } = await import('../server/env');
  readDotEnv();
  const { openDatabase } = await import('./open');
  const env = loadEnv();
  const handle = openDatabase(env);
  const applied = await runMigrations(handle, env.DATABASE_URL);
  await handle.close();
  console.log(`Migrations applied (${handle.driver}): ${applied} new.`);
}
