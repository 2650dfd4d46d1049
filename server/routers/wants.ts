import { z } from 'zod';
import { WANT_TEXT } from '../../common/messages-wants';
import { ZWant, ZWantAnswer, ZWantIdInput, ZWantInput } from '../../common/schemas/wants';
import { createWant, deleteWant, listWants, renewWant } from '../services/wants/alerts';
import { authedProcedure, parsed, router } from '../trpc/init';

/** « Je veux jouer » alerts: the same services as `/api/wants`. */
export const wantsRouter = router({
  list: authedProcedure
    .output(parsed(z.array(ZWant)))
    .query(({ ctx }) => listWants(ctx.deps, ctx.user)),
  create: authedProcedure
    .input(ZWantInput)
    .output(parsed(ZWantAnswer))
    .mutation(async ({ ctx, input }) => ({
      message: WANT_TEXT.created,
      want: await createWant(ctx.deps, ctx.user, input),
    })),
  renew: authedProcedure
    .input(ZWantIdInput)
    .output(parsed(ZWantAnswer))
    .mutation(async ({ ctx, input }) => ({
      message: WANT_TEXT.renewed,
      want: await renewWant(ctx.deps, ctx.user, input.id),
    })),
  delete: authedProcedure
    .input(ZWantIdInput)
    .output(parsed(z.object({ message: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await deleteWant(ctx.deps, ctx.user, input.id);
      return { message: WANT_TEXT.deleted };
    }),
});
