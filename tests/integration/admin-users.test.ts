import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { matchParticipants, matches, sessions, users } from '../../db/schema';
import { resolveSession } from '../../server/services/auth/sessions';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, insertMatch, matchRow, trpcError } from './matches-support';

/** Admin user management: listing, editing with the spec's rules, deleting, and the last-admin guards. */

let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ now: '2030-06-15T10:00:00Z' });
  admin = await createAdmin(t.deps, { name: 'Alice Admin' });
});
afterAll(() => t.close());

const A = MSG.admin;
const as = (u: TestUser = admin) => t.caller(u);
const userRow = async (id: number) =>
  (await t.db.db.select().from(users).where(eq(users.id, id)))[0];
const adminCount = () => t.db.db.$count(users, eq(users.isAdmin, true));

describe('listing', () => {
  it('lists every user; REST gives is_admin as 1/0, and never a PIN hash', async () => {
    const player = await createUser(t.deps);
    const list = await as().admin.users.list();
    expect(list.find((u) => u.id === admin.id)).toMatchObject({
      is_admin: true,
      name: 'Alice Admin',
      photo: null,
    });
    expect(list.find((u) => u.id === player.id)).toMatchObject({
      is_admin: false,
      email: player.email,
      phone: player.phone,
      level: 'Niveau 3',
    });
    const res = await restAs(t, admin, 'GET', '/admin/users');
    const legacy = res.body as unknown as { id: number; is_admin: number }[];
    expect(legacy.find((u) => u.id === admin.id)?.is_admin).toBe(1);
    expect(legacy.find((u) => u.id === player.id)?.is_admin).toBe(0);
    expect(JSON.stringify(legacy)).not.toMatch(/pin|argon/i);
  });
});

describe('editing', () => {
  it('edits name, phone (normalised), e-mail and level; REST takes is_admin as 1/0', async () => {
    const player = await createUser(t.deps);
    const updated = await as().admin.users.update({
      id: player.id,
      name: ' Bob ',
      phone: '0611223344',
      email: 'Bob@Example.FR',
      level: 'Niveau 5',
    });
    expect(updated).toMatchObject({
      name: 'Bob',
      phone: '+33611223344',
      email: 'bob@example.fr',
      level: 'Niveau 5',
      is_admin: false,
    });
    const res = await restAs(t, admin, 'PUT', `/admin/users/${player.id}`, {
      name: 'Bob',
      phone: '0470123456',
      country: 'BE',
      level: 'Niveau 5',
      is_admin: 1,
    });
    expect(res).toMatchObject({ status: 200, body: { phone: '+32470123456', is_admin: 1 } });
    expect((await userRow(player.id))?.isAdmin).toBe(true);
    const kept = await as().admin.users.update({
      id: player.id,
      name: 'Bob',
      phone: '+32470123456',
      level: 'Niveau 5',
      is_admin: false,
    });
    expect(kept).toMatchObject({ phone: '+32470123456', email: 'bob@example.fr', is_admin: false });
  });

  it.each([
    [{ phone: '0611223355', level: 'Niveau 2' }, A.userFieldsRequired],
    [{ name: 'X', phone: '', level: 'Niveau 2' }, A.userFieldsRequired],
    [{ name: 'X', phone: '0611223355', level: ' ' }, A.userFieldsRequired],
    [{ name: 'X', phone: '061122', level: 'Niveau 2' }, MSG.auth.phoneExact],
    [{ name: 'X', phone: '06112233445', level: 'Niveau 2' }, MSG.auth.phoneTooLong],
    [{ name: 'X', phone: '06-11-22-33-AB', level: 'Niveau 2' }, MSG.auth.phoneFormat],
    [
      { name: 'X', phone: '0611223355', country: 'ZZ', level: 'Niveau 2' },
      MSG.auth.countryUnsupported,
    ],
    [{ name: 'X', phone: '0611223355', level: 'Niveau 42' }, A.userLevelUnknown],
    [
      { name: 'X', phone: '0611223355', level: 'Niveau 2', email: 'pas-un-email' },
      MSG.auth.emailInvalid,
    ],
  ])('refuses %j with the French message and changes nothing', async (body, message) => {
    const player = await createUser(t.deps);
    const before = await userRow(player.id);
    expect(await trpcError(as().admin.users.update({ id: player.id, ...body } as never))).toEqual({
      code: 'BAD_REQUEST',
      message,
    });
    expect(await restAs(t, admin, 'PUT', `/admin/users/${player.id}`, body)).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(await userRow(player.id)).toEqual(before);
  });

  it('keeps phones and e-mails unique (e-mail whatever its case): 409 with a French message', async () => {
    const a = await createUser(t.deps, { email: 'Claire@Example.fr', phone: '+33699887766' });
    const b = await createUser(t.deps);
    const base = { id: b.id, name: 'B', level: 'Niveau 1' };
    expect(await trpcError(as().admin.users.update({ ...base, phone: '0699887766' }))).toEqual({
      code: 'CONFLICT',
      message: A.userPhoneTaken,
    });
    expect(
      await trpcError(
        as().admin.users.update({ ...base, phone: b.phone, email: 'claire@EXAMPLE.fr' }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: A.userEmailTaken,
    });
    expect((await userRow(b.id))?.email).toBe(b.email);
    expect((await userRow(a.id))?.email).toBe('Claire@Example.fr');
  });

  it('answers 404 for an unknown user', async () => {
    expect(
      await trpcError(
        as().admin.users.update({ id: 999_999, name: 'X', phone: '0611000000', level: 'Niveau 1' }),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      message: A.userNotFound,
    });
    expect((await restAs(t, admin, 'DELETE', '/admin/users/999999')).status).toBe(404);
  });
});

describe('admin protections', () => {
  it('an admin cannot remove their own admin flag', async () => {
    const res = await restAs(t, admin, 'PUT', `/admin/users/${admin.id}`, {
      name: 'Alice Admin',
      phone: admin.phone,
      level: 'Niveau 3',
      is_admin: 0,
    });
    expect(res).toMatchObject({ status: 400, body: { error: A.cannotDemoteSelf } });
    expect((await userRow(admin.id))?.isAdmin).toBe(true);
    // Editing their own other fields stays possible.
    expect(
      await as().admin.users.update({
        id: admin.id,
        name: 'Alice',
        phone: admin.phone,
        level: 'Niveau 4',
        is_admin: true,
      }),
    ).toMatchObject({ name: 'Alice', is_admin: true });
  });

  it('an admin cannot delete themselves', async () => {
    expect(await trpcError(as().admin.users.delete({ id: admin.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: A.cannotDeleteSelf,
    });
    expect(await userRow(admin.id)).toBeDefined();
  });

  it('two admins removing each other at once never leave zero admins', async () => {
    await t.db.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const x = await createAdmin(t.deps);
    const y = await createAdmin(t.deps);
    const body = (u: TestUser) => ({
      name: u.name,
      phone: u.phone,
      level: 'Niveau 3',
      is_admin: false,
    });
    const results = await Promise.all([
      restAs(t, x, 'PUT', `/admin/users/${y.id}`, body(y)),
      restAs(t, y, 'PUT', `/admin/users/${x.id}`, body(x)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await adminCount()).toBe(1);

    const z = await createAdmin(t.deps);
    const survivor = (await userRow(x.id))?.isAdmin ? x : y;
    const deletions = await Promise.all([
      restAs(t, survivor, 'DELETE', `/admin/users/${z.id}`),
      restAs(t, z, 'DELETE', `/admin/users/${survivor.id}`),
    ]);
    expect(deletions.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await adminCount()).toBe(1);
    await t.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  });
});

describe('deleting', () => {
  it('removes the user, gives back their places, deletes their own matches and ends their sessions', async () => {
    const leaving = await createUser(t.deps);
    const host = await createUser(t.deps);
    const place = await createPlace(t);
    const theirs = await insertMatch(t, {
      placeId: place.id,
      createdBy: leaving.id,
      date: '2030-06-20',
      time: '10:00',
      slots: 3,
      missing: 2,
    });
    await t.db.db.insert(matchParticipants).values({ matchId: theirs.id, userId: host.id });
    const joined = await insertMatch(t, {
      placeId: place.id,
      createdBy: host.id,
      date: '2030-06-20',
      time: '12:00',
      slots: 3,
      missing: 2,
    });
    await t.db.db.insert(matchParticipants).values({ matchId: joined.id, userId: leaving.id });

    const res = await restAs(t, admin, 'DELETE', `/admin/users/${leaving.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true, message: A.deleted } });
    expect(await userRow(leaving.id)).toBeUndefined();
    expect((await matchRow(t, joined.id))?.missingPlayers).toBe(3);
    expect(await matchRow(t, theirs.id)).toBeUndefined();
    expect(await t.db.db.$count(matchParticipants, eq(matchParticipants.userId, leaving.id))).toBe(
      0,
    );
    expect(await t.db.db.$count(matches, eq(matches.createdBy, leaving.id))).toBe(0);
    expect(await t.db.db.$count(sessions, eq(sessions.userId, leaving.id))).toBe(0);
    expect(await resolveSession(t.deps, leaving.token)).toBeNull();

    const [entry] = await as().admin.audit.list({ limit: 1 });
    expect(entry).toMatchObject({
      action: 'delete',
      entity: 'user',
      entity_id: String(leaving.id),
      details: { places_given_back: 1 },
    });
  });

  it('the audit trail names the user and the place a change was about, not only their id', async () => {
    const player = await createUser(t.deps, { name: 'Zoé Nommée' });
    await as().admin.users.update({
      id: player.id,
      name: 'Zoé Nommée',
      phone: player.phone,
      level: 'Niveau 6',
    });
    const place = await as().admin.places.create({
      name: 'Club Nommé',
      address: '2 rue',
      city: 'Lyon',
    });
    await as().admin.places.update({
      id: place.id,
      name: 'Club Nommé',
      address: '3 rue',
      city: 'Lyon',
    });
    const entries = await as().admin.audit.list({ limit: 5 });
    const userEntry = entries.find((e) => e.entity === 'user' && e.entity_id === String(player.id));
    expect(userEntry).toMatchObject({
      action: 'update',
      subject_name: 'Zoé Nommée',
      details: { level: 'Niveau 6' },
    });
    expect(userEntry?.details).not.toHaveProperty('name');
    expect(entries.find((e) => e.entity === 'place' && e.action === 'update')).toMatchObject({
      subject_name: 'Club Nommé',
    });
  });

  it('a deleted admin’s past changes stay in the audit trail', async () => {
    const other = await createAdmin(t.deps);
    const place = await as(other).admin.places.create({
      name: 'Trace',
      address: '1 rue',
      city: 'Paris',
    });
    await as().admin.users.delete({ id: other.id });
    const entries = await as().admin.audit.list({ limit: 10 });
    expect(
      entries.find((e) => e.entity === 'place' && e.entity_id === String(place.id)),
    ).toMatchObject({
      action: 'create',
      actor_name: null,
    });
  });
});
