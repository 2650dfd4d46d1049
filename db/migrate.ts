import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { z } from 'zod';
import { rowsOf, type Db, type DbHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number of instances may start at once: an advisory lock lets one apply migrations at a time. */
const MIGRATION_LOCK = 727_001;

type Executor = { execute: DbHandle['db']['execute'] };

/** Migrations recorded as applied (0 before the first one created the journal table). */
async function appliedCount(db: Executor): Promise<number> {
  const [table] = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  );
  if (!table?.t) return 0;
  return (
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )[0]?.n ?? 0
  );
}

/**
 * Applies the committed drizzle-kit migrations and answers how many this call applied (0 when
 * another instance got there first). PostgreSQL needs its URL (one dedicated connection).
 */
export async function runMigrations(handle: DbHandle, url?: string): Promise<number> {
  if (handle.driver === 'pglite') {
    const before = await appliedCount(handle.db);
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // The shared `Db` type hides the driver; the PGlite migrator wants its own, so it gets one on the same client.
    const client = '$client' in handle.db ? handle.db.$client : undefined;
    if (!(client instanceof PGlite))
      throw new Error('runMigrations: the handle says PGlite but holds another client');
    await migratePglite(drizzlePglite(client), { migrationsFolder });
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

/** drizzle-kit's `meta/_journal.json`, as far as it is read here. */
const ZJournal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

const UNDEFINED_TABLE = '42P01';
/** The PostgreSQL error code of `e` (drizzle wraps the driver's error in `cause`). */
const codeOf = (e: unknown): unknown => (e instanceof Error && 'code' in e ? e.code : undefined);

/**
 * Tags of the committed migrations the database has not applied yet (drizzle records each one's
 * journal timestamp in `drizzle.__drizzle_migrations`). Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const journal = ZJournal.parse(
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')),
  );
  const applied = await db
    .execute(sql`select created_at from drizzle.__drizzle_migrations`)
    .then(
      (r) =>
        new Set(rowsOf<{ created_at: string | number }>(r).map((row) => Number(row.created_at))),
    )
    .catch((err: unknown) => {
      // No migrations table yet: nothing is applied (any other failure is the database's).
      if (
        codeOf(err) === UNDEFINED_TABLE ||
        (err instanceof Error && codeOf(err.cause) === UNDEFINED_TABLE)
      )
        return new Set<number>();
      throw err;
    });
  return journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadEnv, readDotEnv } = await import('../server/env');
  readDotEnv();
  const { openDatabaseOrExit } = await import('./open');
  const env = loadEnv();
  const handle = await openDatabaseOrExit(env);
  const applied = await runMigrations(handle, env.DATABASE_URL);
  await handle.close();
  console.log(`Migrations applied (${handle.driver}): ${applied} new.`);
}
