import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger as PinoLogger } from 'pino';

/** An id a proxy or client may pass along: short, and nothing that could forge a log line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** Fastify's `genReqId`: the incoming `X-Request-Id` when it is a safe short token, else a new UUID. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** The id of the request being served, wherever the code runs (services, mailer, tRPC formatter). */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.reqId;

/**
 * pino `mixin`: lines logged through the shared logger while serving a request carry its id, as
 * Fastify's own per-request child logger does (that one already has it bound, so no duplicate).
 */
export function requestIdMixin(_merge: object, _level: number, logger: PinoLogger): object {
  const reqId = currentRequestId();
  return reqId && !('reqId' in logger.bindings()) ? { reqId } : {};
}

/** Answers every request with its id and runs the rest of its handling inside the request's scope. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    requestScope.run({ reqId: req.id }, done);
  });
}
