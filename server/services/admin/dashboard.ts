import { and, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { matches, outbox, places, users } from '../../../db/schema';
import { addDays, localParts, zonedInstant } from '../../../common/schedule';
import {
  DASHBOARD_DEFAULT_WEEKS,
  NOTICE_CHANNELS,
  type TDashboard,
  type TDashboardInput,
} from '../../../common/schemas/dashboard';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import type { SessionUser } from '../../lib/auth';
import { activePlayersPerWeek, mondayOf, sliceOf, weekSlices } from './dashboard-weeks';
import { isDropped, isEnded } from './notice-outcome';

export { mondayOf };

const count = (expr: SQL | AnyPgColumn = sql`*`) => sql<number>`count(${expr})`.mapWith(Number);

/** What the dashboard needs: the database, the clock and the app's zone. */
export type DashboardDeps = Pick<Deps, 'db' | 'clock'> & { env: Pick<Env, 'APP_TIMEZONE'> };

/** The period asked for, or the last 12 weeks (this one included) in the app's zone; and today. */
export function dashboardPeriod(
  deps: Pick<DashboardDeps, 'clock' | 'env'>,
  input: TDashboardInput,
): { from: string; to: string; today: string } {
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  const to = input.to ?? today;
  const from = input.from ?? mondayOf(addDays(to, -7 * (DASHBOARD_DEFAULT_WEEKS - 1)));
  return { from, to, today };
}

/**
 * The admin dashboard: how many matches are created and filled (per week, fill rate, median time
 * to fill), where and when matches are played, active players and sign-ups per week, and the
 * notices' outcomes per channel, over a period of local days and optionally one place.
 *
 * Every figure is one aggregate statement read from an index made for it (index-only scans of
 * `matches_created_stats_idx`, `matches_played_stats_idx`, `match_participants_joined_idx`,
 * `users_created_idx`, `outbox_created_stats_idx`), so the cost follows the rows of the period,
 * not the table's size; rows go to their week by `width_bucket` over the weeks' starts. Distinct
 * active players, the one figure a scan cannot count cheaply, are materialised per closed week
 * (`dashboard-weeks.ts`). The statements run at once, each on its own pooled connection on
 * PostgreSQL: under 300 ms for 12 weeks with 1,000,000 matches (`bench/dashboard.ts`). Weeks start
 * on Monday, local time.
 */
export async function getDashboard(
  deps: DashboardDeps,
  _actor: SessionUser,
  input: TDashboardInput,
): Promise<TDashboard> {
  const { db } = deps;
  const tz = deps.env.APP_TIMEZONE;
  const { from, to, today } = dashboardPeriod(deps, input);
  const slices = weekSlices(from, to, today, tz);
  const start = slices[0]?.start ?? zonedInstant(from, '00:00', tz);
  const end = slices[slices.length - 1]?.end ?? zonedInstant(addDays(to, 1), '00:00', tz);
  const placeId = input.place_id ?? null;
  const atPlace = placeId === null ? undefined : eq(matches.placeId, placeId);
  const created = and(gte(matches.createdAt, start), lt(matches.createdAt, end), atPlace);
  const played = and(gte(matches.date, from), lte(matches.date, to), atPlace);

  const [byWeek, [median], active, signupRows, placeRows, slotRows, noticeRows] = await Promise.all(
    [
      db
        .select({
          b: sliceOf(matches.createdAt, slices),
          created: count(),
          filled: count(matches.filledAt),
        })
        .from(matches)
        .where(created)
        .groupBy(sql`1`),
      db
        .select({
          seconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${matches.filledAt} - ${matches.createdAt}))`.mapWith(
            (v: unknown) => (v === null ? null : Math.round(Number(v))),
          ),
        })
        .from(matches)
        .where(and(created, isNotNull(matches.filledAt))),
      activePlayersPerWeek(db, slices, placeId, tz, from),
      db
        .select({ b: sliceOf(users.createdAt, slices), n: count() })
        .from(users)
        // A sign-up is a player's: the service accounts API keys act as are not.
        .where(
          and(gte(users.createdAt, start), lt(users.createdAt, end), eq(users.isService, false)),
        )
        .groupBy(sql`1`),
      db
        .select({ place_id: matches.placeId, name: places.name, matches: count() })
        .from(matches)
        .innerJoin(places, eq(places.id, matches.placeId))
        .where(played)
        .groupBy(matches.placeId, places.name)
        .orderBy(desc(count()), matches.placeId)
        .limit(10),
      // Per (day, start time) from the index; folded into day of week × hour below (a few
      // thousand groups at most), cheaper than date arithmetic on every row.
      db
        .select({ date: matches.date, time: matches.time, n: count() })
        .from(matches)
        .where(played)
        .groupBy(matches.date, matches.time),
      db
        .select({
          channel: outbox.channel,
          sent: count(sql`case when ${outbox.sentAt} is not null then 1 end`),
          failed: count(sql`case when ${isEnded} and not ${isDropped} then 1 end`),
          dropped: count(sql`case when ${isEnded} and ${isDropped} then 1 end`),
          pending: count(
            sql`case when ${outbox.sentAt} is null and ${outbox.failedAt} is null then 1 end`,
          ),
        })
        .from(outbox)
        .where(
          and(
            gte(outbox.createdAt, start),
            lt(outbox.createdAt, end),
            inArray(outbox.channel, [...NOTICE_CHANNELS]),
          ),
        )
        .groupBy(outbox.channel),
    ],
  );

  const heat = new Map<string, number>();
  for (const r of slotRows) {
    const dow = ((new Date(`${r.date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1; // ISO: 1 = lundi
    const key = `${dow}|${Number(r.time.slice(0, 2))}`;
    heat.set(key, (heat.get(key) ?? 0) + r.n);
  }
  const weeks = slices.map((s, i) => {
    const c = byWeek.find((r) => r.b === i + 1);
    return {
      week: s.week,
      created: c?.created ?? 0,
      filled: c?.filled ?? 0,
      active_players: active.get(s.week) ?? 0,
      signups: signupRows.find((r) => r.b === i + 1)?.n ?? 0,
    };
  });
  const createdTotal = weeks.reduce((sum, w) => sum + w.created, 0);
  const filledTotal = weeks.reduce((sum, w) => sum + w.filled, 0);
  return {
    from,
    to,
    place_id: placeId,
    totals: {
      created: createdTotal,
      filled: filledTotal,
      fill_rate: createdTotal === 0 ? null : filledTotal / createdTotal,
      median_fill_seconds: median?.seconds ?? null,
      signups: weeks.reduce((sum, w) => sum + w.signups, 0),
    },
    weeks,
    places: placeRows,
    heatmap: [...heat]
      .map(([key, matches]) => {
        const [dow, hour] = key.split('|').map(Number);
        return { dow: dow ?? 0, hour: hour ?? 0, matches };
      })
      .sort((a, b) => a.dow - b.dow || a.hour - b.hour),
    notices: NOTICE_CHANNELS.map((channel) => {
      const r = noticeRows.find((n) => n.channel === channel);
      return {
        channel,
        sent: r?.sent ?? 0,
        failed: r?.failed ?? 0,
        dropped: r?.dropped ?? 0,
        pending: r?.pending ?? 0,
      };
    }),
  };
}
