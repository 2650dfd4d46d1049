import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerRatings } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { createPlace, insertFullMatch } from './matches-support';

/** Ratings of players who stopped playing grow less certain (issue 43): a comeback moves faster. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-10T12:00:00Z' });
});
afterAll(() => t.close());

it('of two partners rated alike, the one idle for a year gains more from the same win', async () => {
  const placeId = (await createPlace(t, { name: 'Padel Club Retour' })).id;
  const [back, regular, c, d] = await Promise.all(
    ['Retour', 'Habitue', 'Adverse', 'Autre'].map((n) => createUser(t.deps, { name: `${n} Test` })),
  );
  const start = { rating: 1500, rd: 80, vol: 0.06 };
  await t.db.db.insert(playerRatings).values([
    { userId: back!.id, ...start, updatedAt: sql`now() - interval '365 days'` },
    { userId: regular!.id, ...start },
  ]);
  const id = await insertFullMatch(t, {
    placeId,
    createdBy: back!.id,
    players: [regular!, c!, d!],
    date: '2026-06-09',
    time: '10:00',
    kind: 'competitif',
  });
  await t.caller(back).results.enter({
    id,
    teams: [
      [back!.id, regular!.id],
      [c!.id, d!.id],
    ],
    sets: [
      [6, 2],
      [6, 3],
    ],
  });
  await t.caller(c).results.confirm({ id });
  const after = async (userId: number) =>
    (await t.db.db.select().from(playerRatings).where(eq(playerRatings.userId, userId)))[0]!;
  const gainBack = (await after(back!.id)).rating - start.rating;
  const gainRegular = (await after(regular!.id)).rating - start.rating;
  expect(gainRegular).toBeGreaterThan(0);
  expect(gainBack).toBeGreaterThan(gainRegular);
});
