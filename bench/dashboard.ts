/**
 * The admin dashboard at 1,000,000 matches (issue 28): a scratch PostgreSQL database holds two
 * years of activity (1,000,000 matches created every ~63 s, two thirds of them full with a time to
 * fill, ~3,000,000 participants, 10,000 players, 300,000 notices), then `getDashboard` — the same
 * function the admin's tRPC call runs, on a pool like the server's — is timed for the default 12
 * weeks, one place, and a whole year. Budget: the 12-week dashboard answers in under 300 ms
 * (median). PostgreSQL only (without DATABASE_URL it says so and skips).
 *
 * Alone: `DATABASE_URL=postgres://… npx tsx bench/dashboard.ts` (writes bench/results/<date>-dashboard.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays, localParts } from '../common/schedule';
import { createDb, rowsOf } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { systemClock } from '../server/lib/clock';
import { getDashboard, type DashboardDeps } from '../server/services/admin/dashboard';
import { materialiseRecentWeeks } from '../server/services/admin/dashboard-weeks';
import type { SessionUser } from '../server/lib/auth';
import { createScratchDatabase } from './database';
import { POOL, TZ } from './config';
import { ROOT } from './processes';
import { budget, fmt, printTable, type Budget } from './stats';

export const DASHBOARD_MATCHES = Number(process.env.BENCH_DASHBOARD_MATCHES ?? 1_000_000);
/** The budget: the default (12-week) dashboard, median answer time. */
export const DASHBOARD_BUDGET_MS = 300;
const PLAYERS = 10_000;
const PLACES = 50;
const NOTICES = 300_000;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 15);

export interface DashboardFigure {
  case: string;
  /** Matches the period's created-match figures cover. */
  created: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
}
export interface DashboardBench {
  matches: number;
  seedSeconds: number;
  /** The background job's one-off work: the 11 closed weeks' active players stored. */
  materialiseMs: number;
  figures: DashboardFigure[];
  budgets: Budget[];
}

const log = (s: string) => console.log(`[bench:dashboard] ${s}`);
const ADMIN: SessionUser = {
  id: 1,
  name: 'Bench',
  email: null,
  phone: '+33600000000',
  level: null,
  isAdmin: true,
  sessionId: 0,
};

/** Two years of activity, spread evenly, by generate_series (triggers off: `filled_at` is given). */
async function seed(db: DashboardDeps['db']) {
  const now = sql`now()`;
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`
    insert into users (name, email, phone, level, pin_hash, created_at)
    select 'Joueur ' || g, 'dash' || g || '@example.fr', '+3360' || lpad(g::text, 8, '0'), 'Niveau ' || (1 + g % 8), 'x',
           ${now} - g * interval '6300 seconds'
      from generate_series(1, ${PLAYERS}) g`);
  await db.execute(sql`
    insert into places (name, address, city)
    select 'Club ' || g, g || ' rue du Padel', 'Paris' from generate_series(1, ${PLACES}) g`);
  const [ids] = rowsOf<{ u: number; p: number }>(
    await db.execute(
      sql`select (select min(id) from users)::int as u, (select min(id) from places)::int as p`,
    ),
  );
  const u0 = ids?.u ?? 1;
  const p0 = ids?.p ?? 1;
  await db.execute(sql`
    insert into matches (place_id, date, time, levels, slots, missing_players, created_by, created_at, filled_at)
    select ${p0} + g % ${PLACES},
           (c + (g % 14) * interval '1 day')::date,
           time '07:00' + ((g * 7) % 30) * interval '30 minutes',
           '["Niveau 3","Niveau 4"]'::jsonb,
           3 + g % 3,
           case when g % 3 = 0 then 1 + g % 2 else 0 end,
           ${u0} + g % ${PLAYERS},
           c,
           case when g % 3 = 0 then null else c + (g % 97) * interval '17 minutes' end
      from generate_series(0, ${DASHBOARD_MATCHES - 1}) g,
           lateral (select ${now} - g * interval '63 seconds' as c) t`);
  await db.execute(sql`
    insert into match_participants (match_id, user_id, joined_at)
    select m.id, ${u0} + (m.created_by - ${u0} + k) % ${PLAYERS}, m.created_at + k * interval '5 minutes'
      from matches m, generate_series(1, 5) k
     where k <= m.slots - m.missing_players`);
  await db.execute(sql`
    insert into outbox (channel, event, recipient, created_at, send_after, sent_at, failed_at, last_error)
    select (array['email','sms','push'])[1 + g % 3], 'joined', 'x@example.fr', c, c,
           case when g % 50 > 2 then c + interval '5 seconds' end,
           case when g % 50 in (0, 1) then c + interval '12 hours' end,
           case when g % 50 = 0 then 'stale: not sent within 12 h of being due'
                when g % 50 = 1 then 'Connection refused' end
      from generate_series(0, ${NOTICES - 1}) g,
           lateral (select ${now} - g * interval '210 seconds' as c) t`);
  await db.execute(sql`set session_replication_role = default`);
  // Index-only scans need the visibility map, which autovacuum keeps on a live database.
  await db.execute(sql`vacuum analyze`);
  return { firstPlace: p0 };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

/** Seeds a scratch database and times the dashboard; undefined without PostgreSQL. */
export async function benchDashboard(): Promise<DashboardBench | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    log('skipped: the 1,000,000-match dashboard needs PostgreSQL (set DATABASE_URL)');
    return undefined;
  }
  const scratch = await createScratchDatabase(base, 'padel_bench_dashboard');
  try {
    const setup = await createDb({ url: scratch.url, max: 1 });
    const t0 = performance.now();
    await runMigrations(setup, scratch.url);
    await seedDefaults(setup.db);
    const { firstPlace } = await seed(setup.db);
    const seedSeconds = (performance.now() - t0) / 1000;
    await setup.close();
    log(`seeded ${DASHBOARD_MATCHES} matches in ${fmt(seedSeconds)} s`);

    const pool = await createDb({ url: scratch.url, max: POOL });
    const deps: DashboardDeps = { db: pool.db, clock: systemClock, env: { APP_TIMEZONE: TZ } };
    const today = localParts(new Date(), TZ).date;
    const m0 = performance.now();
    await materialiseRecentWeeks(pool.db, today, TZ);
    const materialiseMs = performance.now() - m0;
    log(`closed weeks materialised in ${fmt(materialiseMs)} ms (background job, once a week)`);
    const cases = [
      { case: '12 weeks (default)', input: {} },
      { case: '12 weeks, one place', input: { place_id: firstPlace } },
      { case: '366 days', input: { from: addDays(today, -365), to: today } },
    ];
    const figures: DashboardFigure[] = [];
    try {
      for (const c of cases) {
        let created = 0;
        await getDashboard(deps, ADMIN, c.input); // warm: plans and caches, as on a live server
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          created = (await getDashboard(deps, ADMIN, c.input)).totals.created;
          times.push(performance.now() - s);
        }
        figures.push({
          case: c.case,
          created,
          medianMs: percentile(times, 0.5),
          p90Ms: percentile(times, 0.9),
          maxMs: Math.max(...times),
        });
        log(`${c.case}: median ${fmt(percentile(times, 0.5))} ms over ${RUNS} runs`);
      }
    } finally {
      await pool.close();
    }
    const main = figures[0]!;
    return {
      matches: DASHBOARD_MATCHES,
      seedSeconds,
      materialiseMs,
      figures,
      budgets: [
        budget(
          'admin dashboard at 1M matches (12 weeks, median)',
          main.medianMs,
          '<=',
          DASHBOARD_BUDGET_MS,
          ' ms',
        ),
      ],
    };
  } finally {
    // BENCH_DASHBOARD_KEEP=1 keeps the database to study its plans (EXPLAIN); it is named in the log.
    if (process.env.BENCH_DASHBOARD_KEEP === '1') log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

export function printDashboard(r: DashboardBench) {
  printTable(
    [
      `admin dashboard, ${r.matches.toLocaleString('en')} matches`,
      'matches in period',
      'median ms',
      'p90 ms',
      'max ms',
    ],
    r.figures.map((f) => [f.case, String(f.created), fmt(f.medianMs), fmt(f.p90Ms), fmt(f.maxMs)]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchDashboard();
  if (r) {
    console.log('');
    printDashboard(r);
    const file = join(
      ROOT,
      'bench/results',
      `${new Date().toISOString().slice(0, 10)}-dashboard.json`,
    );
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), cpus: cpus().length, loadAverage: loadavg(), ...r }, null, 2)}\n`,
    );
    if (!r.budgets.every((b) => b.holds)) process.exitCode = 1;
  }
}
