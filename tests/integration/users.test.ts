/** Profile: self only (tRPC and REST), level must exist, photo checked by its bytes and served with caching. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { levels, userPhotos, users } from '../../db/schema';
import type { TUser } from '../../common/schemas/users';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { bearer, rest, trpc } from '../support/http';

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF_1PX = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const JPEG_HEAD = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00,
]);

let t: TestContext;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  a = await createUser(t.deps, { name: 'Alice', level: 'Niveau 2' });
  b = await createUser(t.deps, { name: 'Bruno', level: 'Niveau 5' });
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('self only', () => {
  it('reads its own user, in the client shape', async () => {
    const me = await t.caller(a).users.get({ id: a.id });
    expect(me).toEqual({
      id: a.id,
      name: 'Alice',
      email: a.email,
      phone: a.phone,
      level: 'Niveau 2',
      is_admin: false,
      photo: null,
      // Their own gender (not given yet): for gender-ruled matches, read by no one else.
      gender: null,
      // And whether they appear in their groups' tables (issue 43): not until they opt in.
      leaderboard: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
  });

  it("cannot read another user's record: 403 over tRPC and REST (even for an admin, who uses the admin screens)", async () => {
    await expect(t.caller(a).users.get({ id: b.id })).rejects.toThrow(MSG.auth.notYours);
    const viaHttp = await trpc(
      t.app,
      'query',
      'users.get',
      { id: b.id },
      { headers: bearer(a.token) },
    );
    expect(viaHttp.status).toBe(403);
    const viaRest = await rest(t.app, 'GET', `/users/${b.id}`, undefined, bearer(a.token));
    expect(viaRest.status).toBe(403);
    expect(viaRest.body).toEqual({ success: false, error: MSG.auth.notYours });
    const admin = await createAdmin(t.deps);
    expect(
      (await rest(t.app, 'GET', `/users/${b.id}`, undefined, bearer(admin.token))).status,
    ).toBe(403);
  });

  it('refuses a user-id header naming someone else, even on its own path', async () => {
    const res = await rest(t.app, 'GET', `/users/${a.id}`, undefined, {
      ...bearer(a.token),
      'user-id': String(b.id),
    });
    expect(res.status).toBe(403);
    const ok = await rest(t.app, 'GET', `/users/${a.id}`, undefined, {
      ...bearer(a.token),
      'user-id': String(a.id),
    });
    expect(ok.status).toBe(200);
  });

  it("cannot change another user: PUT /users/B, or B's id in the body, or in the user-id header — nothing changes", async () => {
    const before = await row(b.id);
    const attempts = [
      rest(t.app, 'PUT', `/users/${b.id}`, { name: 'Pirate', level: 'Niveau 1' }, bearer(a.token)),
      rest(
        t.app,
        'PUT',
        `/users/${a.id}`,
        { name: 'Pirate', level: 'Niveau 1', user_id: b.id },
        bearer(a.token),
      ),
      rest(
        t.app,
        'PUT',
        `/users/${a.id}`,
        { name: 'Pirate', level: 'Niveau 1', userId: String(b.id) },
        bearer(a.token),
      ),
      rest(
        t.app,
        'PUT',
        `/users/${a.id}`,
        { name: 'Pirate', level: 'Niveau 1', id: b.id },
        bearer(a.token),
      ),
      rest(
        t.app,
        'PUT',
        `/users/${a.id}`,
        { name: 'Pirate', level: 'Niveau 1' },
        { ...bearer(a.token), 'user-id': String(b.id) },
      ),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(MSG.auth.notYours);
    }
    expect(await row(b.id)).toEqual(before);
    expect((await row(a.id)).name).toBe('Alice');
    // tRPC has no id to forge: update always acts on the session's user.
    await t.caller(a).users.update({ name: 'Alice', level: 'Niveau 2' });
    expect(await row(b.id)).toEqual(before);
  });

  it('needs a session: 401 with the French message', async () => {
    expect((await rest(t.app, 'GET', `/users/${a.id}`)).status).toBe(401);
    const res = await rest(t.app, 'PUT', `/users/${a.id}`, { name: 'X', level: 'Niveau 1' });
    expect(res.body).toEqual({ success: false, error: MSG.auth.required });
    await expect(t.caller().users.get({ id: a.id })).rejects.toThrow(MSG.auth.required);
  });
});

describe('profile update', () => {
  it('trims and saves name and level (tRPC), and REST answers the updated user', async () => {
    const user = await t.caller(a).users.update({ name: '  Alice B. ', level: ' Niveau 4 ' });
    expect(user).toMatchObject({ id: a.id, name: 'Alice B.', level: 'Niveau 4' });
    const res = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'Alice C.', level: 'Niveau 3', user_id: a.id },
      bearer(a.token),
    );
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.profile.updated,
      user: { name: 'Alice C.', level: 'Niveau 3' },
    });
  });

  it('requires name and level (Nom et niveau requis)', async () => {
    for (const input of [
      { name: '', level: 'Niveau 1' },
      { name: 'A', level: '  ' },
    ]) {
      await expect(t.caller(a).users.update(input)).rejects.toThrow(
        MSG.profile.nameAndLevelRequired,
      );
    }
    const res = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'A', level: null },
      bearer(a.token),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.profile.nameAndLevelRequired);
  });

  it('refuses a level that no longer exists, with the spec message', async () => {
    await t.db.db.insert(levels).values({ niveau: 'Niveau 9', label: 'Éphémère', ordre: 20 });
    await t.db.db.delete(levels).where(eq(levels.niveau, 'Niveau 9'));
    await expect(t.caller(a).users.update({ name: 'A', level: 'Niveau 9' })).rejects.toThrow(
      MSG.profile.levelGone,
    );
    const res = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'A', level: 'Niveau 9' },
      bearer(a.token),
    );
    expect(res.body).toEqual({ success: false, error: MSG.profile.levelGone });
    expect((await row(a.id)).level).toBe('Niveau 3');
  });
});

describe('photo', () => {
  let photoUrl: string;

  it('accepts a PNG data URL: stored apart, served by URL with ETag and caching', async () => {
    const user = await t.caller(a).users.update({
      name: 'Alice',
      level: 'Niveau 3',
      photo: `data:image/png;base64,${PNG_1PX}`,
    });
    expect(user.photo).toMatch(new RegExp(`^/api/users/${a.id}/photo\\?v=\\d+$`));
    photoUrl = user.photo!;
    expect((await row(a.id)).hasPhoto).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: photoUrl, headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    expect(res.headers['cache-control']).toMatch(/private, max-age=31536000/);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: photoUrl,
      headers: { ...bearer(a.token), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/api/users/${a.id}/photo`,
      headers: bearer(a.token),
    });
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });

  it('accepts bare base64 GIF and JPEG too, and detects the type from the bytes', async () => {
    const gif = await t
      .caller(b)
      .users.update({ name: 'Bruno', level: 'Niveau 5', photo: GIF_1PX });
    const res = await t.app.inject({ method: 'GET', url: gif.photo!, headers: bearer(b.token) });
    expect(res.headers['content-type']).toBe('image/gif');
    const jpeg = await t.caller(b).users.update({
      name: 'Bruno',
      level: 'Niveau 5',
      photo: `data:image/png;base64,${JPEG_HEAD.toString('base64')}`,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: jpeg.photo!, headers: bearer(b.token) })).headers[
        'content-type'
      ],
    ).toBe('image/jpeg');
  });

  it('shows a photo only to its owner and admins', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: photoUrl, headers: bearer(b.token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
    const admin = await createAdmin(t.deps);
    expect(
      (await t.app.inject({ method: 'GET', url: photoUrl, headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses what is not an image, whatever its declared type (tRPC and REST)', async () => {
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')}`;
    await expect(
      t.caller(a).users.update({ name: 'Alice', level: 'Niveau 3', photo: fake }),
    ).rejects.toThrow(MSG.profile.photoNotImage);
    await expect(
      t.caller(a).users.update({ name: 'Alice', level: 'Niveau 3', photo: 'not base64 at all!' }),
    ).rejects.toThrow(MSG.profile.photoNotImage);
    const res = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'Alice', level: 'Niveau 3', photo: fake },
      bearer(a.token),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: MSG.profile.photoNotImage });
    expect((await t.caller(a).users.get({ id: a.id })).photo).toBe(photoUrl);
  });

  it('refuses a photo over 5 MB with its size in the message', async () => {
    // The largest photo the request size limit lets through (5 MB of image in base64, plus a margin).
    const big = Buffer.alloc(Math.round(5.03 * 1024 * 1024));
    Buffer.from(PNG_1PX, 'base64').copy(big);
    const res = await trpc<TUser>(
      t.app,
      'mutation',
      'users.update',
      { name: 'Alice', level: 'Niveau 3', photo: big.toString('base64') },
      { headers: bearer(a.token) },
    );
    expect(res.status).toBe(413);
    // French units and a decimal comma (issue 38).
    const tooLarge =
      'La photo est trop grande (5,03\u00a0Mo). Veuillez choisir une photo de moins de 5\u00a0Mo.';
    expect(res.error).toBe(tooLarge);
    const viaRest = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'Alice', level: 'Niveau 3', photo: big.toString('base64') },
      bearer(a.token),
    );
    expect(viaRest.body.error).toBe(tooLarge);
  });

  it('keeps the photo when a client sends its own photo URL back, removes it with null', async () => {
    const kept = await rest(
      t.app,
      'PUT',
      `/users/${a.id}`,
      { name: 'Alice', level: 'Niveau 3', photo: photoUrl },
      bearer(a.token),
    );
    expect(kept.body.user!.photo).toMatch(/^\/api\/users\/\d+\/photo\?v=/);
    const removed = await t
      .caller(a)
      .users.update({ name: 'Alice', level: 'Niveau 3', photo: null });
    expect(removed.photo).toBeNull();
    expect(await t.db.db.$count(userPhotos, eq(userPhotos.userId, a.id))).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${a.id}/photo`,
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.profile.photoNotFound });
  });
});
