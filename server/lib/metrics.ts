import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolGateOf, rowsOf, type Db } from '../../db/client';
import type { Env } from '../env';

/** Counters the services bump; a registry per app, so tests and instances never share one. */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  loginFailures: Counter<'reason'>;
  codesSent: Counter<'channel'>;
  joins: Counter;
  /**
   * Where the notification outbox backlog is read from; until the outbox exists nothing is set
   * and the gauge reads 0.
   */
  outboxBacklog: { source?: () => Promise<number> };
  /** Where the age of the oldest pending notice (seconds) is read from. */
  outboxOldest: { source?: () => Promise<number> };
  /** What became of each notice: sent, skipped (channel turned off), failed (retried), given_up, dropped (stale). */
  notifications: Counter<'channel' | 'outcome'>;
  /** Rows the retention job deleted, by kind. */
  retentionPurged: Counter<'kind'>;
}

/** A scrape must answer even when the database does not: each database read is capped. */
export const DB_READ_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * A gauge read from the database at scrape time. A read that fails or is slow leaves the gauge out
 * of that scrape (no stale or made-up value) instead of failing the whole scrape with a 500: the
 * app stays visible while only the database is down (`padel_db_up` says so).
 */
class DbGauge<T extends string = string> extends Gauge<T> {
  readonly #read: (g: Gauge<T>) => Promise<void>;
  constructor(cfg: {
    name: string;
    help: string;
    labelNames?: readonly T[];
    registers: Registry[];
    read: (g: Gauge<T>) => Promise<void>;
  }) {
    const { read, ...config } = cfg;
    super(config);
    this.#read = read;
  }
  override async get() {
    this.reset();
    try {
      await withTimeout(this.#read(this), DB_READ_TIMEOUT_MS);
      return await super.get();
    } catch {
      return { ...(await super.get()), values: [] };
    }
  }
}

/** Connections of this database by state, as PostgreSQL sees them (all instances together). */
async function connectionsByState(db: Db): Promise<{ state: string; n: number }[]> {
  const res = await db.execute(sql`select coalesce(state, 'background') as state, count(*)::int as n
      from pg_stat_activity where datname = current_database() group by 1`);
  return rowsOf<{ state: string; n: number }>(res);
}

/** Per consumer of the event log: the events past its cursor and the age of the oldest of them. */
async function eventLogLag(db: Db): Promise<{ consumer: string; behind: number; age: number }[]> {
  const res = await db.execute(sql`
    select c.consumer, count(e.id)::int as behind,
           coalesce(extract(epoch from clock_timestamp() - min(e.created_at)), 0)::float8 as age
      from event_cursors c
      left join domain_events e on (e.tx, e.id) > (c.tx, c.event_id)
     group by c.consumer`);
  return rowsOf<{ consumer: string; behind: number; age: number }>(res);
}

export function createMetrics(db: Db, env: Pick<Env, 'DATABASE_URL' | 'DB_POOL_SIZE'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const outboxBacklog: Metrics['outboxBacklog'] = {};
  const outboxOldest: Metrics['outboxOldest'] = {};
  new Gauge({
    name: 'padel_db_up',
    help: 'Whether the database answered this scrape (1) or not within 2 s (0).',
    registers: [registry],
    async collect() {
      this.set(
        await withTimeout(db.execute(sql`select 1`), DB_READ_TIMEOUT_MS).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  new Gauge({
    name: 'padel_db_pool_max',
    help: 'Connections this instance may open (postgres.js pool size; PGlite has one).',
    registers: [registry],
    collect() {
      this.set(env.DATABASE_URL ? env.DB_POOL_SIZE : 1);
    },
  });
  new DbGauge({
    name: 'padel_db_connections',
    help: 'Connections to this database by state (pg_stat_activity, every instance together).',
    labelNames: ['state'],
    registers: [registry],
    async read(g) {
      for (const { state, n } of await connectionsByState(db)) g.set({ state }, n);
    },
  });
  const pool = poolGateOf(db);
  new Gauge({
    name: 'padel_db_pool_waiting',
    help: 'Queries and transactions of this instance waiting for a free pooled connection.',
    registers: [registry],
    collect() {
      this.set(pool?.waiting ?? 0);
    },
  });
  const poolWait = new Histogram({
    name: 'padel_db_pool_wait_seconds',
    help: 'Time the queries that found every pooled connection busy waited for one (DB_ACQUIRE_TIMEOUT_MS when they gave up).',
    buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (pool) pool.onWait = (seconds) => poolWait.observe(seconds);
  new DbGauge({
    name: 'padel_outbox_backlog',
    help: 'Notifications waiting in the outbox.',
    registers: [registry],
    async read(g) {
      g.set(outboxBacklog.source ? await outboxBacklog.source() : 0);
    },
  });
  new DbGauge({
    name: 'padel_outbox_oldest_pending_seconds',
    help: 'Age of the oldest notification not yet sent nor given up (0 when none): grows when sending falls behind or a channel is down.',
    registers: [registry],
    async read(g) {
      g.set(outboxOldest.source ? await outboxOldest.source() : 0);
    },
  });
  new DbGauge({
    name: 'padel_event_log_oldest_unread_seconds',
    help: 'Per consumer of the domain event log (chat, notices, webhooks…): age of the oldest event it has not read yet (0 when none). Grows when a consumer fails or falls behind.',
    labelNames: ['consumer'],
    registers: [registry],
    async read(g) {
      for (const { consumer, age } of await eventLogLag(db)) g.set({ consumer }, age);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern.',
      labelNames,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    loginFailures: new Counter({
      name: 'padel_login_failures_total',
      help: 'Refused PIN logins, by reason (unknown account, wrong PIN).',
      labelNames: ['reason'],
      registers: [registry],
    }),
    codesSent: new Counter({
      name: 'padel_codes_sent_total',
      help: 'Verification codes delivered, by channel.',
      labelNames: ['channel'],
      registers: [registry],
    }),
    joins: new Counter({
      name: 'padel_match_joins_total',
      help: 'Places taken in matches.',
      registers: [registry],
    }),
    outboxBacklog,
    outboxOldest,
    notifications: new Counter({
      name: 'padel_notifications_total',
      help: 'Notifications handled by this instance, by channel and outcome (sent, skipped, failed, given_up, dropped, expanded).',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
    retentionPurged: new Counter({
      name: 'padel_retention_purged_total',
      help: 'Rows deleted by the retention job, by kind.',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}

/**
 * The route labels of a request: Fastify's pattern (`/api/matches/:id`), never the raw URL, so ids
 * and query strings do not multiply the series; a tRPC call is labelled by its procedure when it
 * exists (a fixed set), and a batch once per call it carries, each with the batch's status and time.
 */
function routeLabels(req: FastifyRequest, procedures: ReadonlySet<string>): string[] {
  const pattern = req.routeOptions.url;
  if (!pattern) return ['unmatched'];
  if (pattern !== '/trpc/:path') return [pattern];
  const { path = '' } = req.params as { path?: string };
  return path.split(',').map((p) => (procedures.has(p) ? `/trpc/${p}` : pattern));
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Times every request and serves `GET /metrics` (Prometheus text) to `Authorization: Bearer
 * $METRICS_TOKEN`; without a configured token the path does not exist (404). The caller names the
 * tRPC procedures, so this bottom layer never imports the router it measures.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { metrics: Metrics; env: Pick<Env, 'METRICS_TOKEN'> },
  procedurePaths: Iterable<string>,
) {
  const { metrics } = deps;
  const procedures = new Set(procedurePaths);
  app.addHook('onResponse', (req, reply, done) => {
    for (const route of routeLabels(req, procedures)) {
      const labels = { method: req.method, route, status_code: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });
  const token = deps.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (req, reply) => {
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Jeton de métriques manquant ou invalide.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
