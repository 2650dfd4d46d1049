/**
 * `npm run bench`: seeds 100,000 matches into a fresh database (PGlite in memory by default,
 * a new PostgreSQL database when DATABASE_URL is set, dropped afterwards), then measures the
 * match list (first page and a deep keyset page) and joins through the real Fastify app with
 * `app.inject` (REST and tRPC), and prints the list query's EXPLAIN plan. Bounded: a fixed number
 * of requests per scenario. Numbers are for comparing changes on one machine, not a promise.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { addDays, localParts } from '../common/schedule';
import { createDb, rowsOf, type DbHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { buildApp } from '../server/app';
import { createDeps } from '../server/create-deps';
import { loadEnv } from '../server/env';
import { createSession } from '../server/services/auth/sessions';
import { createLogger } from '../server/lib/logger';
import { encodeCursor, listMatchesQuery } from '../server/services/matches/queries';
import { explain, seedBenchData, usesUpcomingIndex } from './seed';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 8;
const JOIN_SLOTS = 10;
/** Enough places for every join call (warm-up, sequential and concurrent), one player each. */
const JOIN_MATCHES = Math.ceil((2 * REQUESTS + 5) / JOIN_SLOTS);

async function openFreshDatabase(): Promise<DbHandle & { label: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const h = createDb({ pgliteDir: 'memory://' });
    await runMigrations(h);
    return { ...h, label: 'PGlite (in memory)' };
  }
  const name = `padel_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const h = createDb({ url: u.toString(), max: 10 });
  await runMigrations(h, u.toString());
  return {
    ...h,
    label: `PostgreSQL (${u.host}, database ${name}, dropped at the end)`,
    close: async () => {
      await h.close();
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

interface Row {
  scenario: string;
  n: number;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

/** n sequential calls for latency, then n more with CONCURRENCY workers for throughput. */
async function measure(scenario: string, call: (i: number) => Promise<number>): Promise<Row> {
  let errors = 0;
  const check = (status: number) => void (status >= 400 && errors++);
  for (let i = 0; i < 5; i++) check(await call(-1 - i)); // warm-up
  errors = 0;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    check(await call(i));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  let next = REQUESTS;
  const end = 2 * REQUESTS;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < end) check(await call(next++));
    }),
  );
  const rps = REQUESTS / ((performance.now() - t0) / 1000);
  return { scenario, n: REQUESTS, p50: quantile(times, 0.5), p95: quantile(times, 0.95), rps, errors };
}

function printTable(rows: Row[]) {
  const head = ['scenario', 'n', 'p50 ms', 'p95 ms', `req/s (c=${CONCURRENCY})`, 'errors'];
  const body = rows.map((r) => [r.scenario, String(r.n), r.p50.toFixed(2), r.p95.toFixed(2), r.rps.toFixed(0), String(r.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

async function main() {
  const started = performance.now();
  const handle = await openFreshDatabase();
  console.log(`Padel Match benchmark — ${handle.label}, Node ${process.version}, ${MATCHES.toLocaleString('en')} matches`);
  try {
    await seedDefaults(handle.db);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: './data/bench',
    });
    const deps = createDeps({ env, db: handle.db, logger: createLogger('silent') });
    const local = localParts(deps.clock.now(), env.APP_TIMEZONE);

    let t0 = performance.now();
    const seed = await seedBenchData(handle.db, { today: local.date, matches: MATCHES, users: 1 + JOIN_MATCHES * JOIN_SLOTS });
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Join targets: JOIN_MATCHES fresh matches with JOIN_SLOTS places each, one owner.
    const owner = seed.userIds[0]!;
    const joinIds = rowsOf<{ id: number }>(
      await handle.db.execute(sql`
        insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
        select ${seed.placeIds[0]!}, ${addDays(local.date, 10)}::date, time '18:00', '["Niveau 3"]'::jsonb, ${JOIN_SLOTS}, ${JOIN_SLOTS}, ${owner}
          from generate_series(1, ${JOIN_MATCHES}) returning id`),
    ).map((r) => r.id);
    const joiners = seed.userIds.slice(1, 1 + JOIN_MATCHES * JOIN_SLOTS);
    const tokens = await Promise.all(joiners.map(async (id) => (await createSession(deps, id, null)).token));

    const upcoming = rowsOf<{ date: string; time: string; id: number; total: number }>(
      await handle.db.execute(sql`
        select date::text, time::text, id, count(*) over ()::int as total from matches
         where (date, time) >= (${local.date}::date, ${local.time}::time) order by date, time, id offset ${Math.floor(MATCHES * 0.6)} limit 1`),
    )[0];
    if (!upcoming) throw new Error('not enough upcoming matches for a deep page');
    const deepCursor = encodeCursor(upcoming);

    const app = await buildApp(deps, { serveClient: false });
    await app.ready();
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
    const trpcList = (input: object) => `/trpc/matches.list?input=${encodeURIComponent(JSON.stringify(input))}`;
    let joinIndex = 0;
    const join = async () => {
      const k = joinIndex++;
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/matches.join',
        headers: { authorization: `Bearer ${tokens[k]!}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ id: joinIds[k % JOIN_MATCHES] }),
      });
      return res.statusCode;
    };

    const rows: Row[] = [];
    rows.push(await measure('REST GET /api/matches (first page, 20)', () => get('/api/matches?limit=20')));
    rows.push(await measure('tRPC matches.list (first page, 20)', () => get(trpcList({ limit: 20 }))));
    rows.push(
      await measure(`REST deep page (cursor after ${Math.floor(MATCHES * 0.6).toLocaleString('en')})`, () =>
        get(`/api/matches?limit=20&cursor=${deepCursor}`),
      ),
    );
    rows.push(await measure('tRPC matches.list deep page', () => get(trpcList({ limit: 20, cursor: deepCursor }))));
    rows.push(
      await measure('tRPC matches.list filtered (place+level)', () =>
        get(trpcList({ limit: 20, placeId: seed.placeIds[2], level: 'Niveau 2' })),
      ),
    );
    rows.push(await measure('tRPC matches.join (distinct players)', join));
    await app.close();

    console.log('');
    printTable(rows);
    const joined = rowsOf<{ taken: number; over: number }>(
      await handle.db.execute(sql`select coalesce(sum(slots - missing_players), 0)::int as taken,
        count(*) filter (where missing_players < 0)::int as over from matches where id in ${joinIds}`),
    )[0];
    console.log(`\njoins: ${joined?.taken} places taken by ${joinIndex} join calls, ${joined?.over} match over-booked`);

    t0 = performance.now();
    const plan = await explain(handle.db, listMatchesQuery(handle.db, local, { limit: 20 }));
    const deepPlan = await explain(handle.db, listMatchesQuery(handle.db, local, { limit: 20, cursor: deepCursor }));
    console.log(`\nEXPLAIN ANALYZE, first page (${upcoming.total.toLocaleString('en')} upcoming matches):\n${plan.join('\n')}`);
    console.log(`\nEXPLAIN ANALYZE, deep page:\n${deepPlan.join('\n')}`);
    const ok = usesUpcomingIndex(plan) && usesUpcomingIndex(deepPlan);
    console.log(`\nindex scan on matches_upcoming_idx: ${ok ? 'yes' : 'NO'}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!ok) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

await main();
