import { sql } from 'drizzle-orm';
import { addDays } from '../common/schedule';
import { rowsOf, type Db } from '../db/client';

export interface BenchSeed {
  userIds: number[];
  placeIds: number[];
  matches: number;
}

export interface SeedOptions {
  today: string;
  matches: number;
  users?: number;
  places?: number;
  /**
   * How many matches lie ahead (the rest are in the last ~3 years). Unset: matches spread from
   * 60 days ago to ~300 days ahead over every slot, so most are upcoming.
   */
  upcoming?: number;
  /** `pin_hash` of every player (default: not a hash; nobody can log in). */
  pinHash?: string;
}

/**
 * Fills a fresh database fast with generate_series (no ORM loop): `users` players, `places`
 * places and `matches` matches over every slot, and as many participant rows as taken places
 * (3 to 5 slots, 0 to 2 free: 3 participants on average). User ids of one insert are contiguous,
 * so creators and participants are picked by arithmetic rather than by searching an array. Ends
 * with ANALYZE so the planner sees the real sizes.
 */
export async function seedBenchData(db: Db, o: SeedOptions): Promise<BenchSeed> {
  const nUsers = o.users ?? 500;
  const nPlaces = o.places ?? 20;
  const userIds = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (name, email, phone, level, pin_hash)
      select 'Joueur ' || g, 'bench' || g || '@example.fr', '+3360' || lpad(g::text, 8, '0'), 'Niveau ' || (1 + g % 8), ${o.pinHash ?? 'not-a-hash'}
        from generate_series(1, ${nUsers}) g
      returning id`),
  ).map((r) => r.id);
  const placeIds = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into places (name, address, city)
      select 'Club ' || g, g || ' rue du Padel', (array['Paris','Lyon','Nice','Lille','Nantes'])[1 + g % 5]
        from generate_series(1, ${nPlaces}) g
      returning id`),
  ).map((r) => r.id);
  const firstUser = Math.min(...userIds);
  const firstPlace = Math.min(...placeIds);
  // Upcoming matches fill the next days slot by slot; past ones go back one day per 30 matches.
  const date =
    o.upcoming === undefined
      ? sql`${addDays(o.today, -60)}::date + (g % 360)`
      : sql`case when g < ${o.upcoming} then ${addDays(o.today, 1)}::date + (g / 30) else ${addDays(o.today, -1)}::date - ((g - ${o.upcoming}) / 30) end`;
  await db.execute(sql`
    insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
    select ${firstPlace} + g % ${nPlaces},
           ${date},
           time '07:00' + ((g * 7) % 30) * interval '30 minutes',
           jsonb_build_array('Niveau ' || (1 + (g + g / 20) % 8), 'Niveau ' || (1 + (g + g / 20 + 1) % 8)),
           3 + g % 3,
           (g / 7) % 3,
           ${firstUser} + g % ${nUsers}
      from generate_series(0, ${o.matches - 1}) g`);
  await db.execute(sql`
    insert into match_participants (match_id, user_id)
    select m.id, ${firstUser} + (m.created_by - ${firstUser} + k) % ${nUsers}
      from matches m, generate_series(1, 5) k
     where k <= m.slots - m.missing_players`);
  await db.execute(sql`analyze`);
  return { userIds, placeIds, matches: o.matches };
}

/** EXPLAIN (ANALYZE) of a query builder or SQL, as plan lines. */
export async function explain(
  db: Db,
  query: { getSQL(): ReturnType<typeof sql> },
): Promise<string[]> {
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`),
  );
  return rows.map((r) => Object.values(r)[0] ?? '');
}

/** Whether a plan reads matches through the (date, time, id) index rather than scanning the table. */
export const usesUpcomingIndex = (plan: string[]) =>
  plan.some((l) => /Index (Only )?Scan.*matches_upcoming_idx/.test(l)) &&
  !plan.some((l) => /Seq Scan on matches/.test(l));
