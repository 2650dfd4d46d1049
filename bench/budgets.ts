import type { AssetSizes, FcpResult } from './client';
import type { Occupancy } from './joins';
import type { DashboardBench } from './dashboard';
import type { LiveBench } from './live';
import type { OutboxBench } from './outbox';
import { LIST_RATE } from './config';
import type { ListFigures } from './lists';
import { budget, medianBudget, type Budget, type Figure } from './stats';

type ListRound = ListFigures['rounds'][string][number];

export interface BudgetInputs {
  /** Round by round, as measured: the budgets are read per round, then their median. */
  lists: Rounds<ListRound>;
  joins: Rounds<Figure>;
  /** Per round, ms from the last join until the event log's consumers had read every event. */
  joinsFanOutMs?: number[];
  /** Per round, p99 of a join's event written → each log consumer past it (chat line, notices…). */
  joinsFanOutP99Ms?: number[];
  logins: Record<string, Figure>;
  appOccupancy: Occupancy;
  peakRssMb: number;
  assets: AssetSizes | undefined;
  fcp: FcpResult | undefined;
  /** Budgets measured by their own modules (Lighthouse, the outbox, the 1M-match scale). */
  lighthouse: Budget[];
  outbox: OutboxBench | undefined;
  live: LiveBench | undefined;
  dashboard: DashboardBench | undefined;
  scale: Budget[] | undefined;
}

type Rounds<T> = Record<string, T[]>;

/** Round by round, `of(a) / of(b)` for two targets measured back to back in that round. */
const perRound = <T>(rounds: Rounds<T>, a: string, b: string, of: (x: T) => number) =>
  (rounds[a] ?? []).map((x, i) => {
    const y = rounds[b]?.[i];
    return y === undefined ? NaN : of(x) / of(y);
  });

/**
 * The budgets a run must hold, each read round by round against its baseline and judged on the
 * median of the rounds (with its spread): throughput ratios moved ±20% between runs on a shared
 * two-core machine, CPU per answer and latency at a steady rate do not. Lists: the server's CPU per
 * answer against the bare route's (REST ≤ 1.5×, tRPC ≤ 2.5×), p99 at LIST_RATE ≤ 2× the bare
 * route's; joins ≥ 0.2× the raw loop with nothing overbooked; then login, memory, the login
 * screen's weight and what the other modules measured. A figure that was not measured (NaN) does
 * not fail.
 */
export function collectBudgets(o: BudgetInputs): Budget[] {
  const { lists, joins, logins } = o;
  const budgets: Budget[] = [];
  for (const page of ['first', 'filtered']) {
    const bare = `bare ${page} page`;
    for (const [api, limit] of [
      ['REST', 1.5],
      ['tRPC', 2.5],
    ] as const)
      budgets.push(
        medianBudget(
          `${api} ${page} page server CPU/answer vs bare`,
          perRound(lists, `${api} ${page} page`, bare, (r) => r.cpu.server),
          '<=',
          limit,
        ),
      );
    budgets.push(
      medianBudget(
        `REST ${page} page p99 at ${LIST_RATE} req/s vs bare`,
        perRound(lists, `REST ${page} page`, bare, (r) => r.p99AtRate),
        '<=',
        2,
      ),
    );
  }
  budgets.push(
    medianBudget(
      'joins (200 matches) vs raw loop',
      perRound(joins, 'app joins (200 matches)', 'raw joins (200 matches)', (f) => f.rps),
      '>=',
      0.2,
    ),
  );
  budgets.push(
    medianBudget(
      'joins fan-out done after the last join',
      o.joinsFanOutMs ?? [],
      '<=',
      2000,
      ' ms',
    ),
  );
  budgets.push(
    medianBudget(
      'join → chat line, notices, webhooks queued, p99',
      o.joinsFanOutP99Ms ?? [],
      '<=',
      1000,
      ' ms',
    ),
  );
  budgets.push(
    budget(
      'overbooked matches (app)',
      o.appOccupancy.overbooked + o.appOccupancy.inconsistent,
      '<=',
      0,
      '',
    ),
  );
  budgets.push(
    budget(
      'login p50 vs raw verify p50',
      (logins['login by e-mail + PIN']?.p50 ?? NaN) / (logins['raw argon2.verify']?.p50 ?? NaN),
      '<=',
      1.3,
    ),
  );
  budgets.push(budget('server peak RSS', o.peakRssMb, '<=', 250, ' MB'));
  budgets.push(
    budget('login screen JS gzip', (o.assets?.login.jsGzip ?? NaN) / 1024, '<=', 100, ' KB'),
  );
  budgets.push(
    budget(
      'admin screens in the initial JS',
      o.assets ? (o.assets.adminInInitial ? 1 : 0) : NaN,
      '<=',
      0,
      '',
    ),
  );
  budgets.push(
    budget('FCP of / vs minimal page', o.fcp ? o.fcp.appMs / o.fcp.minimalMs : NaN, '<=', 1.2),
  );
  budgets.push(...o.lighthouse);
  budgets.push(...(o.outbox?.budgets ?? []));
  budgets.push(...(o.live?.budgets ?? []));
  budgets.push(...(o.dashboard?.budgets ?? []));
  budgets.push(...(o.scale ?? []));
  return budgets;
}
