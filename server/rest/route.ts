import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../lib/auth';
import { parse } from './http';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ZNone = z.object({});
type ZObj = z.ZodType<Record<string, unknown>>;

/** One documented legacy path: what it takes, who may call it, and what it answers (for OpenAPI). */
export interface RouteSpec<B extends ZObj, P extends ZObj, Q extends ZObj> {
  method: Method;
  /** Fastify path under `/api`, e.g. `/matches/:id/join`. */
  url: string;
  summary: string;
  tag: string;
  auth?: 'user' | 'admin';
  /** The documented answer has `success`: errors then carry `success: false`. */
  legacySuccess?: boolean;
  body?: B;
  params?: P;
  query?: Q;
  /** The answer's shape, for the OpenAPI description. */
  response?: z.ZodType;
  /** HTTP status of a successful answer (default 200). */
  status?: number;
}

export type AnyRouteSpec = RouteSpec<ZObj, ZObj, ZObj>;

interface HandlerInput<B extends ZObj, P extends ZObj, Q extends ZObj> {
  body: z.infer<B>;
  params: z.infer<P>;
  query: z.infer<Q>;
  /** The session's user; non-null whenever the spec says `auth`. */
  user: SessionUser | null;
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
export function route<B extends ZObj = typeof ZNone, P extends ZObj = typeof ZNone, Q extends ZObj = typeof ZNone>(
  app: FastifyInstance,
  spec: RouteSpec<B, P, Q>,
  handler: (input: HandlerInput<B, P, Q>) => unknown,
) {
  app.restCatalogue.push(spec);
  app.route({
    method: spec.method,
    url: spec.url,
    config: { auth: spec.auth, legacySuccess: spec.legacySuccess },
    handler: async (req, reply) => {
      const input = {
        body: parse(spec.body ?? ZNone, req.body) as z.infer<B>,
        params: parse(spec.params ?? ZNone, req.params) as z.infer<P>,
        query: parse(spec.query ?? ZNone, req.query) as z.infer<Q>,
        user: req.ctx.user,
        req,
        reply,
      };
      const result: unknown = await handler(input);
      if (spec.status) reply.code(spec.status);
      return result;
    },
  });
}
