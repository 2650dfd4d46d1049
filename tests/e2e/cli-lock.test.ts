import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/app';
import { serverUrl } from '../support/db';
import { ROOT, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Issue 13, item 5: the commands (`npm run db:seed`, `npm run admin`, `npm run db:migrate`) beside a
 * running `npm start`. On the embedded PGlite they must refuse (two processes on one directory lose
 * data); on PostgreSQL they work beside the server.
 */
const run = promisify(execFile);
const tsx = join(ROOT, 'node_modules/.bin/tsx');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function command(args: string[], env: Record<string, string>): Promise<Outcome> {
  const cleanEnv: NodeJS.ProcessEnv = { ...process.env, APP_SECRET: TEST_SECRET, ...env };
  if (!env.DATABASE_URL) {
    delete cleanEnv.DATABASE_URL;
    delete cleanEnv.TEST_DATABASE_URL;
  }
  try {
    const r = await run(tsx, args, { cwd: ROOT, env: cleanEnv });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

if (!serverUrl())
  console.warn('[cli-lock] the PostgreSQL case is skipped: no TEST_DATABASE_URL / DATABASE_URL');

describe('command-line tools beside a running server', () => {
  let server: ServerProcess | undefined;
  let keptDir: string | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (keptDir) rmSync(keptDir, { recursive: true, force: true });
    keptDir = undefined;
  });

  it('on PGlite: refuse with "stop the server first" while it runs, work once it stopped, take over a stale lock', async () => {
    server = await startServerProcess({ pglite: true });
    const env = { DATA_DIR: server.dataDir };
    const lock = join(server.dataDir, 'pglite.lock');
    const serverPid = Number(readFileSync(lock, 'utf8'));
    expect(serverPid).toBeGreaterThan(0);

    for (const args of [
      ['db/seed.ts', '--demo'],
      ['server/cli/admin.ts', 'grant', 'someone@example.fr'],
      ['db/migrate.ts'],
    ]) {
      const r = await command(args, env);
      expect({ args, code: r.code, said: r.stderr }).toMatchObject({
        args,
        code: 1,
        said: expect.stringContaining("Arrêtez d'abord le serveur") as string,
      });
      expect(r.stderr).toContain('Stop the server first');
      expect(r.stderr).toContain(String(serverPid));
      expect(r.stdout).not.toContain('Seed done');
    }
    // The refusals did not disturb the server or its lock.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(Number(readFileSync(lock, 'utf8'))).toBe(serverPid);

    // Stopped: the lock is gone and the same command does its work, which is still there afterwards.
    const dataDir = server.dataDir;
    keptDir = dataDir;
    await server.stop({ keepData: true });
    server = undefined;
    expect(existsSync(lock)).toBe(false);
    const seeded = await command(['db/seed.ts', '--demo'], { DATA_DIR: dataDir });
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('Seed done.');
    expect(existsSync(lock)).toBe(false);

    // A lock left by a process that died (kill -9, power cut) does not block anyone.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(lock, dead.stdout);
    const migrated = await command(['db/migrate.ts'], { DATA_DIR: dataDir });
    expect(migrated).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Migrations applied (pglite)') as string,
    });
    expect(existsSync(lock)).toBe(false);
    const again = await startServerProcess({ pglite: true, dataDir });
    server = again;
    const list = (await (await fetch(`${again.url}/api/matches`)).json()) as unknown[];
    expect(list.length).toBeGreaterThan(0);
  }, 180_000);

  it.skipIf(!serverUrl())(
    'on PostgreSQL: the commands work beside the running server',
    async () => {
      server = await startServerProcess();
      expect(server.database).toBe('postgres');
      const r = await command(['db/seed.ts', '--demo'], {
        DATABASE_URL: server.databaseUrl!,
        DATA_DIR: server.dataDir,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Seed done.');
      const list = (await (await fetch(`${server.url}/api/matches`)).json()) as unknown[];
      expect(list.length).toBeGreaterThan(0);
    },
    120_000,
  );
});
