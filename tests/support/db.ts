import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type DbHandle } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { seedDefaults } from '../../db/seed';

export type TestDbKind = 'postgres' | 'testcontainers' | 'pglite';

export interface TestDb extends DbHandle {
  kind: TestDbKind;
  /** The database's own URL (PostgreSQL kinds only), for code that opens its own connections. */
  url?: string;
}

/** The PostgreSQL server tests use: TEST_DATABASE_URL, else DATABASE_URL, else none (PGlite). */
export const serverUrl = () =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * TEST_PG=docker (and no URL given): a PostgreSQL container, started once per worker. Asking for
 * Docker and not getting it is an error, not a quiet switch to PGlite.
 */
let containerUrl: Promise<string> | undefined;
async function dockerUrl(): Promise<string | undefined> {
  if (process.env.TEST_PG !== 'docker') return undefined;
  containerUrl ??= (async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    try {
      const container = await new PostgreSqlContainer('postgres:15-alpine').start();
      return container.getConnectionUri();
    } catch (e) {
      throw new Error(
        `TEST_PG=docker, but no PostgreSQL container could start: is a Docker engine running? ` +
          `Unset TEST_PG to use PGlite, or set TEST_DATABASE_URL. Cause: ${(e as Error).message}`,
        { cause: e },
      );
    }
  })();
  return containerUrl;
}

/**
 * A fresh, migrated and seeded database for one test file. On PostgreSQL it is a new database
 * (dropped by `close`), so test files never share state, even when they run in parallel.
 */
export async function createTestDb(): Promise<TestDb> {
  const base = serverUrl() ?? (await dockerUrl());
  if (!base) {
    const handle = await createDb({ pgliteDir: 'memory://' });
    await runMigrations(handle);
    await seedDefaults(handle.db);
    return { ...handle, kind: 'pglite' };
  }
  const name = `padel_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = withDatabase(base, name);
  const handle = await createDb({ url, max: 20 });
  await runMigrations(handle, url);
  await seedDefaults(handle.db);
  return {
    ...handle,
    kind: serverUrl() ? 'postgres' : 'testcontainers',
    url,
    close: async () => {
      await handle.close();
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
