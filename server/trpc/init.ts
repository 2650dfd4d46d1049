/**
 * @see https://trpc.io/docs/server/procedures#reusable-base-procedures
 * @see https://trpc.io/docs/server/error-formatting
 */
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError, z } from 'zod';
import { MSG } from '../../common/messages';
import { badInputFromDb, unavailableFromDb } from '../lib/db-errors';
import { AppError, ERROR_TABLE, firstZodMessage } from '../lib/errors';
import { assertAdmin, assertUser } from '../lib/auth';
import { currentRequestId } from '../lib/request-id';
import type { Context } from '../transport/request-context';

export const toTRPCError = (e: AppError) =>
  new TRPCError({ code: ERROR_TABLE[e.code].trpc, message: e.message, cause: e });

/**
 * French texts for the errors tRPC raises itself before a procedure runs (unreadable JSON, unknown
 * procedure, wrong method, body too large), whose own messages are English.
 */
const FRAMEWORK_MESSAGES: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  NOT_FOUND: MSG.http.routeNotFound,
  PAYLOAD_TOO_LARGE: MSG.http.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MSG.http.jsonOnly,
  TOO_MANY_REQUESTS: MSG.auth.tooManyRequests,
};

/** What the caller reads: ours (an AppError), the schema's, or a French text for the rest. */
function userMessage(error: TRPCError, zod: ZodError | null): string {
  if (zod) return firstZodMessage(zod);
  if (error.cause instanceof AppError) return error.message;
  // Internal failures keep their details in the log, never in the answer.
  if (error.code === 'INTERNAL_SERVER_ERROR') return MSG.http.server;
  return FRAMEWORK_MESSAGES[error.code] ?? MSG.http.badRequest;
}

/** A `: ping` on idle live streams, under the 30–60 s after which proxies drop a silent connection. */
export const SSE_PING_MS = 25_000;

const t = initTRPC.context<Context>().create({
  sse: { ping: { enabled: true, intervalMs: SSE_PING_MS } },
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: userMessage(error, zod),
      data: {
        ...shape.data,
        stack: undefined,
        zodError: zod ? z.flattenError(zod) : null,
        // Facts a client acts on (seconds before a resend, PIN tries left), beside the French text.
        details: error.cause instanceof AppError ? (error.cause.details ?? null) : null,
        // Quoted by a user to support, it finds the logged details.
        requestId: error.code === 'INTERNAL_SERVER_ERROR' ? currentRequestId() : undefined,
      },
    };
  },
});

/**
 * An output schema as tRPC's custom validator: zod's synchronous `parse`, which runs the object
 * checks zod compiles once. tRPC would call `parseAsync` on the schema itself, which never uses
 * them: the output check of a 100-card list page took about five times longer that way.
 */
export const parsed =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.output<S> =>
    schema.parse(value);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns a service's AppError into the matching tRPC error; anything else stays a 500. */
const appErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  if (result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  const badInput = badInputFromDb(result.error.cause);
  if (badInput) {
    ctx.deps.logger.warn(
      { path, pgCode: badInput.details?.pgCode },
      'input refused by the database, not the schema',
    );
    throw toTRPCError(badInput);
  }
  const unavailable = unavailableFromDb(result.error.cause);
  if (unavailable) {
    ctx.deps.logger.warn({ path, err: result.error.cause }, 'database busy: answered 503');
    throw toTRPCError(unavailable);
  }
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

// A failed assertion throws an AppError, which `appErrors` (outermost) turns into 401/403.
export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { user: assertUser(ctx.user) } }),
);

export const adminProcedure = authedProcedure.use(({ ctx, next }) =>
  next({ ctx: { user: assertAdmin(ctx.user) } }),
);
