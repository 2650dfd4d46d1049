import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Db } from '../../db/client';
import type { Deps } from '../deps';
import type { Env } from '../env';
import { appRouter } from '../trpc/root';

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
}

/** Connections of this database by state, as PostgreSQL sees them (all instances together). */
async function connectionsByState(db: Db): Promise<{ state: string; n: number }[]> {
  const res = await db.execute(sql`select coalesce(state, 'background') as state, count(*)::int as n
      from pg_stat_activity where datname = current_database() group by 1`);
  return rowsOf<{ state: string; n: number }>(res);
}

export function createMetrics(db: Db, env: Pick<Env, 'DATABASE_URL' | 'DB_POOL_SIZE'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const outboxBacklog: Metrics['outboxBacklog'] = {};
  new Gauge({
    name: 'padel_db_pool_max',
    help: 'Connections this instance may open (postgres.js pool size; PGlite has one).',
    registers: [registry],
    collect() {
      this.set(env.DATABASE_URL ? env.DB_POOL_SIZE : 1);
    },
  });
  new Gauge({
    name: 'padel_db_connections',
    help: 'Connections to this database by state (pg_stat_activity, every instance together).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { state, n } of await connectionsByState(db).catch(() => [])) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'padel_outbox_backlog',
    help: 'Notifications waiting in the outbox.',
    registers: [registry],
    async collect() {
      this.set(outboxBacklog.source ? await outboxBacklog.source() : 0);
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
    joins: new Counter({ name: 'padel_match_joins_total', help: 'Places taken in matches.', registers: [registry] }),
    outboxBacklog,
  };
}

const procedures = new Set(Object.keys(appRouter._def.procedures));

/**
 * The route label: Fastify's pattern (`/api/matches/:id`), never the raw URL, so ids and query
 * strings do not multiply the series; tRPC calls are labelled by procedure when it exists.
 */
function routeLabel(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (!pattern) return 'unmatched';
  if (pattern !== '/trpc/:path') return pattern;
  const { path = '' } = req.params as { path?: string };
  if (path.includes(',')) return '/trpc/(batch)';
  return procedures.has(path) ? `/trpc/${path}` : pattern;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Times every request and serves `GET /metrics` (Prometheus text) to `Authorization: Bearer
 * $METRICS_TOKEN`; without a configured token the path does not exist (404).
 */
export function registerMetrics(app: FastifyInstance, deps: Pick<Deps, 'metrics' | 'env'>) {
  const { metrics } = deps;
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: routeLabel(req), status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  const token = deps.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (req, reply) => {
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Jeton de métriques manquant ou invalide.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
