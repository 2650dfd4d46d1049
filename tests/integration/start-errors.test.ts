/**
 * What an operator sees when the built server cannot start: one English line saying what is
 * wrong, exit code 1, no stack trace (no DrizzleQueryError dump, no stack after migrations), and
 * never the database password.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/app';
import { createTestDb, serverUrl, type TestDb } from '../support/db';
import { ROOT, startServerProcess } from '../support/server-process';

interface Run {
  code: number | null;
  output: string;
}

/** The compiled server (`npm start`) with this environment, until it exits. */
function runServer(env: Record<string, string>): Promise<Run> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'PUBLIC_URL', 'NODE_ENV'])
    delete base[key];
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    env: { ...base, APP_SECRET: TEST_SECRET, HOST: '127.0.0.1', OUTBOX_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

/** Exit 1 with `line` on its own and no stack-trace line. */
function expectOneLineFailure(run: Run, line: string | RegExp) {
  const lines = run.output.split('\n').filter(Boolean);
  expect(run.code).toBe(1);
  expect(lines.some((l) => (typeof line === 'string' ? l === line : line.test(l)))).toBe(true);
  expect(lines.filter((l) => /^\s+at /.test(l) || l.includes('DrizzleQueryError'))).toEqual([]);
}

describe('the built server refuses to start, in one line', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'padel-start-'));
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0)
      throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when PostgreSQL does not answer, without showing the password', async () => {
    const run = await runServer({
      DATABASE_URL: 'postgres://padel:s3cret-pw@127.0.0.1:1/padel',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    expectOneLineFailure(
      run,
      'Cannot reach the database at 127.0.0.1:1/padel: connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(run.output).not.toContain('s3cret-pw');
  }, 60_000);

  it('in production without PUBLIC_URL (mail links would point at http://0.0.0.0:PORT)', async () => {
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PUBLIC_URL: required in production');
    expect(run.output).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('with settings in English, even those zod words itself', async () => {
    const run = await runServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PORT: Invalid input: expected number');
  }, 60_000);
});

if (!serverUrl())
  console.warn(
    '[start-errors] missing database and busy port skipped: they need a PostgreSQL server (TEST_DATABASE_URL)',
  );
describe.runIf(Boolean(serverUrl()))('… on PostgreSQL', () => {
  let db: TestDb;
  let busy: Server;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = mkdtempSync(join(tmpdir(), 'padel-start-'));
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    busy?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the database does not exist', async () => {
    const url = new URL(db.url!);
    url.pathname = '/padel_no_such_database';
    const run = await runServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: '0' });
    expectOneLineFailure(
      run,
      `Cannot reach the database at ${url.hostname}:${url.port || '5432'}/padel_no_such_database: database "padel_no_such_database" does not exist`,
    );
  }, 60_000);

  it('when the port is taken', async () => {
    const { port } = busy.address() as { port: number };
    const run = await runServer({ DATABASE_URL: db.url!, DATA_DIR: dataDir, PORT: String(port) });
    expectOneLineFailure(run, `Port ${port} is already in use`);
  }, 60_000);
});

describe('on the embedded PGlite in production', () => {
  it('says once that it is one instance only and how to back it up', async () => {
    const server = await startServerProcess({
      pglite: true,
      compiled: true,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://padel.example.org' },
    });
    try {
      const warnings = server
        .output()
        .split('\n')
        .filter((l) => l.includes('embedded PGlite'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/one instance only.*db:backup/) as unknown,
      });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
