import { ZGetUserInput, ZUpdateProfileInput, ZUser } from '../../common/schemas/users';
import { getUser, updateProfile } from '../services/users';
import { authedProcedure, router } from '../trpc/init';

export const usersRouter = router({
  get: authedProcedure
    .input(ZGetUserInput)
    .output(ZUser)
    .query(({ ctx, input }) => getUser(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateProfileInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user, input)),
});
