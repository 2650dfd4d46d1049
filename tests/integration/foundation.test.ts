import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels, matches, places, settings, users } from '../../db/schema';
import { seedDefaults } from '../../db/seed';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The root cause of a driver error (drizzle wraps the driver's error in `cause`). */
const rootMessage = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    let err = e as Error;
    while (err.cause instanceof Error) err = err.cause;
    return err.message;
  }
  return 'no error';
};

async function insertMatch(slots: number, missing: number) {
  const [u] = await t.db.db
    .insert(users)
    .values({ name: 'Owner', phone: `+3361${Math.floor(Math.random() * 1e7)}`, pinHash: 'x' })
    .returning();
  const [p] = await t.db.db
    .insert(places)
    .values({ name: 'Club', address: '1 rue', city: 'Paris' })
    .returning();
  return t.db.db
    .insert(matches)
    .values({
      placeId: p!.id,
      date: '2030-01-01',
      time: '10:00',
      levels: ['Niveau 1'],
      slots,
      missingPlayers: missing,
      createdBy: u!.id,
    })
    .returning();
}

describe('health and public catalogue', () => {
  it('reports a healthy database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('serves the default settings over REST and tRPC alike', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json()).toEqual({ max_places: 3, max_levels_selection: 3, months_ahead: 1 });
    expect(await t.caller().settings.get()).toEqual(res.json());
  });

  it('lists the eight default levels in order with the spec labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/levels' });
    const body = res.json<{ niveau: string; label: string; ordre: number; couleur: string }[]>();
    expect(body.map((l) => l.niveau)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Niveau ${n}`));
    expect(body.map((l) => l.label)).toEqual([
      'Découverte',
      'Initié',
      'Intermédiaire bas',
      'Intermédiaire confirmé',
      'Intermédiaire avancé',
      'Joueur avancé',
      'Compétiteur',
      'Expert',
    ]);
    expect(new Set(body.map((l) => l.couleur)).size).toBe(8);
    expect(await t.caller().levels.list()).toEqual(body);
  });

  it('lists only active places', async () => {
    await t.db.db.insert(places).values([
      { name: 'Actif', address: '2 rue', city: 'Lyon' },
      { name: 'Fermé', address: '3 rue', city: 'Lyon', isActive: false },
    ]);
    const names = (await t.app.inject({ method: 'GET', url: '/api/places' }))
      .json<{ name: string }[]>()
      .map((p) => p.name);
    expect(names).toContain('Actif');
    expect(names).not.toContain('Fermé');
  });

  it('answers unknown API paths with a French 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Ressource introuvable.' });
  });

  it('refuses form-encoded mutations (CSRF) with a French message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.get',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: string }>().error).toMatch(/JSON/);
  });
});

describe('seeding', () => {
  it('is idempotent and keeps an admin’s deletions', async () => {
    await seedDefaults(t.db.db);
    await seedDefaults(t.db.db);
    expect(await t.db.db.$count(levels)).toBe(8);
    expect(await t.db.db.$count(settings)).toBe(3);
    await t.db.db.delete(levels).where(eq(levels.niveau, 'Niveau 8'));
    await seedDefaults(t.db.db);
    expect(await t.db.db.$count(levels)).toBe(7);
  });
});

describe('database constraints', () => {
  it('refuses missing_players below 0', async () => {
    const [m] = await insertMatch(3, 0);
    const msg = await rootMessage(
      t.db.db
        .update(matches)
        .set({ missingPlayers: sql`${matches.missingPlayers} - 1` })
        .where(eq(matches.id, m!.id)),
    );
    expect(msg).toMatch(/matches_missing_players_range/);
    const [after] = await t.db.db.select().from(matches).where(eq(matches.id, m!.id));
    expect(after!.missingPlayers).toBe(0);
  });

  it('refuses missing_players above slots', async () => {
    expect(await rootMessage(insertMatch(2, 3))).toMatch(/matches_missing_players_range/);
  });

  it('refuses a level ordre outside 1–20', async () => {
    expect(
      await rootMessage(
        t.db.db.insert(levels).values({ niveau: 'Niveau 99', label: 'x', ordre: 21 }),
      ),
    ).toMatch(/levels_ordre_range/);
  });

  it('refuses two accounts with the same e-mail in another case, or the same phone', async () => {
    await t.db.db
      .insert(users)
      .values({ name: 'A', email: 'Jo@Example.fr', phone: '+33600000001', pinHash: 'x' });
    expect(
      await rootMessage(
        t.db.db
          .insert(users)
          .values({ name: 'B', email: 'jo@example.FR', phone: '+33600000002', pinHash: 'x' }),
      ),
    ).toMatch(/users_email_lower_key/);
    expect(
      await rootMessage(
        t.db.db
          .insert(users)
          .values({ name: 'C', email: 'c@example.fr', phone: '+33600000001', pinHash: 'x' }),
      ),
    ).toMatch(/users_phone_key/);
  });

  it('refuses a match at an unknown place', async () => {
    const [u] = await t.db.db
      .insert(users)
      .values({ name: 'D', phone: '+33600000009', pinHash: 'x' })
      .returning();
    const msg = await rootMessage(
      t.db.db.insert(matches).values({
        placeId: 999999,
        date: '2030-01-01',
        time: '10:00',
        levels: [],
        slots: 1,
        missingPlayers: 1,
        createdBy: u!.id,
      }),
    );
    expect(msg).toMatch(/foreign key/);
  });
});
