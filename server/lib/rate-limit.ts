import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import type { Env } from '../env';

/** tRPC paths (`/trpc/auth.login`, batches `/trpc/auth.x,matches.y`) and REST paths under `/api/auth/`. */
export function isAuthPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/auth/')) return true;
  if (!path.startsWith('/trpc/')) return false;
  return decodeURIComponent(path.slice(6))
    .split(',')
    .some((p) => p.startsWith('auth.'));
}

/**
 * AUTH_RATE_LIMIT requests per minute per IP on authentication paths, shared through Redis when
 * several instances run. The per-account PIN lockout is separate and lives in the database.
 */
export async function registerAuthRateLimit(app: FastifyInstance, env: Env) {
  // A single instance never loads the Redis client.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis)
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  await app.register(rateLimit, {
    global: true,
    max: env.AUTH_RATE_LIMIT,
    timeWindow: 60_000,
    redis,
    nameSpace: 'padel-auth-rl:',
    skipOnError: true,
    allowList: (req: FastifyRequest) => !isAuthPath(req.url),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: MSG.auth.tooManyRequests, retryAfter: Math.ceil(ctx.ttl / 1000) }),
  });
}
