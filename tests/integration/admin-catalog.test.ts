import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { auditLog, levels, matches, places, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { insertMatch, trpcError } from './matches-support';

/** Places, levels, general settings and the audit trail, over tRPC and REST, with the spec's form rules. */

// 10:00 UTC = 12:00 in Paris.
const NOW = '2030-06-15T10:00:00Z';
let t: TestContext;
let admin: TestUser;
let player: TestUser;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  admin = await createAdmin(t.deps, { name: 'Alice Admin' });
  player = await createUser(t.deps, { level: 'Niveau 3' });
});
afterAll(() => t.close());

const A = MSG.admin;
const as = () => t.caller(admin);
const auditCount = () => t.db.db.$count(auditLog);

describe('places', () => {
  it('creates, lists inactive ones too, and deactivation hides a place from players only', async () => {
    const created = await as().admin.places.create({
      name: ' Padel Club ',
      address: '1 rue du Sport',
      city: 'Lyon',
    });
    expect(created).toMatchObject({ name: 'Padel Club', is_active: true });
    const res = await restAs(t, admin, 'PUT', `/admin/places/${created.id}`, { is_active: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Padel Club', is_active: false });
    expect((await as().admin.places.list()).map((p) => p.id)).toContain(created.id);
    expect((await restAs(t, admin, 'GET', '/admin/places')).body).toContainEqual(
      expect.objectContaining({ id: created.id, is_active: false }),
    );
    expect((await t.caller().places.list()).map((p) => p.id)).not.toContain(created.id);
  });

  it.each([
    ['name', { address: '1 rue', city: 'Paris' }],
    ['city', { name: 'Club', address: '1 rue', city: '  ' }],
    ['address', { name: 'Club', address: '', city: 'Paris' }],
  ])(
    'refuses a place without %s, with the French message, and creates nothing',
    async (_field, body) => {
      const before = await t.db.db.$count(places);
      expect(await trpcError(as().admin.places.create(body as never))).toEqual({
        code: 'BAD_REQUEST',
        message: A.placeFieldsRequired,
      });
      const res = await restAs(t, admin, 'POST', '/admin/places', body);
      expect(res).toMatchObject({ status: 400, body: { error: A.placeFieldsRequired } });
      expect(await t.db.db.$count(places)).toBe(before);
    },
  );

  it('refuses to blank a field on edit', async () => {
    const p = await as().admin.places.create({ name: 'Club', address: '1 rue', city: 'Nice' });
    expect(await trpcError(as().admin.places.update({ id: p.id, city: '' }))).toEqual({
      code: 'BAD_REQUEST',
      message: A.placeFieldsRequired,
    });
    expect(await trpcError(as().admin.places.update({ id: 999_999, name: 'X' }))).toEqual({
      code: 'NOT_FOUND',
      message: A.placeNotFound,
    });
  });

  it('refuses to delete a place with an upcoming match (deactivate instead), also one later today', async () => {
    const p = await as().admin.places.create({ name: 'Occupé', address: '1 rue', city: 'Paris' });
    await insertMatch(t, {
      placeId: p.id,
      createdBy: player.id,
      date: '2030-06-15',
      time: '13:00',
    });
    const audits = await auditCount();
    expect(await trpcError(as().admin.places.delete({ id: p.id }))).toEqual({
      code: 'CONFLICT',
      message: A.placeHasUpcoming,
    });
    const res = await restAs(t, admin, 'DELETE', `/admin/places/${p.id}`);
    expect(res).toMatchObject({ status: 409, body: { error: A.placeHasUpcoming } });
    expect(await t.db.db.$count(places, eq(places.id, p.id))).toBe(1);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses to delete a place used by past matches only (players keep their history)', async () => {
    const p = await as().admin.places.create({
      name: 'Historique',
      address: '1 rue',
      city: 'Paris',
    });
    await insertMatch(t, {
      placeId: p.id,
      createdBy: player.id,
      date: '2030-06-15',
      time: '11:30',
    });
    expect(await trpcError(as().admin.places.delete({ id: p.id }))).toEqual({
      code: 'CONFLICT',
      message: A.placeHasMatches,
    });
  });

  it('deletes an unused place', async () => {
    const p = await as().admin.places.create({ name: 'Vide', address: '1 rue', city: 'Paris' });
    const res = await restAs(t, admin, 'DELETE', `/admin/places/${p.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true, message: A.deleted } });
    expect(await t.db.db.$count(places, eq(places.id, p.id))).toBe(0);
    expect((await restAs(t, admin, 'DELETE', `/admin/places/${p.id}`)).status).toBe(404);
  });
});

describe('levels', () => {
  it('creates a level with the default colour, over REST with ordre as a string', async () => {
    const res = await restAs(t, admin, 'POST', '/admin/levels', {
      niveau: 'Niveau 9',
      label: 'Légende',
      ordre: '9',
      couleur: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      niveau: 'Niveau 9',
      label: 'Légende',
      couleur: '#4CAF50',
      ordre: 9,
      description: '',
    });
    expect((await t.caller().levels.list()).map((l) => l.niveau)).toContain('Niveau 9');
  });

  it.each([
    [{ label: 'X', ordre: 3 }, A.levelFieldsRequired],
    [{ niveau: 'N', label: ' ', ordre: 3 }, A.levelFieldsRequired],
    [{ niveau: 'N', label: 'X' }, A.levelFieldsRequired],
    [{ niveau: 'N', label: 'X', ordre: 0 }, A.levelOrdreRange],
    [{ niveau: 'N', label: 'X', ordre: 21 }, A.levelOrdreRange],
    [{ niveau: 'N', label: 'X', ordre: 2.5 }, A.levelOrdreRange],
    [{ niveau: 'N', label: 'X', ordre: 3, couleur: 'vert' }, A.levelColourInvalid],
  ])('refuses %j with the French message', async (body, message) => {
    const before = await t.db.db.$count(levels);
    expect(await trpcError(as().admin.levels.create(body as never))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    expect(await restAs(t, admin, 'POST', '/admin/levels', body)).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(await t.db.db.$count(levels)).toBe(before);
  });

  it('keeps niveau unique (409), on create and on rename', async () => {
    expect(
      await trpcError(as().admin.levels.create({ niveau: 'Niveau 1', label: 'Bis', ordre: 1 })),
    ).toEqual({
      code: 'CONFLICT',
      message: A.levelExists,
    });
    const [two] = await t.db.db.select().from(levels).where(eq(levels.niveau, 'Niveau 2'));
    const res = await restAs(t, admin, 'PUT', `/admin/levels/${two!.id}`, { niveau: 'Niveau 1' });
    expect(res).toMatchObject({ status: 409, body: { error: A.levelExists } });
    expect(await t.db.db.$count(levels, eq(levels.niveau, 'Niveau 2'))).toBe(1);
  });

  it('renaming a level renames it in profiles and matches too, in one go', async () => {
    const level = await as().admin.levels.create({
      niveau: 'Débutant+',
      label: 'Débutant plus',
      ordre: 2,
      couleur: '#aabbcc',
    });
    const fan = await createUser(t.deps, { level: 'Débutant+' });
    const place = await as().admin.places.create({
      name: 'Renommage',
      address: '1 rue',
      city: 'Paris',
    });
    const m = await insertMatch(t, {
      placeId: place.id,
      createdBy: fan.id,
      date: '2030-06-20',
      time: '10:00',
      levels: ['Niveau 1', 'Débutant+', 'Niveau 3'],
    });
    const updated = await as().admin.levels.update({ id: level.id, niveau: 'Débutant Plus' });
    expect(updated).toMatchObject({
      niveau: 'Débutant Plus',
      label: 'Débutant plus',
      couleur: '#aabbcc',
    });
    const [u] = await t.db.db.select().from(users).where(eq(users.id, fan.id));
    expect(u!.level).toBe('Débutant Plus');
    const [row] = await t.db.db.select().from(matches).where(eq(matches.id, m.id));
    expect(row!.levels).toEqual(['Niveau 1', 'Débutant Plus', 'Niveau 3']);
    const [other] = await t.db.db.select().from(users).where(eq(users.id, player.id));
    expect(other!.level).toBe('Niveau 3');
  });

  it('deleting a level in use leaves profiles and matches as they are (shown as deleted)', async () => {
    const level = await as().admin.levels.create({
      niveau: 'Éphémère',
      label: 'Passager',
      ordre: 5,
    });
    const fan = await createUser(t.deps, { level: 'Éphémère' });
    const place = await as().admin.places.create({
      name: 'Éphémère Club',
      address: '1 rue',
      city: 'Paris',
    });
    const m = await insertMatch(t, {
      placeId: place.id,
      createdBy: fan.id,
      date: '2030-06-21',
      time: '10:00',
      levels: ['Éphémère'],
    });
    expect(await as().admin.levels.delete({ id: level.id })).toEqual({
      success: true,
      message: A.deleted,
    });
    expect((await t.caller().levels.list()).map((l) => l.niveau)).not.toContain('Éphémère');
    const [u] = await t.db.db.select().from(users).where(eq(users.id, fan.id));
    expect(u!.level).toBe('Éphémère');
    const listed = await t.caller().matches.list({ placeId: place.id });
    expect(listed.items.find((x) => x.id === m.id)?.levels).toEqual(['Éphémère']);
    expect(await trpcError(as().admin.levels.delete({ id: level.id }))).toEqual({
      code: 'NOT_FOUND',
      message: A.levelNotFound,
    });
  });
});

describe('general settings', () => {
  it('reads each setting with its description and max; REST answers a map of numeric strings', async () => {
    const list = await as().admin.settings.get();
    expect(list).toEqual([
      {
        key: 'max_places',
        value: 3,
        description: 'Le nombre maximum de places par match',
        max: 10,
      },
      {
        key: 'max_levels_selection',
        value: 3,
        description: 'Le nombre maximum de niveaux sélectionnables',
        max: 10,
      },
      {
        key: 'months_ahead',
        value: 1,
        description: 'Le nombre de mois à l’avance pour créer un match',
        max: 12,
      },
    ]);
    expect((await restAs(t, admin, 'GET', '/admin/general-settings')).body).toEqual({
      max_places: '3',
      max_levels_selection: '3',
      months_ahead: '1',
    });
  });

  const range = (key: 'max_places' | 'max_levels_selection' | 'months_ahead') =>
    ({
      max_places: A.settingRange('Le nombre maximum de places par match', 10),
      max_levels_selection: A.settingRange('Le nombre maximum de niveaux sélectionnables', 10),
      months_ahead: A.settingRange('Le nombre de mois à l’avance pour créer un match', 12),
    })[key];
  const valid = { max_places: 3, max_levels_selection: 3, months_ahead: 1 };

  it.each([
    ['max_places', 0],
    ['max_places', 11],
    ['max_levels_selection', 11],
    ['max_levels_selection', 1.5],
    ['months_ahead', 0],
    ['months_ahead', 13],
  ] as const)(
    'refuses %s = %s with "{description} doit être un nombre entre 1 et {max}."',
    async (key, value) => {
      const message = range(key);
      expect(message).toMatch(/ doit être un nombre entre 1 et (10|12)\.$/);
      expect(await trpcError(as().admin.settings.save({ ...valid, [key]: value }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
      const res = await restAs(t, admin, 'POST', '/admin/general-settings', {
        [key]: String(value),
      });
      expect(res).toMatchObject({ status: 400, body: { success: false, error: message } });
      expect(await t.caller().settings.get()).toEqual(valid);
    },
  );

  it('refuses a non-number over REST', async () => {
    const res = await restAs(t, admin, 'POST', '/admin/general-settings', {
      months_ahead: 'douze',
    });
    expect(res).toMatchObject({ status: 400, body: { error: range('months_ahead') } });
  });

  it('saves the bounds themselves (strings or numbers over REST) and players see them', async () => {
    const res = await restAs(t, admin, 'POST', '/admin/general-settings', {
      max_places: '10',
      max_levels_selection: 1,
      months_ahead: '12',
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: A.settingsUpdated } });
    expect(await t.caller().settings.get()).toEqual({
      max_places: 10,
      max_levels_selection: 1,
      months_ahead: 12,
    });
    expect(await as().admin.settings.save(valid)).toEqual({
      success: true,
      message: 'Paramètres mis à jour avec succès !',
    });
    expect(await t.caller().settings.get()).toEqual(valid);
  });
});

describe('audit trail', () => {
  it('records who changed what, newest first, over tRPC and REST', async () => {
    const p = await as().admin.places.create({ name: 'Audité', address: '1 rue', city: 'Metz' });
    await as().admin.places.update({ id: p.id, city: 'Nancy' });
    const [latest, previous] = await as().admin.audit.list({ limit: 2 });
    expect(latest).toMatchObject({
      actor_name: 'Alice Admin',
      action: 'update',
      entity: 'place',
      entity_id: String(p.id),
      details: { city: 'Nancy' },
    });
    expect(previous).toMatchObject({ action: 'create', entity: 'place', entity_id: String(p.id) });
    expect(new Date(latest!.created_at).toISOString()).toBe(new Date(NOW).toISOString());
    const res = await restAs(t, admin, 'GET', '/admin/audit?limit=1');
    expect(res.body).toEqual([latest]);
  });

  it('records settings changes with the values that changed', async () => {
    await as().admin.settings.save({ max_places: 4, max_levels_selection: 3, months_ahead: 1 });
    const [latest] = await as().admin.audit.list({ limit: 1 });
    expect(latest).toMatchObject({
      action: 'update',
      entity: 'settings',
      details: { max_places: 4 },
    });
  });
});
