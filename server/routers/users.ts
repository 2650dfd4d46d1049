import {
  ZAccountDeleted,
  ZAccountExport,
  ZDeleteAccountInput,
  ZExportInput,
} from '../../common/schemas/account';
import { ZGetUserInput, ZUpdateProfileInput, ZUser } from '../../common/schemas/users';
import { z } from 'zod';
import { ZNotificationChannels, ZNotificationPrefs } from '../../common/schemas/waitlist';
import { ZNotificationPreferences } from '../../common/schemas/notification-preferences';
import {
  getNotificationChannels,
  getNotificationPrefs,
  getNotificationPreferences,
  updateNotificationPreferences,
  updateNotificationPrefs,
} from '../services/notifications/preferences';
import { deleteOwnAccount } from '../services/account/delete-account';
import { exportPersonalData } from '../services/account/export-data';
import { getUser, updateProfile } from '../services/users';
import { authedProcedure, parsed, router } from '../trpc/init';

export const usersRouter = router({
  get: authedProcedure
    .input(ZGetUserInput)
    .output(parsed(ZUser))
    .query(({ ctx, input }) => getUser(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateProfileInput)
    .output(parsed(ZUser))
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user, input)),
  notifications: authedProcedure
    .input(z.void())
    .output(parsed(ZNotificationPrefs))
    .query(({ ctx }) => getNotificationPrefs(ctx.deps, ctx.user)),
  notificationChannels: authedProcedure
    .input(z.void())
    .output(parsed(ZNotificationChannels))
    .query(({ ctx }) => getNotificationChannels(ctx.deps)),
  updateNotifications: authedProcedure
    .input(ZNotificationPrefs)
    .output(parsed(ZNotificationPrefs))
    .mutation(({ ctx, input }) => updateNotificationPrefs(ctx.deps, ctx.user, input)),
  notificationPreferences: authedProcedure
    .input(z.void())
    .output(parsed(ZNotificationPreferences))
    .query(({ ctx }) => getNotificationPreferences(ctx.deps, ctx.user)),
  updateNotificationPreferences: authedProcedure
    .input(ZNotificationPreferences)
    .output(parsed(ZNotificationPreferences))
    .mutation(({ ctx, input }) => updateNotificationPreferences(ctx.deps, ctx.user, input)),
  exportData: authedProcedure
    .input(ZExportInput)
    .output(parsed(ZAccountExport))
    .query(({ ctx, input }) => exportPersonalData(ctx.deps, ctx.user, input.id)),
  deleteAccount: authedProcedure
    .input(ZDeleteAccountInput)
    .output(parsed(ZAccountDeleted))
    .mutation(async ({ ctx, input }) => {
      const done = await deleteOwnAccount(ctx.deps, ctx.user, input);
      ctx.cookie.clear();
      return done;
    }),
});
