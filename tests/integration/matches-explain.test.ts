import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts } from '../../common/schedule';
import { rowsOf } from '../../db/client';
import { encodeCursor, listMatchesQuery } from '../../server/services/matches/queries';
import { explain, seedBenchData, usesUpcomingIndex } from '../../bench/seed';
import type { TListMatchesInput } from '../../common/schemas/matches';
import { createTestContext, type TestContext } from '../support/app';

// Runs on both drivers: PGlite is PostgreSQL 18 in WASM with the same planner, so the plan is
// real there too (seeding takes longer). Timing is the benchmark's job (`npm run bench`), not this.
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
const local = localParts(new Date(NOW), 'Europe/Paris');

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedBenchData(t.db.db, { today: local.date, matches: 100_000 });
}, 180_000);
afterAll(() => t.close());

/**
 * The plan without its SubPlans: each card aggregates its players in a subquery, and PostgreSQL 16+
 * sorts those few rows (joining order) under the aggregate; that is not a Sort of the matches.
 */
function outsideSubPlans(plan: string[]): string[] {
  const out: string[] = [];
  let depth = -1;
  for (const line of plan) {
    const indent = line.length - line.trimStart().length;
    if (depth >= 0 && indent > depth) continue;
    depth = /^\s*SubPlan\b/.test(line) ? indent : -1;
    if (depth < 0) out.push(line);
  }
  return out;
}

describe('listing 100,000 matches', () => {
  it('reads the first page through matches_upcoming_idx, touching about one page of rows', async () => {
    const plan = await explain(t.db.db, listMatchesQuery(t.db.db, local, { limit: 20 }));
    console.log(`[explain] first page (${t.db.kind}):\n${plan.join('\n')}`);
    expect(usesUpcomingIndex(plan)).toBe(true);
    const scan = plan.find((l) => l.includes('matches_upcoming_idx'))!;
    expect(plan[plan.indexOf(scan)]).toMatch(/actual rows=21\b/);
  });

  it('reads a deep keyset page the same way', async () => {
    const page = await t.caller().matches.list({ limit: 100 });
    expect(page.items).toHaveLength(100);
    const [deep] = rowsOf<{ date: string; time: string; id: number }>(
      await t.db.db.execute(
        sql`select date::text, time::text, id from matches where (date, time) >= (${local.date}::date, ${local.time}::time) order by date, time, id offset 60000 limit 1`,
      ),
    );
    const cursor = encodeCursor(deep!);
    const plan = await explain(t.db.db, listMatchesQuery(t.db.db, local, { limit: 20, cursor }));
    console.log(`[explain] deep page (${t.db.kind}):\n${plan.join('\n')}`);
    expect(usesUpcomingIndex(plan)).toBe(true);
    const next = await t.caller().matches.list({ limit: 20, cursor });
    expect(next.items).toHaveLength(20);
    expect(next.items[0]!.id).not.toBe(deep!.id);
  });

  // Each filter and order the find screen offers. Whatever the planner picks, it must read an index
  // in the list's order (no Seq Scan, no Sort of the matching rows) and touch about a page of rows.
  const cases: [string, TListMatchesInput, RegExp, number?][] = [
    ['free places only', { available: true }, /matches_open_idx/],
    ['order=need', { order: 'need' }, /matches_need_idx/],
    ['order=need + level', { order: 'need', level: 'Niveau 3' }, /matches_need_idx/],
    ['a place', { placeId: 3 }, /matches_place_idx|matches_upcoming_idx/],
    // A city is a property of the place: the walk keeps matches whose place is in that city, so it
    // reads about a page divided by the city's share of the upcoming matches (bounded, not a scan).
    ['a city', { city: 'lyon' }, /matches_upcoming_idx|matches_place_idx/, 2_500],
    ['a level', { level: 'Niveau 5' }, /matches_upcoming_idx/],
    [
      'a date range',
      { from: '2026-08-01', to: '2026-08-07' },
      /matches_upcoming_idx|matches_open_idx/,
    ],
    [
      'everything',
      { city: 'Paris', level: 'Niveau 2', available: true, from: '2026-07-01', to: '2026-12-31' },
      /matches_/,
    ],
  ];
  for (const [name, filters, index, maxRows = 1_000] of cases) {
    it(`serves "${name}" from an index, in order`, async () => {
      const plan = await explain(
        t.db.db,
        listMatchesQuery(t.db.db, local, { ...filters, limit: 20 }),
      );
      console.log(`[explain] ${name} (${t.db.kind}):\n${plan.join('\n')}`);
      expect(plan.some((l) => /Seq Scan on matches/.test(l))).toBe(false);
      expect(outsideSubPlans(plan).some((l) => /^\s*(->\s*)?(Incremental )?Sort\b/.test(l))).toBe(
        false,
      );
      // Each card's players come from the participants index, a few rows per match.
      expect(plan.some((l) => /Seq Scan on match_participants/.test(l))).toBe(false);
      const scan = plan.find((l) => index.test(l) && / on matches /.test(l));
      expect(scan).toBeDefined();
      // About a page of rows, not the tens of thousands that match: the walk stops at 21 kept.
      expect(Number(/actual rows=(\d+)/.exec(scan!)?.[1])).toBeLessThan(maxRows);
      const page = await t.caller().matches.list({ ...filters, limit: 20 });
      expect(page.items.length).toBeGreaterThan(0);
    });
  }
});
