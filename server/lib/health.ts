import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../common/limits';
import { pendingMigrations } from '../../db/migrate';
import type { Deps } from '../deps';

/**
 * `/healthz`: liveness (the process and the database answer). `/readyz`: readiness for a load
 * balancer, 200 only when the database answers and every committed migration is applied, so an
 * instance started against a stale schema never receives traffic; 503 says which part is missing.
 */
export function registerHealth(app: FastifyInstance, deps: Pick<Deps, 'db' | 'logger'>) {
  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok', version: APP_VERSION };
    } catch (err) {
      deps.logger.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  app.get('/readyz', async (_req, reply) => {
    let pending: string[];
    try {
      pending = await pendingMigrations(deps.db);
    } catch (err) {
      deps.logger.error({ err }, 'readiness check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable', reason: 'database unreachable' });
    }
    if (pending.length) {
      return reply.code(503).send({ status: 'error', database: 'ok', reason: `migrations not applied: ${pending.join(', ')}`, pending });
    }
    return { status: 'ok', database: 'ok', migrations: 'ok', version: APP_VERSION };
  });
}
