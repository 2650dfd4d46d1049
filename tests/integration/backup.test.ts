/** `npm run db:backup` then `npm run db:restore` into a fresh database gives back the same rows. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../db/backup';
import { createDb, rowsOf, type Db } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { seedDefaults } from '../../db/seed';
import { createDeps } from '../../server/create-deps';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/lib/logger';
import { TEST_SECRET } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser } from '../support/factories';

/** Every row of every table (the migrations journal included), as JSON text in a stable order. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const name of tables) {
    const [schema = '', table = ''] = name.split('.');
    const rows = await db.execute(
      sql`select row_to_json(x)::text as j from ${sql.identifier(schema)}.${sql.identifier(table)} x`,
    );
    out[name] = rowsOf<{ j: string }>(rows)
      .map((r) => r.j)
      .sort();
  }
  return out;
}

/** A database with players, a photo-less profile edit, matches and sessions in it. */
async function fill(db: Db) {
  const env = loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET });
  const deps = createDeps({ env, db, logger: createLogger('silent') });
  for (let i = 0; i < 3; i++) await createUser(deps, { name: `Joueur sauvegardé ${i}` });
}

const base = serverUrl();
if (!base)
  console.warn(
    '[backup] PostgreSQL round trip skipped: no TEST_DATABASE_URL / DATABASE_URL (the PGlite one runs)',
  );
const work = mkdtempSync(join(tmpdir(), 'padel-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(base)('PostgreSQL: pg_dump, then pg_restore into a fresh database', () => {
  const admin = base ? postgres(base, { max: 1, onnotice: () => {} }) : null;
  const names = ['src', 'dst'].map((n) => `padel_backup_${n}_${randomBytes(4).toString('hex')}`);
  const urlOf = (name: string) =>
    Object.assign(new URL(base!), { pathname: `/${name}` }).toString();
  beforeAll(async () => {
    for (const n of names) await admin!.unsafe(`create database ${n}`);
  });
  afterAll(async () => {
    for (const n of names) await admin!.unsafe(`drop database if exists ${n} with (force)`);
    await admin!.end();
  });

  it('gives the same rows', async () => {
    const [srcUrl, dstUrl] = names.map(urlOf) as [string, string];
    const src = await createDb({ url: srcUrl });
    await runMigrations(src, srcUrl);
    await seedDefaults(src.db);
    await fill(src.db);
    const before = await snapshot(src.db);
    const file = join(work, 'pg.dump');
    await backupDatabase({ DATABASE_URL: srcUrl, DATA_DIR: work }, file);
    await src.close();

    await restoreDatabase({ DATABASE_URL: dstUrl, DATA_DIR: work }, file);
    const dst = await createDb({ url: dstUrl });
    try {
      const after = await snapshot(dst.db);
      expect(after['public.users']).toHaveLength(3);
      expect(after).toEqual(before);
      // The restored database takes new rows after the old ones (identity sequences restored too).
      await fill(dst.db);
      expect((await snapshot(dst.db))['public.users']).toHaveLength(6);
    } finally {
      await dst.close();
    }
  });
});

describe('PGlite: dumpDataDir, then loadDataDir into a fresh data directory', () => {
  it(
    'gives the same rows, and leaves nothing beside the restored directory',
    { timeout: 180_000 },
    async () => {
      const srcDir = join(work, 'src');
      const src = await createDb({ pgliteDir: join(srcDir, 'pglite') });
      await runMigrations(src);
      await seedDefaults(src.db);
      await fill(src.db);
      const before = await snapshot(src.db);
      await src.close();
      const file = join(work, 'pglite.tar.gz');
      await backupDatabase({ DATA_DIR: srcDir }, file);

      const dstDir = join(work, 'dst');
      const stale = await createDb({ pgliteDir: join(dstDir, 'pglite') });
      await runMigrations(stale);
      await stale.close();
      await restoreDatabase({ DATA_DIR: dstDir }, file);
      expect(readdirSync(dstDir)).toEqual(['pglite']);
      const dst = await createDb({ pgliteDir: join(dstDir, 'pglite') });
      try {
        const after = await snapshot(dst.db);
        expect(after['public.users']).toHaveLength(3);
        expect(after).toEqual(before);
      } finally {
        await dst.close();
      }
    },
  );
});
