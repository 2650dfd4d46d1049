import { MSG_API } from '../../../common/messages-api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MSG } from '../../../common/messages';
import type { TApiScope } from '../../../common/schemas/integrations';
import type { Deps } from '../../deps';
import { assertAdmin, type SessionUser } from '../../lib/auth';
import { badInputFromDb, unavailableFromDb } from '../../lib/db-errors';
import { INT32_MAX } from '../../../common/schemas/primitives';
import { MATCH_PAGE_DEFAULT } from '../../../common/schemas/matches';
import { AppError, badRequest, ERROR_TABLE, firstZodMessage, HTTP_ERRORS } from '../../lib/errors';
import {
  assertScope,
  authenticateApiKey,
  type ApiCaller,
} from '../../services/integrations/api-keys';
import { contextFromRequest } from '../../transport/request-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key behind a v2 request (set before validation on `apiScope` routes). */
    apiCaller?: ApiCaller;
    /** The admin behind a key or webhook admin request. */
    adminUser?: SessionUser;
  }
  interface FastifyContextConfig {
    /** A v2 path: an API key is required; with a scope, the key must have it (`any`: any key). */
    apiScope?: TApiScope | 'any';
  }
}

/** The v2 error code of an HTTP status Fastify or a plugin raised itself. */
const codeOfStatus = (status: number): string =>
  Object.entries(ERROR_TABLE).find(([, v]) => v.http === status)?.[0] ?? 'BAD_REQUEST';

/** v2's one error shape: `{ error: { code, message } }`, the message in French. */
export const v2Error = (code: string, message: string) => ({ error: { code, message } });

/** The bearer token of a request (v2 takes keys in this header only: no cookie). */
const bearer = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/**
 * Who may call: `apiScope` routes take an API key (authenticated, counted against its rate limit
 * and checked for the scope in one step); `auth: 'admin'` routes (the key and webhook admin) take
 * the admin's session, through the same helper as every other admin path.
 */
export function installV2Context(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('apiCaller', undefined);
  app.decorateRequest('adminUser', undefined);
  app.addHook('preValidation', async (req, reply) => {
    const { apiScope, auth } = req.routeOptions.config;
    if (apiScope) {
      const caller = await authenticateApiKey(deps, bearer(req));
      if (apiScope !== 'any') assertScope(caller, apiScope);
      req.apiCaller = caller;
    } else if (auth === 'admin') {
      req.adminUser = assertAdmin((await contextFromRequest(deps, req, reply)).user);
    }
  });
}

/** The admin of an `auth: 'admin'` route (always set there by the hook above). */
export function adminOf(req: FastifyRequest): SessionUser {
  return assertAdmin(req.adminUser ?? null);
}

/** The caller of an `apiScope` route (always set there by the hook above). */
export function callerOf(req: FastifyRequest): ApiCaller {
  if (!req.apiCaller) throw new AppError('UNAUTHORIZED', MSG_API.keyRequired);
  return req.apiCaller;
}

/** AppError through the shared table, zod to 400, Fastify's own errors by status, the rest 500. */
export function installV2Errors(app: FastifyInstance) {
  app.setErrorHandler(
    (thrown: FastifyError | AppError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
      const err = (thrown instanceof AppError ? null : unavailableFromDb(thrown)) ?? thrown;
      if (err instanceof AppError) {
        const retryAfter = err.details?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return reply.code(ERROR_TABLE[err.code].http).send(v2Error(err.code, err.message));
      }
      if (err instanceof ZodError)
        return reply.code(400).send(v2Error('BAD_REQUEST', firstZodMessage(err)));
      const badInput = badInputFromDb(err);
      if (badInput) return reply.code(400).send(v2Error('BAD_REQUEST', badInput.message));
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return reply
          .code(status)
          .send(v2Error(codeOfStatus(status), HTTP_ERRORS[status] ?? MSG.http.badRequest));
      req.log.error({ err }, 'unhandled API v2 error');
      return reply.code(500).send(v2Error('INTERNAL', MSG.http.server));
    },
  );
}

/**
 * Small catalogue lists, paged by id so every v2 list has the same `{ data, next_cursor }` shape:
 * the cursor is the last id seen.
 */
export function pageById<T extends { id: number }>(
  rows: T[],
  cursor: string | undefined,
  limit = MATCH_PAGE_DEFAULT,
) {
  let after = 0;
  if (cursor !== undefined) {
    after = Number(cursor);
    if (!/^\d{1,10}$/.test(cursor) || after > INT32_MAX) throw badRequest(MSG_API.cursorInvalid);
  }
  const sorted = rows.filter((r) => r.id > after).sort((a, b) => a.id - b.id);
  const data = sorted.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: sorted.length > limit && last ? String(last.id) : null };
}
