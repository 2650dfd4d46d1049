import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, z } from 'zod';
import { MSG } from '../../common/messages';
import type { Deps } from '../deps';
import { assertAdmin, assertSelf, assertUser } from '../lib/auth';
import { badInputFromDb, unavailableFromDb } from '../lib/db-errors';
import { AppError, ERROR_TABLE, errorBody, firstZodMessage, HTTP_ERRORS } from '../lib/errors';
import { contextFromRequest, type Context } from '../transport/request-context';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Context;
  }
  interface FastifyContextConfig {
    /** Who may call this path; checked by the same helpers the tRPC middlewares use. */
    auth?: 'user' | 'admin';
    /** The documented answer has `success`, so errors carry `success: false` too. */
    legacySuccess?: boolean;
  }
}

export type RestRoutes = (app: FastifyInstance, deps: Deps) => void;

/**
 * Legacy payloads send numbers as strings at times: a numeric string is read as its number, and the
 * schema then judges it (an integer field still refuses "2.5", with its own French message).
 */
export const numeric = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);

/** Parses a legacy payload with a shared zod schema; a ZodError becomes a 400 with its French text. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => schema.parse(value ?? {});

/** Resolves the session once per request, enforces the route's `auth`, and checks a `user-id` header. */
export function installRestContext(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('ctx', null as unknown as Context);
  app.addHook('preHandler', async (req, reply) => {
    req.ctx = await contextFromRequest(deps, req, reply);
    const { auth } = req.routeOptions.config;
    if (auth === 'admin') assertAdmin(req.ctx.user);
    else if (auth === 'user') assertUser(req.ctx.user);
    const claimed = req.headers['user-id'];
    if (auth && typeof claimed === 'string') assertSelf(assertUser(req.ctx.user), claimed);
  });
}

const bodyFor = (req: FastifyRequest, error: string) => errorBody(req.routeOptions.config.legacySuccess, error);

/** One mapping for every REST error: AppError through the shared table, zod to 400, the rest to 500. */
export function installRestErrors(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
    const unavailable = thrown instanceof AppError ? null : unavailableFromDb(thrown);
    if (unavailable) req.log.warn({ err: thrown }, 'database busy: answered 503');
    const err = unavailable ?? thrown;
    if (err instanceof AppError) {
      const retryAfter = err.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(ERROR_TABLE[err.code].http).send({ ...bodyFor(req, err.message), ...err.details });
    }
    if (err instanceof ZodError) return reply.code(400).send(bodyFor(req, firstZodMessage(err)));
    const badInput = badInputFromDb(err);
    if (badInput) {
      req.log.warn({ pgCode: badInput.details?.pgCode }, 'input refused by the database, not the schema');
      return reply.code(400).send(bodyFor(req, badInput.message));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(bodyFor(req, HTTP_ERRORS[status] ?? MSG.http.badRequest));
    req.log.error({ err }, 'unhandled REST error');
    return reply.code(500).send({ ...bodyFor(req, MSG.http.server), requestId: req.id });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: MSG.http.routeNotFound }));
}
