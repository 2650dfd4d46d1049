import { z } from 'zod';
import {
  ZDashboard,
  ZDashboardInput,
  ZNoticeChannel,
  ZNoticeOverview,
  ZRetryAllInput,
  ZRetryResult,
} from '../../common/schemas/dashboard';
import { ZIdInput } from '../../common/schemas/catalog';
import { calendarDate, ZId } from '../../common/schemas/primitives';
import { DASHBOARD_MSG } from '../../common/dashboard-messages';
import { assertAdmin } from '../lib/auth';
import { getDashboard } from '../services/admin/dashboard';
import { getNoticeOverview, retryAllNotices, retryNotice } from '../services/admin/notices';
import { numeric, type RestRoutes } from './http';

// The dashboard and notice operations of issue 28 over REST, for scripts and spreadsheets: the
// same services as the admin.dashboard / admin.notices procedures, admin-only.
const tags = ['Administration'];
const admin = { auth: 'admin' } as const;
const route = <const S extends object>(summary: string, parts: S) => ({
  schema: { tags, summary, ...parts },
  config: admin,
});

/** The query string's plain fields; the shared schema then checks the period as the app does. */
const ZDashboardQuery = z.object({
  from: calendarDate(DASHBOARD_MSG.invalidFrom).optional(),
  to: calendarDate(DASHBOARD_MSG.invalidTo).optional(),
  place_id: numeric(ZId).optional(),
});
const ZNoticesQuery = z.object({
  channel: ZNoticeChannel.optional(),
  limit: numeric(z.number().int().min(1).max(200)).optional(),
});

export const adminDashboardRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/admin/dashboard',
    route(
      'Tableau de bord : matchs, joueurs et notifications sur une période (12 semaines par défaut)',
      {
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard },
      },
    ),
    ({ ctx, query }) => getDashboard(deps, assertAdmin(ctx.user), ZDashboardInput.parse(query)),
  );
  app.get(
    '/admin/notices',
    route('Notifications non remises (échecs, abandons) et état de chaque canal', {
      querystring: ZNoticesQuery,
      response: { 200: ZNoticeOverview },
    }),
    ({ ctx, query }) => getNoticeOverview(deps, assertAdmin(ctx.user), query),
  );
  app.post(
    '/admin/notices/:id/retry',
    route('Relancer une notification non remise (une seule fois, même en parallèle)', {
      params: ZIdInput,
      response: { 200: ZRetryResult },
    }),
    ({ ctx, params }) => retryNotice(deps, assertAdmin(ctx.user), params),
  );
  app.post(
    '/admin/notices/retry',
    route('Relancer toutes les notifications non remises (d’un canal, ou toutes)', {
      body: ZRetryAllInput,
      response: { 200: ZRetryResult },
    }),
    ({ ctx, body }) => retryAllNotices(deps, assertAdmin(ctx.user), body),
  );
};
