import { z } from 'zod';
import { DASHBOARD_MSG } from '../dashboard-messages';
import { calendarDate, ZId } from './primitives';

/** Longest period the dashboard aggregates at once: a year and a day (a leap year's weeks). */
export const DASHBOARD_MAX_DAYS = 366;
/** Weeks shown when the admin picks no period. */
export const DASHBOARD_DEFAULT_WEEKS = 12;

const dayIndex = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * The dashboard's filters: an inclusive period of local days (APP_TIMEZONE) and optionally one
 * place. Both ends are optional: the server fills in the last 12 weeks.
 */
export const ZDashboardInput = z
  .object({
    from: calendarDate(DASHBOARD_MSG.invalidFrom).optional(),
    to: calendarDate(DASHBOARD_MSG.invalidTo).optional(),
    place_id: ZId.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: DASHBOARD_MSG.rangeOrder,
    path: ['from'],
  })
  .refine((v) => !v.from || !v.to || dayIndex(v.to) - dayIndex(v.from) < DASHBOARD_MAX_DAYS, {
    message: DASHBOARD_MSG.rangeTooLong(DASHBOARD_MAX_DAYS),
    path: ['from'],
  })
  .default({});
export type TDashboardInput = z.infer<typeof ZDashboardInput>;

export const NOTICE_CHANNELS = ['email', 'sms', 'push'] as const;
export const ZNoticeChannel = z.enum(NOTICE_CHANNELS, { error: DASHBOARD_MSG.invalidChannel });
export type TNoticeChannel = z.infer<typeof ZNoticeChannel>;

const ZWeekRow = z.object({
  /** Monday of the week, local day "YYYY-MM-DD". */
  week: z.string(),
  created: z.number().int(),
  filled: z.number().int(),
  active_players: z.number().int(),
  signups: z.number().int(),
});

export const ZDashboard = z.object({
  from: z.string(),
  to: z.string(),
  place_id: z.number().int().nullable(),
  totals: z.object({
    created: z.number().int(),
    filled: z.number().int(),
    /** filled / created, 0..1; null when no match was created. */
    fill_rate: z.number().nullable(),
    /** Median seconds from creation to the last place taken, over the filled ones; null if none. */
    median_fill_seconds: z.number().nullable(),
    signups: z.number().int(),
  }),
  weeks: z.array(ZWeekRow),
  /** Matches played in the period per place, busiest first (at most 10). */
  places: z.array(
    z.object({ place_id: z.number().int(), name: z.string(), matches: z.number().int() }),
  ),
  /** Matches played per ISO day of week (1 = lundi) and start hour: the heat map's cells. */
  heatmap: z.array(
    z.object({ dow: z.number().int(), hour: z.number().int(), matches: z.number().int() }),
  ),
  /** Notices written in the period per channel and outcome. */
  notices: z.array(
    z.object({
      channel: ZNoticeChannel,
      sent: z.number().int(),
      failed: z.number().int(),
      dropped: z.number().int(),
      pending: z.number().int(),
    }),
  ),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZNoticeListInput = z
  .object({
    channel: ZNoticeChannel.optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .default({});
export type TNoticeListInput = z.infer<typeof ZNoticeListInput>;

export const ZFailedNotice = z.object({
  id: z.number().int(),
  channel: ZNoticeChannel,
  event: z.string(),
  /** `failed`: given up after repeated errors; `dropped`: stale or the device is gone. */
  outcome: z.enum(['failed', 'dropped']),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  match_id: z.number().int().nullable(),
  created_at: z.string(),
  failed_at: z.string(),
  /** Seconds since it was given up. */
  age_seconds: z.number().int(),
});
export type TFailedNotice = z.infer<typeof ZFailedNotice>;

export const ZChannelHealth = z.object({
  channel: ZNoticeChannel,
  last_success_at: z.string().nullable(),
  /** Given up or dropped in the last 24 hours. */
  failures_24h: z.number().int(),
  /** Waiting to be sent now, retries included. */
  pending: z.number().int(),
  /** Of those, the ones whose last try failed (being retried with backoff). */
  retrying: z.number().int(),
});

export const ZNoticeOverview = z.object({
  notices: z.array(ZFailedNotice),
  /** How many failed or dropped notices exist in all (the list shows the newest). */
  total: z.number().int(),
  health: z.array(ZChannelHealth),
});
export type TNoticeOverview = z.infer<typeof ZNoticeOverview>;

export const ZRetryNoticeInput = z.object({ id: z.number().int().positive() });
export const ZRetryAllInput = z.object({ channel: ZNoticeChannel.optional() }).default({});
export const ZRetryResult = z.object({ retried: z.number().int(), message: z.string() });
export type TRetryResult = z.infer<typeof ZRetryResult>;
