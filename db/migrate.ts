import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DbHandle, Schema } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number of instances may start at once: an advisory lock lets one apply migrations at a time. */
const MIGRATION_LOCK = 727_001;

/** Applies the committed drizzle-kit migrations. PostgreSQL needs its URL (one dedicated connection). */
export async function runMigrations(handle: DbHandle, url?: string): Promise<void> {
  if (handle.driver === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  if (!url) throw new Error('runMigrations: a PostgreSQL URL is required');
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePostgres(db, { migrationsFolder });
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
  const handle = await openDatabase(env);
  await runMigrations(handle, env.DATABASE_URL);
  await handle.close();
  console.log(`Migrations applied (${handle.driver}).`);
}
