/**
 * @see https://trpc.io/docs/server/procedures#reusable-base-procedures
 * @see https://trpc.io/docs/server/error-formatting
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { MSG } from '../../common/messages';
import { isProductionProcess } from '../env';
import { AppError, ERROR_TABLE, firstZodMessage } from '../lib/errors';
import { assertAdmin, assertUser } from '../lib/auth';
import type { Context } from '../lib/request-context';

const toTRPCError = (e: AppError) => new TRPCError({ code: ERROR_TABLE[e.code].trpc, message: e.message, cause: e });

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      // Internal failures keep their details in the log, never in the answer.
      message: zod ? firstZodMessage(zod) : error.code === 'INTERNAL_SERVER_ERROR' ? MSG.http.server : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        zodError: zod ? z.flattenError(zod) : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns a service's AppError into the matching tRPC error; anything else stays a 500. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

export const publicProcedure = t.procedure.use(appErrors);

// A failed assertion throws an AppError, which `appErrors` (outermost) turns into 401/403.
export const authedProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { user: assertUser(ctx.user) } }));

export const adminProcedure = authedProcedure.use(({ ctx, next }) => next({ ctx: { user: assertAdmin(ctx.user) } }));

/**
 * The output schema of a hot list, checked outside production only: the service builds each item
 * field by field, and re-validating a 100-match page costs about 0.2 ms per call in production.
 * The type the client sees is the schema's either way.
 */
export const hotOutput =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.output<S> =>
    isProductionProcess() ? (value as z.output<S>) : schema.parse(value);
