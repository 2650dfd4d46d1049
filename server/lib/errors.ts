import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { ZodError } from 'zod';
import { MSG } from '../../common/messages';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

/** The one table that maps a business error onto both transports. */
export const ERROR_TABLE: Record<AppErrorCode, { trpc: TRPC_ERROR_CODE_KEY; http: number }> = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', http: 400 },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401 },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403 },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404 },
  CONFLICT: { trpc: 'CONFLICT', http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', http: 415 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429 },
  BAD_GATEWAY: { trpc: 'BAD_GATEWAY', http: 502 },
  SERVICE_UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', http: 503 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500 },
};

/**
 * A rule the user broke, or a state they cannot act on; `message` is the French text they see.
 * It is an answer, not a fault: no stack is captured (about 20 µs of a refused join, never read),
 * except for `INTERNAL`, which is one.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    const limit = Error.stackTraceLimit;
    if (code !== 'INTERNAL') Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** French texts of the HTTP errors Fastify and its plugins raise before a route's own handling. */
export const HTTP_ERRORS: Readonly<Record<number, string>> = {
  413: MSG.http.payloadTooLarge,
  415: MSG.http.jsonOnly,
  429: MSG.auth.tooManyRequests,
};

/** An HTTP error body; paths whose documented answer has `success` keep it on errors too. */
export const errorBody = (legacySuccess: boolean | undefined, error: string) =>
  legacySuccess ? { success: false, error } : { error };

/** The French message a user sees for invalid input, on both transports: the first issue's own message. */
export const firstZodMessage = (e: ZodError) => e.issues[0]?.message ?? MSG.http.badRequest;
