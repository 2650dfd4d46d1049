import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, zonedInstant } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import {
  dashboardActiveWeeks,
  dashboardWeeksDone,
  matchParticipants,
  matches,
} from '../../../db/schema';

/** Monday of the week of a calendar day ("YYYY-MM-DD"). */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** One local week of the period, clipped to it: [start, end) as instants. */
export interface WeekSlice {
  week: string;
  start: Date;
  end: Date;
  /** The whole week lies inside the period and is over: its activity can be materialised. */
  closed: boolean;
}

/** The period's weeks (Monday first, local time), each clipped to the period. */
export function weekSlices(from: string, to: string, today: string, tz: string): WeekSlice[] {
  const start = zonedInstant(from, '00:00', tz);
  const end = zonedInstant(addDays(to, 1), '00:00', tz);
  const thisWeek = mondayOf(today);
  const out: WeekSlice[] = [];
  for (let w = mondayOf(from); w <= to; w = addDays(w, 7)) {
    const ws = zonedInstant(w, '00:00', tz);
    const we = zonedInstant(addDays(w, 7), '00:00', tz);
    out.push({
      week: w,
      start: ws < start ? start : ws,
      end: we > end ? end : we,
      closed: w >= from && addDays(w, 6) <= to && w < thisWeek,
    });
  }
  return out;
}

/**
 * The 1-based index of the slice an instant falls in (`width_bucket` over the slices' starts): a
 * binary search per row, instead of a time-zone conversion and a text key per row.
 */
export const sliceOf = (instant: SQL | AnyPgColumn, slices: WeekSlice[]) =>
  sql<number>`width_bucket(${instant}, array[${sql.join(
    slices.map((s) => sql`${s.start.toISOString()}::timestamptz`),
    sql`, `,
  )}])`.mapWith(Number);

/** Who created or joined a match in [start, end), at one place or anywhere. */
function activity(db: DbOrTx, start: Date, end: Date, placeId: number | null, fromDay?: string) {
  const atPlace = placeId === null ? undefined : eq(matches.placeId, placeId);
  const joined = and(gte(matchParticipants.joinedAt, start), lt(matchParticipants.joinedAt, end));
  const joins = () =>
    db
      .select({
        at: sql<Date>`${matchParticipants.joinedAt}`.as('at'),
        who: sql<number>`${matchParticipants.userId}`.as('who'),
      })
      .from(matchParticipants);
  return db
    .select({
      at: sql<Date>`${matches.createdAt}`.as('at'),
      who: sql<number>`${matches.createdBy}`.as('who'),
    })
    .from(matches)
    .where(and(gte(matches.createdAt, start), lt(matches.createdAt, end), atPlace))
    .unionAll(
      placeId === null
        ? joins().where(joined)
        : joins()
            .innerJoin(matches, eq(matches.id, matchParticipants.matchId))
            // A player joins only a match still to come, so its day is on or after the join's:
            // the place's matches from the period's first day on (a day's margin for dates
            // written near midnight; matches_place_idx) bound the search, instead of every join
            // of the period.
            .where(
              and(
                joined,
                eq(matches.placeId, placeId),
                fromDay ? gte(matches.date, addDays(fromDay, -1)) : undefined,
              ),
            ),
    )
    .as('activity');
}

/** Distinct active players per slice of contiguous slices, counted from the raw rows. */
async function countLive(
  db: DbOrTx,
  slices: WeekSlice[],
  placeId: number | null,
  fromDay?: string,
) {
  if (slices.length === 0) return new Map<string, number>();
  const start = slices[0]!.start;
  const end = slices[slices.length - 1]!.end;
  const a = activity(db, start, end, placeId, fromDay);
  const pairs = db
    .selectDistinct({ b: sliceOf(sql`${a.at}`, slices).as('b'), who: sql`${a.who}`.as('who') })
    .from(a)
    .as('pairs');
  const rows = await db
    .select({ b: pairs.b, n: sql<number>`count(*)`.mapWith(Number) })
    .from(pairs)
    .groupBy(pairs.b);
  // Slices not asked for (gaps between them) fall in buckets of their own and are ignored.
  return new Map(
    rows.flatMap((r) => {
      const s = slices[r.b - 1];
      return s ? [[s.week, r.n] as const] : [];
    }),
  );
}

/**
 * Active players per week: closed weeks from `dashboard_active_weeks` (materialised on first use,
 * idempotently, so instances racing on it insert each row once), the others (the current week, a
 * period's partial first or last week, any week at one place) from the raw rows.
 */
export async function activePlayersPerWeek(
  db: DbOrTx,
  slices: WeekSlice[],
  placeId: number | null,
  tz: string,
  /** The period's first local day. */
  fromDay: string,
): Promise<Map<string, number>> {
  if (placeId !== null) return countLive(db, slices, placeId, fromDay);
  const closed = slices.filter((s) => s.closed);
  const open = slices.filter((s) => !s.closed);
  await materialiseWeeks(db, closed, tz);
  const [stored, live] = await Promise.all([
    closed.length === 0
      ? []
      : db
          .select({ week: dashboardActiveWeeks.week, n: sql<number>`count(*)`.mapWith(Number) })
          .from(dashboardActiveWeeks)
          .where(
            and(
              eq(dashboardActiveWeeks.timeZone, tz),
              inArray(
                dashboardActiveWeeks.week,
                closed.map((s) => s.week),
              ),
            ),
          )
          .groupBy(dashboardActiveWeeks.week),
    // Each open week alone: they need not be contiguous (a partial first week, the current one).
    Promise.all(open.map((s) => countLive(db, [s], null))),
  ]);
  const out = new Map(live.flatMap((m) => [...m]));
  for (const r of stored) out.set(r.week, r.n);
  return out;
}

/**
 * Stores the active players of closed weeks not stored yet. Idempotent (`on conflict do nothing`
 * on both tables), so instances racing on it insert each row once; a crash between the two
 * inserts only redoes the first.
 */
async function materialiseWeeks(db: DbOrTx, closed: WeekSlice[], tz: string) {
  if (closed.length === 0) return;
  const done = new Set(
    (
      await db
        .select({ week: dashboardWeeksDone.week })
        .from(dashboardWeeksDone)
        .where(
          and(
            eq(dashboardWeeksDone.timeZone, tz),
            inArray(
              dashboardWeeksDone.week,
              closed.map((s) => s.week),
            ),
          ),
        )
    ).map((r) => r.week),
  );
  for (const s of closed.filter((c) => !done.has(c.week))) {
    const a = activity(db, s.start, s.end, null);
    await db
      .insert(dashboardActiveWeeks)
      .select(
        db
          .selectDistinct({
            timeZone: sql<string>`${tz}::text`.as('time_zone'),
            week: sql<string>`${s.week}::date`.as('week'),
            userId: sql<number>`${a.who}`.as('user_id'),
          })
          .from(a),
      )
      .onConflictDoNothing();
    await db
      .insert(dashboardWeeksDone)
      .values({ timeZone: tz, week: s.week })
      .onConflictDoNothing();
  }
}

/**
 * Materialises the closed weeks the default dashboard shows (the last 12), in the background job
 * of every instance (`startRetentionJob`), so no admin waits for it; a week closes once a week.
 */
export async function materialiseRecentWeeks(db: DbOrTx, today: string, tz: string) {
  const from = addDays(mondayOf(today), -7 * 11);
  await materialiseWeeks(
    db,
    weekSlices(from, addDays(mondayOf(today), -1), today, tz).filter((s) => s.closed),
    tz,
  );
}
