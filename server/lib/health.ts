import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../common/limits';
import type { Db } from '../../db/client';
import { pendingMigrations } from '../../db/migrate';
import { matches } from '../../db/schema';
import type { Logger } from './logger';

/** Readiness gives up on the database after this long: a load balancer's probe must not hang. */
export const READINESS_DB_CAP_MS = 2000;

/**
 * `/healthz`: liveness, the process answers (it never waits on the database: an orchestrator
 * restarting instances because the shared database is slow would only add load). `/readyz`:
 * readiness for a load balancer, 200 only when the database answers within 2 s (the matches table
 * readable too: a lock held on it, say by a long migration, stalls every page) and every
 * committed migration is applied (an instance started against a stale schema never receives
 * traffic), 503 while shutting down; 503 says which part is missing.
 */
export function registerHealth(app: FastifyInstance, deps: { db: Db; logger: Logger }) {
  app.get('/healthz', () => ({ status: 'ok', version: APP_VERSION }));

  app.get('/readyz', async (_req, reply) => {
    // Shutting down: the load balancer should stop sending traffic while in-flight requests finish.
    if (app.drain.draining)
      return reply.code(503).send({ status: 'error', reason: 'shutting down' });
    let pending: string[];
    try {
      let timer: NodeJS.Timeout | undefined;
      const cap = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${READINESS_DB_CAP_MS} ms`)),
          READINESS_DB_CAP_MS,
        );
      });
      const readable = deps.db.execute(sql`select 1 from ${matches} limit 1`);
      pending = await Promise.race([
        Promise.all([pendingMigrations(deps.db), readable]).then(([p]) => p),
        cap,
      ]).finally(() => clearTimeout(timer));
    } catch (err) {
      deps.logger.error({ err }, 'readiness check: database unreachable');
      return reply
        .code(503)
        .send({ status: 'error', database: 'unreachable', reason: 'database unreachable' });
    }
    if (pending.length) {
      return reply.code(503).send({
        status: 'error',
        database: 'ok',
        reason: `migrations not applied: ${pending.join(', ')}`,
        pending,
      });
    }
    return { status: 'ok', database: 'ok', migrations: 'ok', version: APP_VERSION };
  });
}
