import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { joinMatch } from '../server/services/matches/participation';
import { createTestContext } from '../tests/support/app';
import { createPlace } from '../tests/integration/matches-support';

const t = await createTestContext({ now: '2026-06-10T08:00:00Z' });
const N = 2000;
const users = rowsOf<{ id: number; name: string }>(
  await t.db.db.execute(sql`insert into users (name, email, phone, level, pin_hash)
    select 'J ' || g, 'j' || g || '@x.fr', '+3361' || lpad(g::text, 7, '0'), 'Niveau 3', 'x' from generate_series(1, ${N + 1}) g returning id, name`),
);
const place = await createPlace(t);
const creator = users[0]!.id;
const ids = rowsOf<{ id: number }>(
  await t.db.db.execute(sql`insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
    select ${place.id}, '2026-06-20', '18:00', '["Niveau 3"]'::jsonb, 10, 10, ${creator} from generate_series(1, 400) returning id`),
).map((r) => r.id);
const actor = (i: number) => ({ id: users[i + 1]!.id, name: users[i + 1]!.name, email: null, phone: '', level: null, isAdmin: false, sessionId: 0 });
async function run(offset: number) {
  let k = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      for (;;) {
        const i = k++;
        if (i >= N) return;
        await joinMatch(t.deps, actor(i), ids[offset + (i % 200)]!).catch(() => {});
      }
    }),
  );
  return N / ((performance.now() - t0) / 1000);
}
console.log('warm', (await run(0)).toFixed(0), '/s');
console.log('joins', (await run(200)).toFixed(0), '/s');
await t.close();
