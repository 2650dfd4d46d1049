import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_PIN } from '../../server/cli/demo';
import { matches, users } from '../../db/schema';
import { verifyPin } from '../../server/lib/pin-hash';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('demo data (npm run db:seed -- --demo)', () => {
  it('adds places, eight players with the printed PIN and upcoming matches (one full), once', async () => {
    const out = await seedDemo(t.db.db, t.deps.env);
    expect(out).toContain(`PIN ${DEMO_PIN}`);
    expect(out).toContain('camille@demo.padel-match.fr');
    const again = await seedDemo(t.db.db, t.deps.env);
    expect(again).toContain('matches already present');

    const players = await t.db.db.select().from(users);
    expect(players).toHaveLength(8);
    expect(await verifyPin(players[0]!.pinHash, DEMO_PIN, t.deps.secrets.pinPepper)).toBe(true);
    expect(await t.db.db.$count(matches)).toBe(6);

    const listed = (await t.caller().matches.list()).items;
    expect(listed).toHaveLength(6);
    expect(listed.filter((m) => m.missing_players === 0)).toHaveLength(1);
    expect(listed.filter((m) => m.participants.length > 0).length).toBeGreaterThanOrEqual(3);
    for (const m of listed) expect(m.missing_players).toBe(m.slots - m.participants.length);
  });

  it('refuses to run in production', async () => {
    await expect(seedDemo(t.db.db, { ...t.deps.env, NODE_ENV: 'production' })).rejects.toThrow(
      /production/,
    );
  });
});
