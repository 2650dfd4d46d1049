import { date, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdColumn } from './users';

/**
 * The admin dashboard's materialised part: who was active (created or joined a match) in each
 * closed local week. Counting distinct players over raw joins costs ~0.5 s for 12 weeks at
 * 1,000,000 matches; a closed week never gains activity (rows are stamped `now()` when written),
 * so each is materialised once, on first use, and read back by its primary key. Keyed by the
 * zone the week was cut in. Rows go with an erased account (cascade).
 */
export const dashboardActiveWeeks = pgTable(
  'dashboard_active_weeks',
  {
    timeZone: text().notNull(),
    /** Monday of the local week. */
    week: date({ mode: 'string' }).notNull(),
    userId: userIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.week, t.userId] })],
);

/** Which closed weeks `dashboard_active_weeks` holds (a week with nobody active has no row there). */
export const dashboardWeeksDone = pgTable(
  'dashboard_weeks_done',
  {
    timeZone: text().notNull(),
    week: date({ mode: 'string' }).notNull(),
    doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.week] })],
);
