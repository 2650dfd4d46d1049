import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { levels, places, smtpConfig, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { trpcError } from './matches-support';

// A line break in a one-line text is a header or calendar line of its own once it reaches a mail
// or an .ics file ("Eve\r\nBcc: x@evil.example"): refused, with a French 400, nothing stored.
const BREAKS = {
  CRLF: 'Eve\r\nBcc: x@evil.example',
  LF: 'Eve\nDupont',
  tab: 'Eve\tDupont',
  LS: 'Eve\u2028Dupont',
  PS: 'Eve\u2029Dupont',
};
let t: TestContext;
let eve: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  eve = await createUser(t.deps, { name: 'Eve Martin', level: 'Niveau 3' });
  admin = await createAdmin(t.deps, { name: 'Ada Admin' });
});
afterAll(() => t.close());

const storedName = async () =>
  (await t.db.db.select({ name: users.name }).from(users).where(eq(users.id, eve.id)))[0]?.name;

describe('one-line texts refuse CR, LF, tab, U+2028 and U+2029', () => {
  it('a profile name, over REST and tRPC', async () => {
    for (const [kind, name] of Object.entries(BREAKS)) {
      const res = await restAs(t, eve, 'PUT', `/users/${eve.id}`, { name, level: 'Niveau 3' });
      expect({ kind, status: res.status, error: res.body.error }).toEqual({
        kind,
        status: 400,
        error: MSG.http.oneLine,
      });
      expect(await trpcError(t.caller(eve).users.update({ name, level: 'Niveau 3' }))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.http.oneLine,
      });
      expect(await storedName()).toBe('Eve Martin');
    }
    // A one-line name still goes through.
    expect(
      (await restAs(t, eve, 'PUT', `/users/${eve.id}`, { name: 'Eve Durand', level: 'Niveau 3' }))
        .status,
    ).toBe(200);
    expect(await storedName()).toBe('Eve Durand');
  });

  it('a place name, address or city (admin), over REST and tRPC', async () => {
    const before = await t.db.db.$count(places);
    const place = { name: 'Club\r\nBEGIN:VEVENT', address: '1 rue du Padel', city: 'Lyon' };
    for (const bad of [
      place,
      { ...place, name: 'Club', address: '1 rue\n2 rue' },
      { ...place, name: 'Club', city: 'Lyon\t' },
    ]) {
      const res = await restAs(t, admin, 'POST', '/admin/places', bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MSG.http.oneLine);
      expect(await trpcError(t.caller(admin).admin.places.create(bad))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.http.oneLine,
      });
    }
    expect(await t.db.db.$count(places)).toBe(before);
  });

  it('the SMTP sender name and a level label; a level description may keep its lines', async () => {
    const smtp = {
      host: 'smtp.example.fr',
      port: 587,
      username: 'club',
      password: 'secret',
      from_name: 'Club\r\nBcc: x@evil.example',
    };
    expect((await restAs(t, admin, 'POST', '/admin/smtp-config', smtp)).body.error).toBe(
      MSG.http.oneLine,
    );
    expect(await trpcError(t.caller(admin).admin.smtp.save(smtp))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.http.oneLine,
    });
    expect(await t.db.db.$count(smtpConfig)).toBe(0);

    const level = { niveau: 'Niveau 9', label: 'Expert\nBEGIN:VEVENT', ordre: 9 };
    expect(await trpcError(t.caller(admin).admin.levels.create(level))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.http.oneLine,
    });
    expect(await t.db.db.$count(levels, eq(levels.niveau, 'Niveau 9'))).toBe(0);
    const created = await t.caller(admin).admin.levels.create({
      ...level,
      label: 'Expert',
      description: 'Première ligne\nSeconde ligne',
    });
    expect(created.description).toBe('Première ligne\nSeconde ligne');
  });

  it('the name at registration', async () => {
    const res = await restAs(t, null, 'POST', '/auth/register', {
      name: BREAKS.CRLF,
      email: 'eve2@example.fr',
      phone: '0612345670',
      pin: '4829',
      confirmPin: '4829',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.http.oneLine);
    expect(await t.db.db.$count(users, eq(users.email, 'eve2@example.fr'))).toBe(0);
  });
});
