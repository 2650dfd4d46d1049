import { z } from 'zod';
import {
  ZActionResult,
  ZAdminSetting,
  ZAdminUpdateUserInput,
  ZAdminUser,
  ZAuditEntry,
  ZAuditListInput,
  ZCreateLevelInput,
  ZCreatePlaceInput,
  ZSaveSettingsInput,
  ZSmtpConfig,
  ZSmtpSaveInput,
  ZSmtpTestInput,
  ZTwilioConfig,
  ZTwilioSaveInput,
  ZTwilioTestInput,
  ZUpdateLevelInput,
  ZUpdatePlaceInput,
} from '../../common/schemas/admin';
import { ZIdInput, ZLevel, ZPlace } from '../../common/schemas/catalog';
import {
  ZDashboard,
  ZDashboardInput,
  ZNoticeListInput,
  ZNoticeOverview,
  ZRetryAllInput,
  ZRetryNoticeInput,
  ZRetryResult,
} from '../../common/schemas/dashboard';
import { getDashboard } from '../services/admin/dashboard';
import { getNoticeOverview, retryAllNotices, retryNotice } from '../services/admin/notices';
import { listAudit } from '../services/audit/audit-log';
import { createLevel, deleteLevel, updateLevel } from '../services/admin/levels';
import { createPlace, deletePlace, listAllPlaces, updatePlace } from '../services/admin/places';
import { getAdminSettings, saveAdminSettings } from '../services/admin/settings';
import { getSmtpConfig, saveSmtpConfig, testSmtpConfig } from '../services/admin/smtp';
import { getTwilioConfig, saveTwilioConfig, testTwilioConfig } from '../services/admin/twilio';
import { deleteUser, listUsers, updateUser } from '../services/admin/users';
import { listLevels } from '../services/levels';
import { adminSetLevelVerified } from '../services/seasons/level-verified';
import { ZAdminVerifyInput, ZVerifiedAnswer } from '../../common/schemas/leaderboard';
import { adminProcedure, parsed, router } from '../trpc/init';

const placesRouter = router({
  list: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZPlace)))
    .query(({ ctx }) => listAllPlaces(ctx.deps, ctx.user)),
  create: adminProcedure
    .input(ZCreatePlaceInput)
    .output(parsed(ZPlace))
    .mutation(({ ctx, input }) => createPlace(ctx.deps, ctx.user, input)),
  update: adminProcedure
    .input(ZUpdatePlaceInput)
    .output(parsed(ZPlace))
    .mutation(({ ctx, input }) => updatePlace(ctx.deps, ctx.user, input)),
  delete: adminProcedure
    .input(ZIdInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => deletePlace(ctx.deps, ctx.user, input)),
});

const levelsRouter = router({
  list: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZLevel)))
    .query(({ ctx }) => listLevels(ctx.deps)),
  create: adminProcedure
    .input(ZCreateLevelInput)
    .output(parsed(ZLevel))
    .mutation(({ ctx, input }) => createLevel(ctx.deps, ctx.user, input)),
  update: adminProcedure
    .input(ZUpdateLevelInput)
    .output(parsed(ZLevel))
    .mutation(({ ctx, input }) => updateLevel(ctx.deps, ctx.user, input)),
  delete: adminProcedure
    .input(ZIdInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => deleteLevel(ctx.deps, ctx.user, input)),
});

const usersRouter = router({
  list: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZAdminUser)))
    .query(({ ctx }) => listUsers(ctx.deps, ctx.user)),
  update: adminProcedure
    .input(ZAdminUpdateUserInput)
    .output(parsed(ZAdminUser))
    .mutation(({ ctx, input }) => updateUser(ctx.deps, ctx.user, input)),
  delete: adminProcedure
    .input(ZIdInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => deleteUser(ctx.deps, ctx.user, input)),
  setLevelVerified: adminProcedure
    .input(ZAdminVerifyInput)
    .output(parsed(ZVerifiedAnswer))
    .mutation(({ ctx, input }) => adminSetLevelVerified(ctx.deps, ctx.user, input)),
});

const twilioRouter = router({
  get: adminProcedure
    .input(z.void())
    .output(parsed(ZTwilioConfig.nullable()))
    .query(({ ctx }) => getTwilioConfig(ctx.deps, ctx.user)),
  save: adminProcedure
    .input(ZTwilioSaveInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => saveTwilioConfig(ctx.deps, ctx.user, input)),
  test: adminProcedure
    .input(ZTwilioTestInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => testTwilioConfig(ctx.deps, ctx.user, input)),
});

const smtpRouter = router({
  get: adminProcedure
    .input(z.void())
    .output(parsed(ZSmtpConfig.nullable()))
    .query(({ ctx }) => getSmtpConfig(ctx.deps, ctx.user)),
  save: adminProcedure
    .input(ZSmtpSaveInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => saveSmtpConfig(ctx.deps, ctx.user, input)),
  test: adminProcedure
    .input(ZSmtpTestInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => testSmtpConfig(ctx.deps, ctx.user, input)),
});

const settingsRouter = router({
  get: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZAdminSetting)))
    .query(({ ctx }) => getAdminSettings(ctx.deps, ctx.user)),
  save: adminProcedure
    .input(ZSaveSettingsInput)
    .output(parsed(ZActionResult))
    .mutation(({ ctx, input }) => saveAdminSettings(ctx.deps, ctx.user, input)),
});

const auditRouter = router({
  list: adminProcedure
    .input(ZAuditListInput)
    .output(parsed(z.array(ZAuditEntry)))
    .query(({ ctx, input }) => listAudit(ctx.deps, ctx.user, input)),
});

// The dashboard (« Tableau de bord ») and notice operations (« Notifications »), issue 28.
const dashboardRouter = router({
  get: adminProcedure
    .input(ZDashboardInput)
    .output(parsed(ZDashboard))
    .query(({ ctx, input }) => getDashboard(ctx.deps, ctx.user, input)),
});

const noticesRouter = router({
  list: adminProcedure
    .input(ZNoticeListInput)
    .output(parsed(ZNoticeOverview))
    .query(({ ctx, input }) => getNoticeOverview(ctx.deps, ctx.user, input)),
  retry: adminProcedure
    .input(ZRetryNoticeInput)
    .output(parsed(ZRetryResult))
    .mutation(({ ctx, input }) => retryNotice(ctx.deps, ctx.user, input)),
  retryAll: adminProcedure
    .input(ZRetryAllInput)
    .output(parsed(ZRetryResult))
    .mutation(({ ctx, input }) => retryAllNotices(ctx.deps, ctx.user, input)),
});

/** The administration: every procedure is an adminProcedure (admin rights read from the database per call). */
export const adminRouter = router({
  places: placesRouter,
  levels: levelsRouter,
  users: usersRouter,
  twilio: twilioRouter,
  smtp: smtpRouter,
  settings: settingsRouter,
  audit: auditRouter,
  dashboard: dashboardRouter,
  notices: noticesRouter,
});
