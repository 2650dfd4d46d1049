import { sql } from 'drizzle-orm';
import { addDays } from '../common/schedule';
import { rowsOf, type Db } from '../db/client';

export interface BenchSeed {
  userIds: number[];
  placeIds: number[];
  matches: number;
}

/**
 * Fills a fresh database fast with generate_series: `users` players, `places` places, `matches`
 * matches spread from 60 days ago to ~300 days ahead over every slot (so the upcoming filter has
 * past rows to skip), 1–3 slots, and as many participant rows as taken places. Ends with ANALYZE
 * so the planner sees the real sizes.
 */
export async function seedBenchData(db: Db, o: { today: string; matches: number; users?: number; places?: number }): Promise<BenchSeed> {
  const nUsers = o.users ?? 500;
  const nPlaces = o.places ?? 20;
  const start = addDays(o.today, -60);
  await db.execute(sql`
    insert into users (name, email, phone, level, pin_hash)
    select 'Joueur ' || g, 'bench' || g || '@example.fr', '+3360' || lpad(g::text, 8, '0'), 'Niveau ' || (1 + g % 8), 'not-a-hash'
      from generate_series(1, ${nUsers}) g`);
  await db.execute(sql`
    insert into places (name, address, city)
    select 'Club ' || g, g || ' rue du Padel', (array['Paris','Lyon','Nice','Lille','Nantes'])[1 + g % 5]
      from generate_series(1, ${nPlaces}) g`);
  const userIds = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id`)).map((r) => r.id);
  const placeIds = rowsOf<{ id: number }>(await db.execute(sql`select id from places order by id`)).map((r) => r.id);
  await db.execute(sql`
    with u as (select array_agg(id order by id) a from users), p as (select array_agg(id order by id) a from places)
    insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
    select p.a[1 + g % array_length(p.a, 1)],
           ${start}::date + (g % 360),
           time '07:00' + ((g / 360) % 30) * interval '30 minutes',
           jsonb_build_array('Niveau ' || (1 + (g + g / 20) % 8), 'Niveau ' || (1 + (g + g / 20 + 1) % 8)),
           1 + g % 3,
           (1 + g % 3) - (g / 7) % (2 + g % 3),
           u.a[1 + g % array_length(u.a, 1)]
      from generate_series(0, ${o.matches - 1}) g, u, p`);
  await db.execute(sql`
    with u as (select array_agg(id order by id) a, count(*)::int n from users)
    insert into match_participants (match_id, user_id)
    select m.id, u.a[1 + (array_position(u.a, m.created_by) - 1 + k) % u.n]
      from matches m, u, generate_series(1, 3) k
     where k <= m.slots - m.missing_players`);
  await db.execute(sql`analyze`);
  return { userIds, placeIds, matches: o.matches };
}

/** EXPLAIN (ANALYZE) of a query builder or SQL, as plan lines. */
export async function explain(db: Db, query: { getSQL(): ReturnType<typeof sql> }): Promise<string[]> {
  const rows = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`));
  return rows.map((r) => Object.values(r)[0] ?? '');
}

/** Whether a plan reads matches through the (date, time, id) index rather than scanning the table. */
export const usesUpcomingIndex = (plan: string[]) =>
  plan.some((l) => /Index (Only )?Scan.*matches_upcoming_idx/.test(l)) && !plan.some((l) => /Seq Scan on matches/.test(l));
