import autocannon from 'autocannon';
import type { Figure } from './stats';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds of load, unless `amount` is given. */
  duration?: number;
  /** Exactly this many requests. */
  amount?: number;
  /** Requests per second over all connections: latency at a steady rate, not at saturation. */
  rate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The k-th request (0-based) when each one differs (joins by distinct players, logins). */
  request?: (k: number) => { path: string; headers?: Record<string, string>; body?: string };
  /** Statuses that are answers, not errors (e.g. 409 for a join on a full match). */
  expected?: number[];
}

/** Load with autocannon over real sockets; errors = socket errors, timeouts and unexpected statuses. */
export async function load(o: LoadOptions): Promise<Figure & { statuses: Record<string, number> }> {
  const expected = new Set(o.expected ?? [200]);
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  let k = 0;
  // autocannon stamps `finish` at its next 1-second sampling tick, so a fixed `amount` of requests
  // would be timed in whole seconds (2,000 joins done in 2.2 s counted as 3 s). Time it here, from
  // the call to the last answer, as `loop` times the raw baselines.
  const t0 = performance.now();
  let last = t0;
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    pipelining: 1,
    ...(o.amount ? { amount: o.amount } : { duration: o.duration ?? 5 }),
    ...(o.rate ? { overallRate: o.rate } : {}),
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    requests: [
      {
        ...(o.request
          ? {
              setupRequest: (req: autocannon.Request) => {
                const r = o.request!(k++);
                return {
                  ...req,
                  path: r.path,
                  headers: { ...req.headers, ...r.headers },
                  body: r.body ?? req.body,
                };
              },
            }
          : {}),
        onResponse: (status: number) => {
          last = performance.now();
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (!expected.has(status)) unexpected++;
        },
      },
    ],
  });
  const completed = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    // Completed answers over wall time: with `amount`, autocannon's per-second samples are too few.
    rps: completed / ((last - t0) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    statuses,
  };
}

/**
 * The same shape of measurement for in-process work: `total` calls of `fn` by `concurrency`
 * workers, each call timed.
 */
export async function loop(
  total: number,
  concurrency: number,
  fn: (k: number) => Promise<boolean>,
): Promise<Figure> {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const k = next++;
        const s = performance.now();
        try {
          if (!(await fn(k))) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { rps: total / seconds, p50: q(0.5), p99: q(0.99), errors };
}
