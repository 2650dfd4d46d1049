/**
 * Cost growth: the list at 1,000,000 matches against the bench's 100,000, side by side. A second
 * database gets ten times the matches in the same shape (ten times the upcoming ones too, same
 * players and places), a second server runs on it, and the two are loaded in interleaved rounds:
 * the first page and the filtered page must cost at most 1.3× what they cost at 100,000, which
 * only holds when they are read through an index (a page of rows), not the table. The plans at
 * 1,000,000 are checked with EXPLAIN too.
 */
import { sql } from 'drizzle-orm';
import { createDb } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { listMatchesQuery } from '../server/services/matches/queries';
import { load } from './http';
import { startNode, type Child } from './processes';
import { explain, seedBenchData, usesUpcomingIndex } from './seed';
import {
  budget,
  fmt,
  medianBudget,
  medianFigure,
  printTable,
  type Budget,
  type Figure,
} from './stats';
import { createScratchDatabase } from './database';

export const SCALE_MATCHES = 1_000_000;
/** What a page may cost at 1,000,000 matches, as a multiple of its cost at 100,000. */
export const SCALE_BUDGET = { first: 1.3, filtered: 1.2 };

export interface ScaleOptions {
  /** The bench's PostgreSQL URL (a database is made beside it and dropped after). */
  baseUrl: string;
  /** The bench's server, on its 100,000 matches. */
  small: Child;
  /** How the bench started it: node arguments and environment (DATABASE_URL is replaced). */
  serverArgs: string[];
  env: Record<string, string>;
  local: { date: string; time: string };
  pinHash: string;
  players: number;
  places: number;
  /** Upcoming matches of the 100,000 (ten times as many here). */
  upcoming: number;
  page: number;
  level: string;
  rounds: number;
  seconds: number;
  connections: number;
}

const log = (s: string) => console.log(`[bench] ${s}`);

/** Fills a new database with SCALE_MATCHES matches; its URL and the seconds it took. */
async function seedLarge(o: ScaleOptions) {
  const { url, drop } = await createScratchDatabase(o.baseUrl, 'padel_bench_1m');
  const t0 = performance.now();
  // One connection, so the session setting below holds for every insert: the rows are consistent by
  // construction, and checking 3 million foreign keys one trigger call at a time would double the seed.
  const h = await createDb({ url, max: 1 });
  try {
    await runMigrations(h, url);
    await seedDefaults(h.db);
    await h.db.execute(sql`set session_replication_role = replica`);
    await seedBenchData(h.db, {
      today: o.local.date,
      matches: SCALE_MATCHES,
      users: o.players,
      places: o.places,
      upcoming: o.upcoming * 10,
      pinHash: o.pinHash,
    });
    await h.db.execute(sql`set session_replication_role = default`);
    const plans = {
      first: await explain(h.db, listMatchesQuery(h.db, o.local, { limit: o.page })),
      filtered: await explain(
        h.db,
        listMatchesQuery(h.db, o.local, { limit: o.page, level: o.level }),
      ),
    };
    await h.close();
    return { url, drop, plans, seconds: (performance.now() - t0) / 1000 };
  } catch (err) {
    await h.close();
    await drop();
    throw err;
  }
}

export async function costGrowth(o: ScaleOptions) {
  const large = await seedLarge(o);
  let big: Child | undefined;
  try {
    log(
      `seeded ${SCALE_MATCHES} matches (${o.upcoming * 10} upcoming) in ${fmt(large.seconds, 1)} s`,
    );
    const indexDriven = {
      first: usesUpcomingIndex(large.plans.first),
      filtered: usesUpcomingIndex(large.plans.filtered),
    };
    for (const page of ['first', 'filtered'] as const)
      if (!indexDriven[page])
        log(
          `the ${page} page at 1,000,000 does not read matches_upcoming_idx:\n${large.plans[page].join('\n')}`,
        );
    big = await startNode(o.serverArgs, { ...o.env, DATABASE_URL: large.url }, '/healthz');
    const path = {
      first: `/api/matches?limit=${o.page}`,
      filtered: `/api/matches?limit=${o.page}&level=${encodeURIComponent(o.level)}`,
    };
    const servers = { '100,000': o.small, '1,000,000': big };
    for (const s of Object.values(servers))
      for (const p of Object.values(path))
        await load({ url: s.url + p, connections: o.connections, duration: 1 });
    const rounds: Record<string, Figure[]> = {};
    for (let r = 0; r < o.rounds; r++)
      for (const page of ['first', 'filtered'] as const)
        for (const [size, s] of Object.entries(servers))
          (rounds[`${page} page, ${size} matches`] ??= []).push(
            await load({
              url: s.url + path[page],
              connections: o.connections,
              duration: o.seconds,
            }),
          );
    const figures = Object.fromEntries(
      Object.entries(rounds).map(([k, v]) => [k, medianFigure(v)]),
    );
    // Cost per page, round by round: how much longer the server takes for one at 1,000,000 (req/s
    // at 100,000 over req/s at 1,000,000, the two run back to back).
    const growth = (page: string) =>
      rounds[`${page} page, 100,000 matches`]!.map(
        (small, i) => small.rps / rounds[`${page} page, 1,000,000 matches`]![i]!.rps,
      );
    const budgets: Budget[] = [
      medianBudget(
        'first page cost at 1M vs 100k matches',
        growth('first'),
        '<=',
        SCALE_BUDGET.first,
      ),
      medianBudget(
        'filtered page cost at 1M vs 100k matches',
        growth('filtered'),
        '<=',
        SCALE_BUDGET.filtered,
      ),
      budget(
        'list pages at 1M not read through matches_upcoming_idx',
        Number(!indexDriven.first) + Number(!indexDriven.filtered),
        '<=',
        0,
        '',
      ),
    ];
    console.log(
      `\ncost growth: the list at ${SCALE_MATCHES.toLocaleString('en')} matches vs 100,000, side by side (REST, c=${o.connections})\n`,
    );
    printTable(
      ['figure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'cost vs 100k', 'budget'],
      Object.entries(figures).map(([k, f]) => {
        const base = figures[k.replace('1,000,000', '100,000')]!;
        const isBig = k.includes('1,000,000');
        return [
          k,
          fmt(f.rps, 0),
          fmt(f.p50),
          fmt(f.p99),
          String(f.errors),
          isBig ? `${fmt(base.rps / f.rps)}×` : '',
          isBig ? `<= ${SCALE_BUDGET[k.startsWith('first') ? 'first' : 'filtered']}×` : '',
        ];
      }),
    );
    console.log(
      `plans at 1,000,000 read matches_upcoming_idx: first page ${indexDriven.first}, filtered page ${indexDriven.filtered}`,
    );
    return {
      result: {
        matches: SCALE_MATCHES,
        upcoming: o.upcoming * 10,
        seedSeconds: large.seconds,
        figures,
        indexDriven,
        plans: large.plans,
        bigPeakRssMb: big.peakRssMb(),
      },
      budgets,
    };
  } finally {
    await big?.stop();
    await large.drop();
  }
}
