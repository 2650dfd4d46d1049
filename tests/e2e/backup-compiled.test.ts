import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, rowsOf, type DbHandle } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { seedDefaults } from '../../db/seed';
import { createDeps } from '../../server/create-deps';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/lib/logger';
import { TEST_SECRET } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser } from '../support/factories';
import { ROOT } from '../support/server-process';

/**
 * Issue 22: the image has no tsx, so `npm run db:backup` cannot run there. The compiled command
 * `node dist/db/backup.js backup|restore <file>` is what operators run in a container: a backup then
 * a restore into an empty target gives the same players back, on PostgreSQL and on PGlite.
 */
const run = promisify(execFile);
const players = ['Joueur sauvegardé 0', 'Joueur sauvegardé 1', 'Joueur sauvegardé 2'];

async function compiled(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: TEST_SECRET,
    PUBLIC_URL: 'https://padel.example.fr',
    ...env,
  };
  delete full.TEST_DATABASE_URL;
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  return run(process.execPath, ['dist/db/backup.js', ...args], { cwd: ROOT, env: full });
}

async function fill(h: DbHandle, url?: string) {
  await runMigrations(h, url);
  await seedDefaults(h.db);
  const deps = createDeps({
    env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET }),
    db: h.db,
    logger: createLogger('silent'),
  });
  for (const name of players) await createUser(deps, { name });
}

const names = async (h: DbHandle) =>
  rowsOf<{ name: string }>(await h.db.execute(sql`select name from users order by name`)).map(
    (r) => r.name,
  );

const work = mkdtempSync(join(tmpdir(), 'padel-backup-compiled-'));
beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const base = serverUrl();
if (!base)
  console.warn(
    '[backup-compiled] PostgreSQL case skipped: no TEST_DATABASE_URL / DATABASE_URL (the PGlite one runs)',
  );

describe('node dist/db/backup.js (the image has no tsx)', () => {
  it('PGlite: backup, then restore into an empty DATA_DIR, gives the players back', async () => {
    const src = join(work, 'src');
    const h = await createDb({ pgliteDir: join(src, 'pglite') });
    await fill(h);
    await h.close();
    const file = join(work, 'pglite.tar.gz');
    const b = await compiled(['backup', file], { DATA_DIR: src });
    expect(b.stdout).toContain(`Backup written to ${file} (PGlite).`);
    const dst = join(work, 'dst');
    const r = await compiled(['restore', file], { DATA_DIR: dst });
    expect(r.stdout).toContain(`Restored from ${file}.`);
    const restored = await createDb({ pgliteDir: join(dst, 'pglite') });
    try {
      expect(await names(restored)).toEqual(players);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it.runIf(base)(
    'PostgreSQL: pg_dump, then pg_restore into an empty database, gives the players back',
    async () => {
      const admin = postgres(base!, { max: 1, onnotice: () => {} });
      const [srcName, dstName] = ['src', 'dst'].map(
        (n) => `padel_bc_${n}_${randomBytes(4).toString('hex')}`,
      ) as [string, string];
      const urlOf = (name: string) =>
        Object.assign(new URL(base!), { pathname: `/${name}` }).toString();
      try {
        for (const n of [srcName, dstName]) await admin.unsafe(`create database ${n}`);
        const src = await createDb({ url: urlOf(srcName) });
        await fill(src, urlOf(srcName));
        await src.close();
        const file = join(work, 'pg.dump');
        const b = await compiled(['backup', file], {
          DATA_DIR: work,
          DATABASE_URL: urlOf(srcName),
        });
        expect(b.stdout).toContain(`Backup written to ${file} (PostgreSQL, pg_dump).`);
        await compiled(['restore', file], { DATA_DIR: work, DATABASE_URL: urlOf(dstName) });
        const dst = await createDb({ url: urlOf(dstName) });
        try {
          expect(await names(dst)).toEqual(players);
        } finally {
          await dst.close();
        }
      } finally {
        for (const n of [srcName, dstName])
          await admin.unsafe(`drop database if exists ${n} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
