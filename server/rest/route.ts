import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { assertUser, type SessionUser } from '../lib/auth';
import { parse } from './http';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ZNone = z.object({});
type ZObj = z.ZodType<Record<string, unknown>>;
type Auth = 'user' | 'admin' | undefined;
/** The handler's `user`: never null on a path that requires a session. */
type UserFor<A extends Auth> = A extends 'user' | 'admin' ? SessionUser : SessionUser | null;

/** One documented legacy path: what it takes, who may call it, and what it answers (for OpenAPI). */
export interface RouteSpec<B extends ZObj, P extends ZObj, Q extends ZObj, A extends Auth = Auth> {
  method: Method;
  /** Fastify path under `/api`, e.g. `/matches/:id/join`. */
  url: string;
  summary: string;
  tag: string;
  auth?: A;
  /** The documented answer has `success`: errors then carry `success: false`. */
  legacySuccess?: boolean;
  body?: B;
  params?: P;
  query?: Q;
  /** Request headers the path reads (lower-case names), parsed like the body and documented. */
  headers?: ZObj;
  /** The answer's shape, for the OpenAPI description. */
  response?: z.ZodType;
  /** HTTP status of a successful answer (default 200). */
  status?: number;
  /**
   * Hot paths: compile `response` into a fast-json-stringify serializer (faster than
   * JSON.stringify on large answers; fields outside the schema are left out).
   */
  serialize?: boolean;
}

/** The JSON schema fast-json-stringify compiles, without the `$schema` draft marker. */
function serializerSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return json;
}

export type AnyRouteSpec = RouteSpec<ZObj, ZObj, ZObj>;

interface HandlerInput<B extends ZObj, P extends ZObj, Q extends ZObj, A extends Auth> {
  body: z.infer<B>;
  params: z.infer<P>;
  query: z.infer<Q>;
  /** The headers named by `spec.headers`, parsed. */
  headers: Record<string, unknown>;
  /** The session's user; non-null whenever the spec says `auth`. */
  user: UserFor<A>;
  req: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every legacy path registered with `route`, for the OpenAPI description and its test. */
    restCatalogue: AnyRouteSpec[];
  }
}

/**
 * Registers a legacy path: parses body, params and query with shared zod schemas (a ZodError
 * becomes a French 400), enforces `auth` with the shared helpers (in `installRestContext`), then
 * hands the parsed input to the handler, which only calls a service and shapes the answer.
 */
export function route<
  B extends ZObj = typeof ZNone,
  P extends ZObj = typeof ZNone,
  Q extends ZObj = typeof ZNone,
  A extends Auth = undefined,
>(app: FastifyInstance, spec: RouteSpec<B, P, Q, A>, handler: (input: HandlerInput<B, P, Q, A>) => unknown) {
  app.restCatalogue.push(spec);
  app.route({
    method: spec.method,
    url: spec.url,
    config: { auth: spec.auth, legacySuccess: spec.legacySuccess },
    ...(spec.serialize && spec.response ? { schema: { response: { [spec.status ?? 200]: serializerSchema(spec.response) } } } : {}),
    handler: async (req, reply) => {
      const input = {
        body: parse(spec.body ?? ZNone, req.body) as z.infer<B>,
        params: parse(spec.params ?? ZNone, req.params) as z.infer<P>,
        query: parse(spec.query ?? ZNone, req.query) as z.infer<Q>,
        headers: parse(spec.headers ?? ZNone, req.headers),
        // `installRestContext` has already refused a missing session; this only narrows the type.
        user: (spec.auth ? assertUser(req.ctx.user) : req.ctx.user) as UserFor<A>,
        req,
        reply,
      };
      const result: unknown = await handler(input);
      if (spec.status) reply.code(spec.status);
      return result;
    },
  });
}
