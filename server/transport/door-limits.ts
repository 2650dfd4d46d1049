import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { EXPORTS_PER_HOUR, SHARE_PAGES_PER_MINUTE } from '../../common/limits';
import { MSG } from '../../common/messages';
import type { Deps } from '../deps';
import { resolveSession } from '../services/auth/sessions';
import { requestToken } from './request-context';

const SHARE_PAGE = /^\/m\/[^/]+\/?$/;
const REST_EXPORT = /^\/api\/users\/[^/]+\/export\/?$/;
const TRPC_EXPORT = 'users.exportData';

/** The tRPC procedures a `/trpc/a,b,c` path calls. */
function trpcProcedures(path: string): string[] {
  if (!path.startsWith('/trpc/')) return [];
  try {
    return decodeURIComponent(path.slice(6)).split(',');
  } catch {
    return path.slice(6).split(',');
  }
}

/** How many exports a request asks for: 1 for the REST path, one per `users.exportData` of a tRPC batch. */
function exportCount(method: string, path: string): number {
  if (method !== 'GET') return 0;
  if (REST_EXPORT.test(path)) return 1;
  return trpcProcedures(path).filter((p) => p === TRPC_EXPORT).length;
}

/** A French 429 with `Retry-After`, in tRPC's error shape on `/trpc` so the client shows the message. */
function tooMany(
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  message: string,
  seconds: number,
) {
  void reply.code(429).header('retry-after', String(seconds));
  const procedures = trpcProcedures(path);
  if (procedures.length === 0) return reply.send({ error: message });
  const error = (p: string) => ({
    message,
    code: TRPC_ERROR_CODES_BY_KEY.TOO_MANY_REQUESTS,
    data: {
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      path: p,
      details: { retryAfterSeconds: seconds },
    },
  });
  const { query } = req;
  const batch =
    typeof query === 'object' && query !== null && 'batch' in query && query.batch !== undefined;
  return reply.send(
    batch ? procedures.map((p) => ({ error: error(p) })) : { error: error(procedures[0] ?? '') },
  );
}

/**
 * Limits on the two doors that hand out data in bulk: the share page `/m/:id` (ids are sequential,
 * so a script could walk every match) per IP, and the personal-data export (REST and tRPC) per
 * account. Counted by the same store as the authentication limit (Redis when `REDIS_URL` is set,
 * so every instance shares the count), each door under its own key. Register after
 * `registerAuthRateLimit`, whose plugin provides `createRateLimit`.
 */
export function registerDoorLimits(app: FastifyInstance, deps: Pick<Deps, 'db' | 'clock' | 'env'>) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = (max: number, timeWindow: number) =>
    app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (req) => keys.get(req) ?? `ip:${req.ip}`,
      allowList: () => false,
    });
  const sharePages = limiter(SHARE_PAGES_PER_MINUTE, 60_000);
  const exports = limiter(EXPORTS_PER_HOUR, 3_600_000);

  /** Counts one call under `key`; answers the seconds to wait once the limit is passed, else null. */
  async function take(
    check: typeof sharePages,
    req: FastifyRequest,
    key: string,
  ): Promise<number | null> {
    keys.set(req, key);
    const r = await check(req);
    return !r.isAllowed && r.isExceeded ? Math.max(1, r.ttlInSeconds) : null;
  }

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && SHARE_PAGE.test(path)) {
      const wait = await take(sharePages, req, `share:${req.ip}`);
      if (wait !== null) return tooMany(req, reply, path, MSG.http.sharePagesTooMany, wait);
      return;
    }
    // Every request passes here: the list and the rest of the API leave after one substring test.
    const count = path.includes('xport') ? exportCount(req.method, path) : 0;
    if (count === 0) return;
    // Per account: without a session the route itself answers 401.
    const user = await resolveSession(deps, requestToken(req));
    if (!user) return;
    for (let i = 0; i < count; i++) {
      const wait = await take(exports, req, `export:${user.id}`);
      if (wait !== null)
        return tooMany(req, reply, path, MSG.account.exportTooMany(Math.ceil(wait / 60)), wait);
    }
  });
}
