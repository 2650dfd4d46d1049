import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import type { Env } from '../env';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { fallbackStore } from './rate-limit-store';

/**
 * How many authentication calls one request makes: 1 for a REST path under `/api/auth/`, and for
 * tRPC each `auth.*` procedure its path lists (a batch `/trpc/auth.x,auth.y,matches.z` carries 2).
 */
export function authCallCount(url: string): number {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/auth/')) return 1;
  if (!path.startsWith('/trpc/')) return 0;
  let procedures: string[];
  try {
    procedures = decodeURIComponent(path.slice(6)).split(',');
  } catch {
    // A malformed escape cannot name a procedure; tRPC answers it as unknown.
    procedures = path.slice(6).split(',');
  }
  return procedures.filter((p) => p.startsWith('auth.')).length;
}

export const isAuthPath = (url: string) => authCallCount(url) > 0;

/**
 * AUTH_RATE_LIMIT requests per minute per IP on authentication paths, shared through Redis when
 * several instances run (counted per instance while Redis is down, never switched off). The
 * per-account PIN lockout is separate and lives in the database.
 */
export async function registerAuthRateLimit(
  app: FastifyInstance,
  deps: {
    env: Pick<Env, 'REDIS_URL' | 'AUTH_RATE_LIMIT'>;
    logger: Logger;
    metrics: Pick<Metrics, 'registry'>;
  },
) {
  const { env } = deps;
  // A single instance never loads the Redis client.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        connectTimeout: 500,
        // A Redis that stops answering must not hold requests: the store falls back instead.
        commandTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis)
    app.addHook('onClose', async () => {
      // quit() would wait for a Redis that is down to come back.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  await app.register(rateLimit, {
    global: true,
    max: env.AUTH_RATE_LIMIT,
    timeWindow: 60_000,
    ...(redis
      ? {
          store: fallbackStore(redis, {
            nameSpace: 'padel-auth-rl:',
            logger: deps.logger,
            registry: deps.metrics.registry,
          }),
        }
      : {}),
    allowList: (req: FastifyRequest) => !isAuthPath(req.url),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: MSG.auth.tooManyRequests,
      retryAfter: Math.ceil(ctx.ttl / 1000),
    }),
  });

  // The plugin counts one per HTTP request; a tRPC batch of 20 auth calls must cost 20, or
  // batching would multiply the limit by 20. (Refusing such batches would break the client,
  // whose batch link sends `auth.me` and `auth.checkDevice` together.) The extra calls are
  // counted in the same store, under the same key, as the plugin's own count.
  const countCall = app.createRateLimit();
  app.addHook('onRequest', async (req, reply) => {
    for (let extra = authCallCount(req.url) - 1; extra > 0; extra--) {
      const r = await countCall(req);
      if (!r.isAllowed && r.isExceeded) {
        void reply.header('retry-after', r.ttlInSeconds);
        throw Object.assign(new Error(MSG.auth.tooManyRequests), { statusCode: 429 });
      }
    }
  });
}

/**
 * Route option for public answers that need no session (the share image): 120 requests per minute
 * per IP, in the same store as the authentication limit (Redis when set), so sequential ids cannot
 * be walked to list every match. The global allow-list (authentication paths only) is replaced.
 */
export const PUBLIC_PAGE_RATE_LIMIT = {
  max: 120,
  timeWindow: 60_000,
  allowList: () => false,
} as const;
