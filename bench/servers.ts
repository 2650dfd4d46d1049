import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listMatchesQuery } from '../server/services/matches/queries';
import type { Db } from '../db/client';
import { LEVEL, PAGE, POOL, SECRET, TZ, log } from './config';
import type { BenchDatabase } from './database';
import { ROOT, imageRuntimeEnv, startNode, type Child } from './processes';

export function buildClient() {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('npm run build failed');
  log(`client built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The compiled server when the build has produced it, else the TypeScript sources through tsx. */
function serverCommand(): { args: string[]; label: string } {
  if (existsSync(join(ROOT, 'dist/server/index.js')))
    return { args: ['dist/server/index.js'], label: 'node dist/server/index.js' };
  return {
    args: ['--import', 'tsx', 'server/index.ts'],
    label: 'node --import tsx server/index.ts (no compiled build yet)',
  };
}

export interface AppServer {
  child: Child;
  /** How the server was started (compiled or through tsx), for the report. */
  label: string;
  /** Node arguments and environment of the server, for a second one on another database. */
  args: string[];
  env: Record<string, string>;
  /** The production image's node settings both servers run with. */
  runtimeEnv: Record<string, string>;
}

/** BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops. */
const profArgs = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** The production server in its own process, on the bench database, with production settings. */
export async function startAppServer(db: BenchDatabase): Promise<AppServer> {
  const server = serverCommand();
  // Both servers run with the production image's node settings (the Dockerfile's NODE_OPTIONS, MALLOC_*).
  const runtimeEnv = imageRuntimeEnv();
  log(`the image's runtime settings: ${JSON.stringify(runtimeEnv)}`);
  const env = {
    ...runtimeEnv,
    NODE_ENV: 'production',
    APP_SECRET: SECRET,
    PUBLIC_URL: 'https://padel.example.org',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    APP_TIMEZONE: TZ,
    DB_POOL_SIZE: String(POOL),
    DATA_DIR: db.dataDir,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  };
  const t0 = performance.now();
  const args = [...profArgs(), ...server.args];
  const child = await startNode(args, env, '/healthz');
  log(
    `server (${server.label}, NODE_ENV=production, pid ${child.pid}) ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { child, label: server.label, args, env, runtimeEnv };
}

/**
 * The ceiling of our stack: a bare Fastify + postgres.js process (bench/bare-server.ts) sending the
 * same SQL text drizzle sends for each list page. PostgreSQL only (PGlite has one client).
 */
export async function startBareServer(
  url: string,
  db: Db,
  local: { date: string; time: string },
  runtimeEnv: Record<string, string>,
): Promise<Child> {
  const firstSql = listMatchesQuery(db, local, { limit: PAGE }).toSQL();
  const filteredSql = listMatchesQuery(db, local, { limit: PAGE, level: LEVEL }).toSQL();
  return startNode(
    [...profArgs(), '--import', 'tsx', 'bench/bare-server.ts'],
    {
      ...runtimeEnv,
      BENCH_DATABASE_URL: url,
      DB_POOL_SIZE: String(POOL),
      BENCH_BARE_QUERIES: JSON.stringify({
        first: { text: firstSql.sql, params: firstSql.params.slice(2) },
        filtered: { text: filteredSql.sql, params: filteredSql.params.slice(2) },
      }),
    },
    '/list/first',
  );
}
