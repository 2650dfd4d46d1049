/**
 * `npm run bench`: the production server, in its own process, driven over real HTTP by autocannon
 * against a bare Fastify + postgres.js process running the app's own SQL (the ceiling of our
 * stack), on a realistic database: 10,000 players, 50 places, 100,000 matches of which ~5,000
 * upcoming, 3 participants on average. Rounds are interleaved and each figure is the median of
 * BENCH_ROUNDS (default 3). Prints a table with the ratios and budgets, writes
 * bench/results/<date>.json, exits non-zero when a budget does not hold.
 *
 * PostgreSQL from DATABASE_URL (a fresh database, dropped at the end), else PGlite: PGlite is one
 * process's file, so the bare route and the raw join loop (which need a second client) are then
 * left out.
 *
 * BENCH_ONLY=lists,joins (any of lists, joins, logins, outbox, live, dashboard, client, lighthouse,
 * scale) runs only those parts, for a quick before/after of one figure; the budgets of the parts
 * left out are not judged.
 *
 * The parts: config.ts (sizes), database.ts, seed.ts, servers.ts, lists.ts, joins.ts, logins.ts,
 * outbox.ts, live.ts, dashboard.ts, client.ts, lighthouse.ts, scale.ts, budgets.ts and report.ts.
 */
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { localParts } from '../common/schedule';
import { rowsOf } from '../db/client';
import { seedDefaults } from '../db/seed';
import { createSecrets } from '../server/lib/secrets';
import { hashPin } from '../server/lib/pin-hash';
import { collectBudgets } from './budgets';
import { initialAssets, measureFcp } from './client';
import {
  LIST_CONNECTIONS,
  LEVEL,
  MATCHES,
  PAGE,
  PIN,
  PLACES,
  PLAYERS,
  ROUNDS,
  SECONDS,
  SECRET,
  TZ,
  UPCOMING,
  log,
} from './config';
import { openBenchDatabase } from './database';
import { countOccupancy, measureJoins, prepareJoins } from './joins';
import { measureLighthouse } from './lighthouse';
import { checkListAnswers, listTargets, measureLists } from './lists';
import { measureLogins } from './logins';
import { benchDashboard } from './dashboard';
import { benchLive } from './live';
import { benchOutbox } from './outbox';
import { ROOT, serverNodeVersion, type Child } from './processes';
import { printReport, writeResults } from './report';
import { costGrowth } from './scale';
import { seedBenchData } from './seed';
import { buildClient, startAppServer, startBareServer } from './servers';

const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (part: string) => ONLY.size === 0 || ONLY.has(part);

async function main() {
  const started = performance.now();
  const serverNode = serverNodeVersion();
  log(
    `Node ${process.version} (servers: ${serverNode}), ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB`,
  );
  buildClient();
  const db = await openBenchDatabase();
  const servers: Child[] = [];
  try {
    const h = db.handle;
    await seedDefaults(h.db);
    const pepper = createSecrets(SECRET).pinPepper;
    const pinHash = await hashPin(PIN, pepper);
    const local = localParts(new Date(), TZ);
    const t0 = performance.now();
    const seed = await seedBenchData(h.db, {
      today: local.date,
      matches: MATCHES,
      users: PLAYERS,
      places: PLACES,
      upcoming: UPCOMING,
      pinHash,
    });
    const [counts] = rowsOf<{ upcoming: number; participants: number }>(
      await h.db
        .execute(sql`select (select count(*) from matches where date > ${local.date}::date)::int as upcoming,
                                    (select count(*) from match_participants)::int as participants`),
    );
    log(
      `seeded ${PLAYERS} players, ${PLACES} places, ${MATCHES} matches (${counts?.upcoming} upcoming), ${counts?.participants} participants in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const joinSetup = await prepareJoins(h.db, seed, local.date);
    await h.db.execute(sql`analyze`);
    await h.close();

    const app = await startAppServer(db);
    servers.push(app.child);
    const bare = db.url ? await startBareServer(db.url, h.db, local, app.runtimeEnv) : undefined;
    if (bare) servers.push(bare);

    // 1–2. Lists: the same bytes from REST and the bare route, then every target interleaved.
    const targets = listTargets(app.child, bare);
    const listAnswers = runs('lists') ? await checkListAnswers(targets, bare?.url) : undefined;
    const listRun = runs('lists')
      ? await measureLists(targets)
      : { figures: {}, cpu: {}, rounds: {} };
    const lists = listRun.figures;
    // 3. Joins: the app over HTTP vs the same conditional UPDATE + INSERT from postgres.js.
    const joinRun = runs('joins')
      ? await measureJoins(app.child, db.url, joinSetup)
      : { figures: {}, cpu: {}, rounds: {}, fanOutMs: [], fanOutP99Ms: [] };
    const joins = joinRun.figures;
    // 4. Login by e-mail + PIN vs raw argon2.verify with the same hash, both at c=4.
    const logins = runs('logins') ? await measureLogins(app.child.url, pinHash, pepper) : {};
    // 7. The notice pipeline (bench/outbox.ts: its own database, SMTP sink and servers).
    const outbox = runs('outbox') ? await benchOutbox() : undefined;
    // 8. Live updates: 2,000 SSE subscribers, one and two instances (bench/live.ts).
    const live = runs('live') ? await benchLive() : undefined;
    // 9. The admin dashboard at 1,000,000 matches (bench/dashboard.ts: its own database).
    const dashboard = runs('dashboard') ? await benchDashboard() : undefined;
    // 6. Client: what `/` loads, and its FCP under throttling against a minimal page.
    const assets = runs('client') ? initialAssets(join(ROOT, 'dist/client')) : undefined;
    const fcp = runs('client') ? await measureFcp(app.child.url, ROUNDS) : undefined;
    // 7. Lighthouse (mobile) on the minimal page, /, /find-match logged in and a share page,
    // interleaved (bench/lighthouse.ts); a seeded player the login round does not use.
    const lighthouse = runs('lighthouse')
      ? await measureLighthouse(app.child.url, {
          matchId: joinSetup.rounds[0]!.hot[0]!,
          login: { email: 'bench1@example.fr', pin: PIN },
        })
      : { pages: [], budgets: [] };
    // 5. Peak memory of the server over the whole run.
    const peakRssMb = app.child.peakRssMb();
    // 7. Cost growth: the list at 1,000,000 matches beside these 100,000 (PostgreSQL; BENCH_SCALE=0 skips it).
    const scale =
      db.url && process.env.BENCH_SCALE !== '0' && runs('scale')
        ? await costGrowth({
            baseUrl: process.env.DATABASE_URL!,
            small: app.child,
            serverArgs: app.args,
            env: app.env,
            local,
            pinHash,
            players: PLAYERS,
            places: PLACES,
            upcoming: UPCOMING,
            page: PAGE,
            level: LEVEL,
            rounds: ROUNDS,
            seconds: SECONDS,
            connections: LIST_CONNECTIONS,
          })
        : undefined;
    const appOccupancy = await countOccupancy(
      db.url,
      [joinSetup.warmup, ...joinSetup.rounds].flatMap((r) => [...r.app, ...r.hot]),
    );
    const rawOccupancy = await countOccupancy(
      db.url,
      [joinSetup.warmup, ...joinSetup.rounds].flatMap((r) => [...r.raw, ...r.rawHot]),
    );

    const budgets = collectBudgets({
      lists: listRun.rounds,
      joins: joinRun.rounds,
      joinsFanOutMs: joinRun.fanOutMs,
      joinsFanOutP99Ms: joinRun.fanOutP99Ms,
      logins,
      appOccupancy,
      peakRssMb,
      assets,
      fcp,
      lighthouse: lighthouse.budgets,
      outbox,
      live,
      dashboard,
      scale: scale?.budgets,
    });
    const run = {
      started,
      serverNode,
      database: db.label,
      server: app.label,
      runtime: app.runtimeEnv,
      seeded: { upcoming: counts?.upcoming, participants: counts?.participants },
      lists,
      listCpu: listRun.cpu,
      joinCpu: joinRun.cpu,
      listAnswers,
      joins,
      appOccupancy,
      rawOccupancy,
      logins,
      peakRssMb,
      assets,
      fcp,
      lighthouse: lighthouse.pages,
      outbox,
      live,
      dashboard,
      scale: scale?.result,
      budgets,
      only: [...ONLY],
    };
    printReport(run);
    if (writeResults(run).failed) process.exitCode = 1;
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

await main();
