/** One measured figure: throughput, latency and failures, as every line of the report shows it. */
export interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The median of each field over the rounds (errors are summed: one is one too many). */
export const medianFigure = (rounds: Figure[]): Figure => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  errors: rounds.reduce((n, r) => n + r.errors, 0),
});

/** Latency quantile of raw samples (milliseconds). */
export const quantile = (samples: number[], q: number) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

export interface Budget {
  name: string;
  value: number;
  /** `>=` or `<=` the limit. */
  op: '>=' | '<=';
  limit: number;
  unit: string;
  holds: boolean;
  /** The lowest and highest round, for the budgets judged on a median of rounds. */
  spread?: [number, number];
  note?: string;
}

export const budget = (
  name: string,
  value: number,
  op: Budget['op'],
  limit: number,
  unit = '×',
  note?: string,
): Budget => ({
  name,
  value,
  op,
  limit,
  unit,
  holds: Number.isFinite(value) && (op === '>=' ? value >= limit : value <= limit),
  ...(note ? { note } : {}),
});

/**
 * A budget judged on the median of its rounds, each round a value of its own (a ratio of two loads
 * run back to back), so a busy machine moves both sides of a round alike. The spread is kept to be
 * printed; only the median fails a run.
 */
export const medianBudget = (
  name: string,
  rounds: number[],
  op: Budget['op'],
  limit: number,
  unit = '×',
): Budget => {
  const values = rounds.filter(Number.isFinite);
  const b = budget(name, values.length ? median(values) : NaN, op, limit, unit);
  return values.length ? { ...b, spread: [Math.min(...values), Math.max(...values)] } : b;
};

export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The budgets as a table: median, spread of the rounds (when judged on rounds), limit, whether it holds. */
export function printBudgets(budgets: Budget[]) {
  printTable(
    ['budget', 'median', 'spread of the rounds', 'limit', 'holds'],
    budgets.map((b) => [
      b.name,
      `${fmt(b.value)}${b.unit}`,
      b.spread ? `${fmt(b.spread[0])}–${fmt(b.spread[1])}${b.unit}` : '',
      `${b.op} ${b.limit}${b.unit}`,
      Number.isFinite(b.value) ? (b.holds ? 'yes' : 'NO') : 'n/a',
    ]),
  );
}
