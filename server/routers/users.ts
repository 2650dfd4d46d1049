import { ZGetUserInput, ZUpdateProfileInput, ZUser } from '../../common/schemas/users';
import { z } from 'zod';
import { ZNotificationPrefs } from '../../common/schemas/waitlist';
import { getNotificationPrefs, updateNotificationPrefs } from '../services/notifications/preferences';
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
  notifications: authedProcedure
    .input(z.void())
    .output(ZNotificationPrefs)
    .query(({ ctx }) => getNotificationPrefs(ctx.deps, ctx.user)),
  updateNotifications: authedProcedure
    .input(ZNotificationPrefs)
    .output(ZNotificationPrefs)
    .mutation(({ ctx, input }) => updateNotificationPrefs(ctx.deps, ctx.user, input)),
});
