import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { Gauge, type Registry } from 'prom-client';
import type { Logger } from './logger';

/**
 * A rate-limit store that counts in Redis while Redis answers and in this instance's memory while
 * it does not, so a Redis outage never turns a limit off (the plugin's `skipOnError` would let
 * every request through). The switch is logged once each way, as JSON, and `padel_redis_up`
 * shows it. Every limit registered with this store shares the fallback.
 */
export function fallbackStore(
  redis: Redis,
  o: { nameSpace: string; logger: Logger; registry: Registry },
): FastifyRateLimitStoreCtor {
  let up = true;
  const down = (err: unknown) => {
    if (!up) return;
    up = false;
    o.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'Redis unreachable: rate limits now count in this instance only, until it is back',
    );
  };
  // Handled, so ioredis never prints its own "Unhandled error event" lines (not JSON) to the log.
  redis.on('error', down);
  // A lost connection that ioredis will retry (a quit at shutdown does not retry, so says nothing).
  redis.on('reconnecting', () => down(new Error('connection lost')));
  redis.on('ready', () => {
    if (up) return;
    up = true;
    o.logger.info('Redis reachable again: rate limits shared across instances again');
  });
  // One gauge per registry: an app rebuilt on the same deps (tests, a second app) takes it over.
  o.registry.removeSingleMetric('padel_redis_up');
  new Gauge({
    name: 'padel_redis_up',
    help: 'Whether the Redis of the shared rate limits is connected (1) or the instance counts on its own (0).',
    registers: [o.registry],
    collect() {
      this.set(redis.status === 'ready' ? 1 : 0);
    },
  });

  class FallbackStore implements FastifyRateLimitStore {
    readonly remote: FastifyRateLimitStore;
    readonly local: FastifyRateLimitStore;
    // The global options here use neither `continueExceeding` nor `exponentialBackoff`; a route's
    // own options reach its store through `child`.
    constructor(
      _options: FastifyRateLimitOptions,
      parts?: { remote: FastifyRateLimitStore; local: FastifyRateLimitStore },
    ) {
      this.remote = parts?.remote ?? new RedisStore(false, false, redis, o.nameSpace);
      this.local = parts?.local ?? new LocalStore(false, false);
    }

    incr(...[key, cb, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
      // While first connecting, the command waits in ioredis's queue (a shared count from the start).
      if (!up) return this.local.incr(key, cb, timeWindow, max);
      this.remote.incr(
        key,
        (err, res) => {
          if (!err && res) return cb(null, res);
          down(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new FallbackStore(
        {},
        { remote: this.remote.child(routeOptions), local: this.local.child(routeOptions) },
      );
    }
  }
  return FallbackStore;
}
