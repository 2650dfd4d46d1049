import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { TEST_SECRET } from './app';
import { serverUrl } from './db';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** Extra environment for the server (NODE_ENV, PORT, HOST, DATA_DIR, DATABASE_URL are set here). */
  env?: Record<string, string>;
  /** Milliseconds to wait for /healthz (default 60 s: first start migrates the database). */
  startTimeoutMs?: number;
  /** Use the embedded PGlite even when a PostgreSQL URL is configured for the tests. */
  pglite?: boolean;
  /** An existing DATA_DIR to use (kept by `stop`) instead of a new temp directory. */
  dataDir?: string;
  /**
   * An existing PostgreSQL database to share with other servers (several instances behind one
   * load balancer); `stop` leaves it in place. Default: a fresh database of this server's own.
   */
  databaseUrl?: string;
  /** Run the compiled server as `npm start` does (`node dist/server/index.js`), built first if stale. */
  compiled?: boolean;
  /** Run `node dist/server/index.js` from this directory (an image's /app, replayed) as it stands. */
  appDir?: string;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** 'postgres' when the server runs on PostgreSQL (its own database or a shared one), else 'pglite'. */
  database: 'postgres' | 'pglite';
  /** Everything the server wrote to stdout and stderr so far (pino JSON lines). */
  output: () => string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), then drop the database / temp directory (unless `keepData`). */
  stop: (o?: { keepData?: boolean }) => Promise<void>;
  /** The process's exit code once it has exited (null while running or when killed by a signal). */
  exitCode: () => number | null;
  /** Its DATA_DIR (PGlite files when `database` is 'pglite'). */
  dataDir: string;
  /** Its DATABASE_URL when `database` is 'postgres'. */
  databaseUrl?: string;
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The real server (`server/index.ts` from sources, or its compiled `dist/server/index.js`) as a
 * child process on a free port, with a database of its own: a new PostgreSQL database when
 * TEST_DATABASE_URL / DATABASE_URL is set (dropped by `stop`), else PGlite in a temp DATA_DIR;
 * or `databaseUrl`, shared with other servers.
 * The server migrates and seeds it on start. Resolves once it logged that it is ready and GET
 * /healthz answers 200.
 */
export async function startServerProcess(o: ServerProcessOptions = {}): Promise<ServerProcess> {
  const base = o.databaseUrl || o.pglite ? undefined : serverUrl();
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'padel-server-'));
  let dbName: string | undefined;
  if (base) {
    dbName = `padel_srv_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    APP_SECRET: TEST_SECRET,
    AUTH_RATE_LIMIT: '10000',
    LOG_LEVEL: 'info',
    ...o.env,
    DATA_DIR: dataDir,
    ...(base && dbName ? { DATABASE_URL: withDatabase(base, dbName) } : {}),
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
  });

  if (o.compiled) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0)
      throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
  }

  const cleanup = async (keepData = Boolean(o.dataDir)) => {
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    if (base && dbName) {
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    }
  };

  // A free port can be taken by another test's process between `freePort` and the server's
  // listen (parallel workers); the server then exits saying so, and it starts again on another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      const { kill, ...launched } = await launch({ ...env, PORT: String(port) }, port, o);
      return {
        ...launched,
        database: base || o.databaseUrl ? 'postgres' : 'pglite',
        stop: async ({ keepData }: { keepData?: boolean } = {}) => {
          await kill();
          await cleanup(keepData || Boolean(o.dataDir));
        },
        dataDir,
        databaseUrl: env.DATABASE_URL,
      };
    } catch (e) {
      const clash = e instanceof PortTaken && attempt < 5;
      if (!clash) {
        await cleanup();
        throw e;
      }
    }
  }
}

class PortTaken extends Error {}

/** Spawns the server on `port` and waits for GET /healthz; throws (process gone) if it never answers. */
async function launch(env: NodeJS.ProcessEnv, port: number, o: ServerProcessOptions) {
  // `npx tsx server/index.ts` or `npm start`, in one process so a signal reaches the server itself.
  const entry =
    o.compiled || o.appDir ? ['dist/server/index.js'] : ['--import', 'tsx', 'server/index.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: o.appDir ?? ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.startTimeoutMs ?? 60_000);
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) {
      process.off('exit', killOnExit);
      const message = `the server exited before answering /healthz:\n${out.slice(-4000)}`;
      throw out.includes(`Port ${port} is already in use`)
        ? new PortTaken(message)
        : new Error(message);
    }
    // Its own "ready" line first: another process that took the port may answer /healthz too.
    if (out.includes(`ready on ${url}`)) {
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(
        `the server did not answer /healthz within ${o.startTimeoutMs ?? 60_000} ms:\n${out.slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, port, output: () => out, exitCode: () => child.exitCode, kill };
}
