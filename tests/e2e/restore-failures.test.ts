import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../db/backup';
import { createDb, rowsOf } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { seedDefaults } from '../../db/seed';
import { createDeps } from '../../server/create-deps';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/lib/logger';
import { sql } from 'drizzle-orm';
import { TEST_SECRET } from '../support/app';
import { createUser } from '../support/factories';
import { ROOT, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Issue 22: `npm run db:restore` on PGlite moved the live folder aside before unpacking, so a
 * truncated or garbage file left an empty `pglite/` (and a stack trace), and the next start created
 * a fresh database; beside a running server it printed "Restored" while the server kept writing.
 * Now the live data stays in place on any failure, said in one line, and both commands refuse while
 * the server holds the database.
 */
const run = promisify(execFile);
const tsx = join(ROOT, 'node_modules/.bin/tsx');

async function cli(args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, APP_SECRET: TEST_SECRET, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  try {
    const r = await run(tsx, ['db/backup.ts', ...args], { cwd: ROOT, env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

async function userNames(dataDir: string): Promise<string[]> {
  const h = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  try {
    return rowsOf<{ name: string }>(
      await h.db.execute(sql`select name from users order by name`),
    ).map((r) => r.name);
  } finally {
    await h.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'padel-restore-'));
const live = join(work, 'live');
const files = {
  good: join(work, 'good.tar.gz'),
  truncated: join(work, 'truncated.tar.gz'),
  garbage: join(work, 'garbage.tar.gz'),
};
const players = ['Joueur sauvegardé 0', 'Joueur sauvegardé 1', 'Joueur sauvegardé 2'];

beforeAll(async () => {
  const h = await createDb({ pgliteDir: join(live, 'pglite') });
  await runMigrations(h);
  await seedDefaults(h.db);
  const deps = createDeps({
    env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET }),
    db: h.db,
    logger: createLogger('silent'),
  });
  for (const name of players) await createUser(deps, { name });
  await h.close();
  await backupDatabase({ DATA_DIR: live }, files.good);
  const good = readFileSync(files.good);
  writeFileSync(files.truncated, good.subarray(0, Math.floor(good.length / 2)));
  writeFileSync(files.garbage, Buffer.from('PK\u0003\u0004 not a backup at all '.repeat(400)));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The failure is one line that says the live data was kept, with no stack; the live data is all there. */
async function expectRefusedAndIntact(
  r: { code: number; stdout: string; stderr: string },
  said: RegExp,
) {
  expect(r.code).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(said);
  expect(lines[0]).toContain('The live database was left as it was.');
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout).not.toContain('Restored');
  expect(await userNames(live)).toEqual(players);
  expect(readdirSync(live).filter((n) => n !== 'pglite')).toEqual([]);
}

describe('PGlite restore that cannot empty the service', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop({ keepData: true });
    server = undefined;
  });

  it('a truncated backup: refused in one line, the live data stays', async () => {
    await expectRefusedAndIntact(
      await cli(['restore', files.truncated], live),
      /^Restore failed: .*truncated\.tar\.gz is not a usable backup \(/,
    );
  }, 120_000);

  it('a garbage file: refused in one line, the live data stays', async () => {
    await expectRefusedAndIntact(
      await cli(['restore', files.garbage], live),
      /^Restore failed: .*garbage\.tar\.gz is not a usable backup \(/,
    );
  }, 120_000);

  it('a valid PGlite archive of another database: refused, the live data stays', async () => {
    const otherDir = join(work, 'other');
    const other = await createDb({ pgliteDir: join(otherDir, 'pglite') });
    await other.close();
    const file = join(work, 'other.tar.gz');
    await backupDatabase({ DATA_DIR: otherDir }, file);
    await expectRefusedAndIntact(
      await cli(['restore', file], live),
      /not a Padel Match database \(no public\.users, public\.matches/,
    );
  }, 120_000);

  it('while the server runs: backup and restore both refuse, the server and its data are untouched', async () => {
    server = await startServerProcess({ pglite: true, dataDir: live });
    const pid = readFileSync(join(live, 'pglite.lock'), 'utf8');
    for (const args of [
      ['restore', files.good],
      ['backup', join(work, 'while-running.tar.gz')],
    ]) {
      const r = await cli(args, live);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`open in process ${pid}`);
      expect(r.stderr).toContain('Stop the server first');
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(work, 'while-running.tar.gz'))).toBe(false);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(readFileSync(join(live, 'pglite.lock'), 'utf8')).toBe(pid);
    await server.stop({ keepData: true });
    server = undefined;
    expect(await userNames(live)).toEqual(players);
  }, 180_000);

  it('a good backup, server stopped: replaces the live data, nothing left beside it', async () => {
    const h = await createDb({ pgliteDir: join(live, 'pglite') });
    const deps = createDeps({
      env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET }),
      db: h.db,
      logger: createLogger('silent'),
    });
    await createUser(deps, { name: 'Joueur après la sauvegarde' });
    await h.close();
    expect(await userNames(live)).toHaveLength(4);
    const r = await cli(['restore', files.good], live);
    expect(r, r.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Restored from') as string,
    });
    expect(await userNames(live)).toEqual(players);
    // The instance's own generated push keys stay (subscriptions depend on them); no restore leftovers.
    expect(readdirSync(live).filter((f) => f !== 'vapid-keys.json')).toEqual(['pglite']);
  }, 120_000);
});
