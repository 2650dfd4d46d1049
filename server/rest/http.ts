import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZodError, z } from 'zod';
import { MSG } from '../../common/messages';
import type { Deps } from '../deps';
import { assertAdmin, assertSelf, assertUser, type SessionUser } from '../lib/auth';
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

/** The REST plugin's Fastify: route schemas are zod, handlers get their parsed, typed input. */
export type RestApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RestRoutes = (app: RestApp, deps: Deps) => void;

/**
 * Legacy payloads send numbers as strings at times: a numeric string is read as its number, and the
 * schema then judges it (an integer field still refuses "2.5", with its own French message).
 */
export const numeric = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    schema,
  );

/**
 * Request parts are parsed by their zod schema. A missing body reads as `{}` (legacy clients post
 * nothing to action paths), and a failure is the ZodError itself, so the error table below answers
 * with the schema's French message rather than Fastify's English summary.
 */
export const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: result.error };
  };

/** Answers are written as the handler shaped them, like a route without a schema: zod is not run per reply. */
export const plainSerializer: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);

/** Fastify's own JSON-schema serializer compiler (fast-json-stringify), the one a route without zod would get. */
const compileFastJson = SerializerSelector()();

/**
 * For hot list paths: the 2xx answer compiled into a fast-json-stringify serializer (faster than
 * JSON.stringify on large pages; fields outside the schema are left out). Errors stay plain JSON.
 */
export const fastSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, httpStatus = '200' } = route;
  if (!httpStatus.startsWith('2') || !(schema instanceof z.ZodType))
    return (data) => JSON.stringify(data);
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return compileFastJson({ ...route, httpStatus, schema: json });
};

/** Legacy `userId` / `user_id` in an admin call's query or body: accepted, but must be the admin's own id. */
function assertClaimedIds(user: SessionUser, ...sources: unknown[]) {
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const key of ['userId', 'user_id']) {
      const claimed: unknown = key in source ? Reflect.get(source, key) : undefined;
      if (typeof claimed === 'string' || typeof claimed === 'number') assertSelf(user, claimed);
    }
  }
}

/**
 * Resolves the session once per request and enforces the route's `auth` before its input is
 * parsed (a caller without rights learns nothing about the payload), and checks a `user-id` header.
 */
export function installRestContext(app: FastifyInstance, deps: Deps) {
  // A getter, not a `null` placeholder, so `req.ctx` is typed non-null and never read unset.
  const contexts = new WeakMap<FastifyRequest, Context>();
  app.decorateRequest('ctx', {
    getter() {
      const ctx = contexts.get(this);
      if (!ctx) throw new Error('REST context read before the preValidation hook');
      return ctx;
    },
    setter(ctx) {
      contexts.set(this, ctx);
    },
  });
  app.addHook('preValidation', async (req, reply) => {
    req.ctx = await contextFromRequest(deps, req, reply);
    const { auth } = req.routeOptions.config;
    if (auth === 'admin') assertClaimedIds(assertAdmin(req.ctx.user), req.query, req.body);
    else if (auth === 'user') assertUser(req.ctx.user);
    const claimed = req.headers['user-id'];
    if (auth && typeof claimed === 'string') assertSelf(assertUser(req.ctx.user), claimed);
  });
}

const bodyFor = (req: FastifyRequest, error: string) =>
  errorBody(req.routeOptions.config.legacySuccess, error);

/** One mapping for every REST error: AppError through the shared table, zod to 400, the rest to 500. */
export function installRestErrors(app: FastifyInstance) {
  app.setErrorHandler(
    (thrown: FastifyError | AppError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
      const unavailable = thrown instanceof AppError ? null : unavailableFromDb(thrown);
      if (unavailable) req.log.warn({ err: thrown }, 'database busy: answered 503');
      const err = unavailable ?? thrown;
      if (err instanceof AppError) {
        const retryAfter = err.details?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return reply
          .code(ERROR_TABLE[err.code].http)
          .send({ ...bodyFor(req, err.message), ...err.details });
      }
      if (err instanceof ZodError) return reply.code(400).send(bodyFor(req, firstZodMessage(err)));
      const badInput = badInputFromDb(err);
      if (badInput) {
        req.log.warn(
          { pgCode: badInput.details?.pgCode },
          'input refused by the database, not the schema',
        );
        return reply.code(400).send(bodyFor(req, badInput.message));
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return reply.code(status).send(bodyFor(req, HTTP_ERRORS[status] ?? MSG.http.badRequest));
      req.log.error({ err }, 'unhandled REST error');
      return reply.code(500).send({ ...bodyFor(req, MSG.http.server), requestId: req.id });
    },
  );
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: MSG.http.routeNotFound }));
}
