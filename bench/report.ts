import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { AssetSizes, FcpResult } from './client';
import {
  HOT_ATTEMPTS,
  JOIN_ATTEMPTS,
  JOIN_CONNECTIONS,
  JOIN_SLOTS,
  LEVEL,
  LIST_CONNECTIONS,
  LOGIN_CONNECTIONS,
  LOGINS,
  MATCHES,
  PAGE,
  PLACES,
  PLAYERS,
  ROUNDS,
  SECONDS,
} from './config';
import type { Occupancy } from './joins';
import { printLighthouse, type PageScores } from './lighthouse';
import type { CpuSplit } from './cpu';
import type { ListAnswers } from './lists';
import { printDashboard, type DashboardBench } from './dashboard';
import { printLive, type LiveBench } from './live';
import { printOutbox, type OutboxBench } from './outbox';
import { ROOT } from './processes';
import type { costGrowth } from './scale';
import { fmt, printBudgets, printTable, type Budget, type Figure } from './stats';

/** Everything a run measured, as the report prints it and the results file keeps it. */
export interface BenchRun {
  /** When the run started (`performance.now()`), for its duration. */
  started: number;
  serverNode: string;
  database: string;
  server: string;
  runtime: Record<string, string>;
  seeded: { upcoming: number | undefined; participants: number | undefined };
  lists: Record<string, Figure>;
  listCpu: Record<string, CpuSplit>;
  joinCpu: Record<string, CpuSplit>;
  listAnswers: ListAnswers | undefined;
  joins: Record<string, Figure>;
  appOccupancy: Occupancy;
  rawOccupancy: Occupancy;
  logins: Record<string, Figure>;
  peakRssMb: number;
  assets: AssetSizes | undefined;
  fcp: FcpResult | undefined;
  /** The parts of BENCH_ONLY, empty for a whole run. */
  only: string[];
  lighthouse: PageScores[];
  outbox: OutboxBench | undefined;
  live: LiveBench | undefined;
  dashboard: DashboardBench | undefined;
  scale: Awaited<ReturnType<typeof costGrowth>>['result'] | undefined;
  budgets: Budget[];
}

const figureRow = (name: string, f: Figure, base?: Figure) => [
  name,
  fmt(f.rps, 0),
  fmt(f.p50),
  fmt(f.p99),
  String(f.errors),
  base ? `${fmt(f.rps / base.rps)}×` : '',
  base ? `${fmt(f.p99 / base.p99)}×` : '',
];

/** The figures with their ratios to the baselines, the other measurements, then the budgets. */
export function printReport(run: BenchRun) {
  const { lists, joins, logins, appOccupancy, rawOccupancy, assets, fcp } = run;
  console.log(
    `\nPadel Match benchmark — ${run.database}, Node ${run.serverNode} (servers), ${cpus().length} CPUs, ${run.server}`,
  );
  console.log(
    `medians of ${ROUNDS} interleaved rounds; lists ${SECONDS} s at c=${LIST_CONNECTIONS}, ${PAGE} matches a page\n`,
  );
  printTable(
    ['figure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s ratio', 'p99 ratio'],
    [
      ...Object.entries(lists).map(([k, f]) =>
        figureRow(k, f, k.startsWith('bare') ? undefined : lists[`bare ${k.split(' ')[1]} page`]),
      ),
      ...Object.entries(joins).map(([k, f]) =>
        figureRow(k, f, k.startsWith('app') ? joins[k.replace('app', 'raw')] : undefined),
      ),
      ...Object.entries(logins).map(([k, f]) =>
        figureRow(k, f, k.startsWith('login') ? logins['raw argon2.verify'] : undefined),
      ),
    ],
  );
  if (Object.keys(run.listCpu).length) {
    console.log(
      '\nCPU ms per list answer (medians): the answering server (of which its GC and pool threads), PostgreSQL, the load generator',
    );
    printTable(
      ['figure', 'server', 'of which helpers', 'PostgreSQL', 'loader', 'total'],
      Object.entries(run.listCpu).map(([k, c]) => [
        k,
        fmt(c.server),
        fmt(c.serverHelpers),
        fmt(c.database),
        fmt(c.loader),
        fmt(c.server + c.database + c.loader),
      ]),
    );
  }
  console.log(
    `\njoins: app ${appOccupancy.taken} places taken, ${appOccupancy.overbooked} overbooked, ${appOccupancy.inconsistent} inconsistent; raw ${rawOccupancy.taken} taken, ${rawOccupancy.overbooked} overbooked`,
  );
  const first = run.listAnswers?.answerBytes.first;
  console.log(
    `list answer (first page): ${first?.identity} B, gzip ${first?.gzip} B, brotli ${first?.br} B; peak RSS ${fmt(run.peakRssMb, 0)} MB`,
  );
  if (assets)
    console.log(
      `initial assets of /: JS ${fmt(assets.jsRaw / 1024, 1)} KB (gzip ${fmt(assets.jsGzip / 1024, 1)}, brotli ${fmt(assets.jsBrotli / 1024, 1)}), CSS ${fmt(assets.cssRaw / 1024, 1)} KB (gzip ${fmt(assets.cssGzip / 1024, 1)}, brotli ${fmt(assets.cssBrotli / 1024, 1)}); with the login screen: JS gzip ${fmt(assets.login.jsGzip / 1024, 1)} KB in ${assets.login.files.length} files`,
    );
  if (fcp)
    console.log(
      `FCP of /: ${fmt(fcp.appMs, 0)} ms vs minimal page ${fmt(fcp.minimalMs, 0)} ms (4× CPU, 150 ms RTT, 1.6 Mbps)\n`,
    );
  if (run.lighthouse.length) printLighthouse(run.lighthouse);
  console.log('');
  if (run.outbox) printOutbox(run.outbox);
  if (run.live) printLive(run.live);
  if (run.dashboard) printDashboard(run.dashboard);
  printBudgets(run.budgets);
}

/**
 * Writes bench/results/<date>.json (`<date>-node22.json` when the servers ran on another Node,
 * BENCH_NODE), prints its name and whether every budget holds, and answers whether one failed.
 */
export function writeResults(run: BenchRun): { failed: number } {
  const date = new Date().toISOString().slice(0, 10);
  const nodeTag =
    run.serverNode === process.version ? '' : `-node${run.serverNode.slice(1).split('.')[0]}`;
  const onlyTag = run.only.length ? `-only-${run.only.join('-')}` : '';
  const file = join(ROOT, 'bench/results', `${date}${nodeTag}${onlyTag}.json`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const results = {
    date: new Date().toISOString(),
    node: run.serverNode,
    benchNode: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    database: run.database,
    server: run.server,
    runtime: run.runtime,
    rounds: ROUNDS,
    seed: {
      players: PLAYERS,
      places: PLACES,
      matches: MATCHES,
      upcoming: run.seeded.upcoming,
      participants: run.seeded.participants,
    },
    lists: {
      connections: LIST_CONNECTIONS,
      seconds: SECONDS,
      page: PAGE,
      filter: { level: LEVEL },
      sameBytes: run.listAnswers?.sameBytes,
      answerBytes: run.listAnswers?.answerBytes,
      figures: run.lists,
      cpuMsPerAnswer: run.listCpu,
    },
    joins: {
      connections: JOIN_CONNECTIONS,
      attempts: JOIN_ATTEMPTS,
      hotAttempts: HOT_ATTEMPTS,
      slots: JOIN_SLOTS,
      figures: run.joins,
      cpuMsPerAttempt: run.joinCpu,
      app: run.appOccupancy,
      raw: run.rawOccupancy,
    },
    logins: { connections: LOGIN_CONNECTIONS, perRound: LOGINS, figures: run.logins },
    peakRssMb: run.peakRssMb,
    client: { assets: run.assets, fcp: run.fcp, lighthouse: run.lighthouse },
    outbox: run.outbox?.figures,
    live: run.live && { ...run.live, budgets: undefined },
    dashboard: run.dashboard && { ...run.dashboard, budgets: undefined },
    scale: run.scale,
    budgets: run.budgets,
    seconds: (performance.now() - run.started) / 1000,
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const failed = run.budgets.filter((b) => Number.isFinite(b.value) && !b.holds).length;
  console.log(
    `\n${file.slice(ROOT.length)} written; ${failed ? `${failed} budget(s) NOT held` : 'every measured budget holds'}; ${fmt(results.seconds, 0)} s`,
  );
  return { failed };
}
