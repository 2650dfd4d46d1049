import type { AssetSizes, FcpResult } from './client';
import type { Occupancy } from './joins';
import type { DashboardBench } from './dashboard';
import type { LiveBench } from './live';
import type { OutboxBench } from './outbox';
import { budget, type Budget, type Figure } from './stats';

export interface BudgetInputs {
  lists: Record<string, Figure>;
  joins: Record<string, Figure>;
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

const ratio = (a: Figure | undefined, b: Figure | undefined, k: keyof Figure) =>
  a && b ? a[k] / b[k] : NaN;

/**
 * The budgets a run must hold: REST ≥ 0.8× and tRPC ≥ 0.5× the bare route, joins ≥ 0.25× the raw
 * loop with nothing overbooked, login close to raw argon2, memory, the client's weight and speed,
 * then what the other modules measured. A figure that was not measured (NaN) does not fail.
 */
export function collectBudgets(o: BudgetInputs): Budget[] {
  const { lists, joins, logins } = o;
  const budgets: Budget[] = [];
  for (const page of ['first', 'filtered']) {
    const b = lists[`bare ${page} page`];
    budgets.push(
      budget(
        `REST ${page} page req/s vs bare`,
        ratio(lists[`REST ${page} page`], b, 'rps'),
        '>=',
        0.8,
      ),
    );
    budgets.push(
      budget(
        `tRPC ${page} page req/s vs bare`,
        ratio(lists[`tRPC ${page} page`], b, 'rps'),
        '>=',
        0.5,
      ),
    );
    budgets.push(
      budget(
        `REST ${page} page p99 vs bare p99`,
        ratio(lists[`REST ${page} page`], b, 'p99'),
        '<=',
        1.5,
      ),
    );
  }
  budgets.push(
    budget(
      'joins (200 matches) vs raw loop',
      ratio(joins['app joins (200 matches)'], joins['raw joins (200 matches)'], 'rps'),
      '>=',
      0.25,
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
      'login req/s vs raw verify',
      ratio(logins['login by e-mail + PIN'], logins['raw argon2.verify'], 'rps'),
      '>=',
      0.8,
    ),
  );
  budgets.push(
    budget(
      'login p50 vs raw verify p50',
      ratio(logins['login by e-mail + PIN'], logins['raw argon2.verify'], 'p50'),
      '<=',
      1.3,
    ),
  );
  budgets.push(budget('server peak RSS', o.peakRssMb, '<=', 250, ' MB'));
  budgets.push(budget('initial JS gzip', (o.assets?.jsGzip ?? NaN) / 1024, '<=', 130, ' KB'));
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
