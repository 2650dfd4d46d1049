import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { MSG } from '../common/messages';
import type { Deps } from './deps';
import type { Env } from './env';
import { unavailableFromDb } from './lib/db-errors';
import { AppError, HTTP_ERRORS } from './lib/errors';
import { registerDrain } from './lib/drain';
import { registerHealth } from './lib/health';
import { registerMetrics } from './lib/metrics';
import { registerAuthRateLimit } from './lib/rate-limit';
import { registerDoorLimits } from './transport/door-limits';
import { genReqId, registerRequestId } from './lib/request-id';
import { registerSecurityHeaders } from './lib/security-headers';
import { requestGuard } from './lib/request-guard';
import { restPlugin } from './rest';
import { integrationsPlugin } from './rest/v2';
import { robotsRoute } from './robots';
import { shareRoutes } from './share/routes';
import { liveHubOf } from './services/live/hub';
import { workerConsumers } from './worker/consumers';
import { createWorkerLoop } from './worker/loop';
import { unsubscribePage } from './unsubscribe-page';
import { createContextFactory } from './trpc/context';
import { appRouter, procedurePaths, type AppRouter } from './trpc/root';

/** The package root, above `server/` (sources) or `dist/server/` (compiled): where package.json is. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export const CLIENT_DIST = join(packageRoot(), 'dist/client');

/** Photos are at most 5 MB; base64 adds a third, JSON a little more. */
export const BODY_LIMIT = Math.ceil(5 * 1024 * 1024 * (4 / 3)) + 64 * 1024;

/**
 * Fastify 5 ignores a bare hop count (it cannot tell a direct client from the proxy), so the count
 * becomes proxy-addr's classic rule: the nearest `hops` addresses are proxies, the next one is the
 * client. Only safe when the app is reachable through the proxy alone; addresses are safer still.
 */
const trustProxyOption = (v: Env['TRUST_PROXY']) =>
  typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;

export interface BuildAppOptions {
  /** Serve the built client from `dist/client` with SPA fallback (default: when it exists). */
  serveClient?: boolean;
  onClose?: () => Promise<void>;
}

/** The whole HTTP surface, without listening: tRPC at /trpc, REST at /api, health, and the client. */
export async function buildApp(
  deps: Deps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    // Batched GET URLs list every procedure path in one segment.
    routerOptions: { maxParamLength: 5000 },
    // Start-up also waits for the database and Redis; a loaded host should not abort it.
    pluginTimeout: 60_000,
    genReqId,
    // A request that reaches a closing server is still answered (the drain sends `Connection:
    // close` with it) rather than refused with Fastify's English 503.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  registerDrain(app);
  registerRequestId(app);
  registerMetrics(app, deps, procedurePaths);
  if (options.onClose) app.addHook('onClose', options.onClose);
  app.addHook('onClose', (_app, done) => {
    deps.mailer.close();
    done();
  });

  // Errors raised before a route's own handling (body too large, unreadable JSON) stay French
  // outside /api too; /api has its own handler with the legacy shapes.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const unavailable = unavailableFromDb(err);
    if (unavailable) {
      req.log.warn({ err }, 'database busy: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(unavailable.details?.retryAfterSeconds))
        .send({ error: unavailable.message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: MSG.http.server, requestId: req.id });
    }
    return reply.code(status).send({ error: HTTP_ERRORS[status] ?? MSG.http.badRequest });
  });

  registerSecurityHeaders(app);
  // Text answers (a 100-match page is ~30 KB of JSON, ~1 KB compressed) go out compressed; brotli at
  // quality 4 costs about what gzip does. Static client files are compressed at build time instead.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
  await app.register(cookie);
  await registerAuthRateLimit(app, deps);
  registerDoorLimits(app, deps);
  app.addHook('onRequest', requestGuard);

  registerHealth(app, deps);

  // Live updates: LISTEN once the app is ready; every stream ends before the HTTP server closes,
  // so the drain never waits on an open event stream.
  const live = liveHubOf(deps);
  app.addHook('onReady', () => live.start());
  app.addHook('preClose', () => live.close());
  // An event stream's connection is not reused: once the stream ends it closes, instead of idling
  // in keep-alive where a closing server would wait for it.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type =
      payload instanceof Response
        ? payload.headers.get('content-type')
        : reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/event-stream'))
      reply.header('connection', 'close');
    done();
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(deps),
      maxBatchSize: 20,
      // Retry-After for a busy database (and any other error that says when to retry).
      responseMeta({ errors }) {
        const seconds = errors
          .map((e) =>
            e.cause instanceof AppError ? e.cause.details?.retryAfterSeconds : undefined,
          )
          .find((s) => typeof s === 'number');
        return seconds === undefined ? {} : { headers: { 'retry-after': String(seconds) } };
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.logger.error({ err: error.cause ?? error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restPlugin, { prefix: '/api', deps });
  await app.register(integrationsPlugin, { prefix: '/api', deps });
  shareRoutes(app, deps);
  robotsRoute(app);
  await app.register(unsubscribePage, { deps });

  // Each instance runs the one worker loop: the event log's consumers, notices, result jobs,
  // webhooks and the groups' clock (weekly slots, poll closings), each claim leased or locked, so
  // instances never collide; woken by the NOTIFY its writers send.
  if (deps.env.OUTBOX_INTERVAL_MS > 0) {
    const worker = createWorkerLoop({
      consumers: workerConsumers(deps),
      intervalMs: deps.env.OUTBOX_INTERVAL_MS,
      logger: deps.logger,
      onWake: (queue, fn) => live.bus.onWork(queue, fn),
    });
    app.addHook('onReady', (done) => {
      worker.start();
      done();
    });
    // After the HTTP drain, before the pool closes (onClose hooks run last-registered first).
    app.addHook('onClose', () => worker.stop());
  }

  const serveClient = options.serveClient ?? existsSync(CLIENT_DIST);
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      index: 'index.html',
      // `npm run build` writes .br and .gz beside each file (client/precompress.ts).
      preCompressed: true,
      // Hashed assets can be cached forever; index.html never.
      setHeaders: (res, path) =>
        void res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      req.method === 'GET' &&
      !req.url.startsWith('/trpc') &&
      !req.url.startsWith('/api') &&
      (req.headers.accept ?? '').includes('text/html');
    if (serveClient && isPage)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: MSG.http.routeNotFound });
  });

  return app;
}
