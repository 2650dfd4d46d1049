import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createDb, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';

/** What each PostgreSQL statement here may print: nothing (a bench prints its own lines). */
const quiet = { max: 1, onnotice: () => {} };

/**
 * A new, empty database on the PostgreSQL server of `baseUrl` (named `<prefix>_<random>`, so runs
 * never collide), its URL, and the function that drops it (connections closed by force).
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, quiet);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const drop = async () => {
    const dropper = postgres(baseUrl, quiet);
    await dropper.unsafe(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { name, url: u.toString(), drop };
}

/** The database a bench run measures, with the data directory its servers share. */
export interface BenchDatabase {
  label: string;
  handle: DbHandle;
  url?: string;
  dataDir: string;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database: a scratch database on the PostgreSQL server of DATABASE_URL, else a
 * PGlite directory under the temporary directory. `drop` removes either.
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-bench-'));
  if (!base) {
    const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
    await runMigrations(handle);
    return {
      label: 'PGlite',
      handle,
      dataDir,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const scratch = await createScratchDatabase(base, 'padel_bench');
  const { url } = scratch;
  const u = new URL(url);
  const handle = await createDb({ url, max: 4 });
  await runMigrations(handle, url);
  return {
    label: `PostgreSQL ${u.host}`,
    handle,
    url,
    dataDir,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
