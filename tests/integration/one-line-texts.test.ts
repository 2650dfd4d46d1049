import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { GROUP_MSG } from '../../common/messages-groups';
import { MSG_API } from '../../common/messages-api';
import { CHAT_TEXT_MAX } from '../../common/schemas/chat';
import { apiKeys, groups, levels, matchMessages, places, smtpConfig, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, insertMatch, trpcError } from './matches-support';

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

// Texts that show nothing: zero-width characters, word joiner, BOM, direction marks, overrides,
// embeddings and isolates, a Hangul filler; alone, mixed, and between spaces.
const INVISIBLE = {
  ZWSP: '\u200B',
  'ZWNJ+ZWJ': '\u200C\u200D',
  WJ: '\u2060',
  BOM: '\uFEFF',
  'LRM+RLM': '\u200E\u200F',
  overrides: '\u202A\u202B\u202C\u202D\u202E',
  isolates: '\u2066\u2067\u2068\u2069',
  spaced: ' \u200B \u202E ',
  filler: '\u3164',
};
// « Club\u202Egnp.exe » shows as « Clubexe.png »: a direction control inside a one-line name.
const OVERRIDES = {
  RLO: 'Club\u202Egnp.exe',
  LRO: 'Club\u202Dx',
  RLE: 'Club\u202Bx\u202C',
  RLI: 'Club\u2067x\u2069',
};

/** Status and French message of a REST answer, legacy (`error`) or v2 (`error.message`). */
const refusal = (res: { status: number; body: Record<string, unknown> }) => {
  const error = res.body.error as string | { message: string } | undefined;
  return { status: res.status, error: typeof error === 'string' ? error : error?.message };
};

describe('a text of invisible characters is an empty text; one-line names refuse direction controls', () => {
  it('a chat message, over REST and tRPC: the 400 of an empty message, nothing stored', async () => {
    const placeId = (await createPlace(t)).id;
    const { id } = await insertMatch(t, {
      placeId,
      createdBy: eve.id,
      date: '2030-06-20',
      time: '18:00',
    });
    const empty = MSG.chat.textInvalid(CHAT_TEXT_MAX);
    // What an empty message answers, on both doors: the reference.
    expect(refusal(await restAs(t, eve, 'POST', `/matches/${id}/messages`, { text: '' }))).toEqual({
      status: 400,
      error: empty,
    });
    for (const [kind, text] of Object.entries(INVISIBLE)) {
      const res = await restAs(t, eve, 'POST', `/matches/${id}/messages`, { text });
      expect({ kind, ...refusal(res) }).toEqual({ kind, status: 400, error: empty });
      expect(await trpcError(t.caller(eve).chat.post({ id, text }))).toEqual({
        code: 'BAD_REQUEST',
        message: empty,
      });
    }
    expect(await t.db.db.$count(matchMessages, eq(matchMessages.matchId, id))).toBe(0);
    // Visible text keeps what it needs inside: a family emoji's joiners, a direction mark.
    const family = '👨\u200D👩\u200D👧 à 18 h\u200F !';
    const posted = await restAs(t, eve, 'POST', `/matches/${id}/messages`, { text: family });
    expect(posted.status).toBe(201);
    expect(await t.db.db.$count(matchMessages, eq(matchMessages.matchId, id))).toBe(1);
  });

  it('a group name and description, over REST and tRPC', async () => {
    const before = await t.db.db.$count(groups);
    for (const [kind, name] of Object.entries(INVISIBLE)) {
      expect({ kind, ...refusal(await restAs(t, eve, 'POST', '/groups', { name })) }).toEqual({
        kind,
        status: 400,
        error: GROUP_MSG.nameRequired,
      });
      expect(await trpcError(t.caller(eve).groups.create({ name }))).toEqual({
        code: 'BAD_REQUEST',
        message: GROUP_MSG.nameRequired,
      });
    }
    for (const [kind, name] of Object.entries(OVERRIDES)) {
      expect({ kind, ...refusal(await restAs(t, eve, 'POST', '/groups', { name })) }).toEqual({
        kind,
        status: 400,
        error: MSG.http.directionControl,
      });
      expect(await trpcError(t.caller(eve).groups.create({ name }))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.http.directionControl,
      });
    }
    expect(await t.db.db.$count(groups)).toBe(before);

    // A description of invisible characters is no description, as an empty one is; a hidden
    // character at the end of a name goes.
    const res = await restAs(t, eve, 'POST', '/groups', {
      name: 'Les Lions\u200B',
      description: '\u200B\u202E',
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.db
      .select({ name: groups.name, description: groups.description })
      .from(groups)
      .where(eq(groups.id, Number(res.body.id)));
    expect(row).toEqual({ name: 'Les Lions', description: '' });
    const renamed = await restAs(t, eve, 'PUT', `/groups/${String(res.body.id)}`, {
      name: '\u2060\uFEFF',
    });
    expect(refusal(renamed)).toEqual({ status: 400, error: GROUP_MSG.nameRequired });
  });

  it('an API key name (admin), over REST and tRPC', async () => {
    const before = await t.db.db.$count(apiKeys);
    const issue = (name: string) =>
      restAs(t, admin, 'POST', '/admin/api-keys', { name, scopes: ['matches:read'] });
    expect(refusal(await issue(''))).toEqual({ status: 400, error: MSG_API.keyNameInvalid });
    for (const [kind, name] of Object.entries(INVISIBLE)) {
      expect({ kind, ...refusal(await issue(name)) }).toEqual({
        kind,
        status: 400,
        error: MSG_API.keyNameInvalid,
      });
      expect(
        await trpcError(
          t.caller(admin).integrations.issueApiKey({ name, scopes: ['matches:read'] }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: MSG_API.keyNameInvalid });
    }
    for (const name of Object.values(OVERRIDES))
      expect(refusal(await issue(name))).toEqual({
        status: 400,
        error: MSG.http.directionControl,
      });
    expect(await t.db.db.$count(apiKeys)).toBe(before);
  });

  it('a place and a profile name refuse direction controls inside, over REST and tRPC', async () => {
    const before = await t.db.db.$count(places);
    for (const [kind, name] of Object.entries(OVERRIDES)) {
      const place = { name, address: '1 rue du Padel', city: 'Lyon' };
      expect({ kind, ...refusal(await restAs(t, admin, 'POST', '/admin/places', place)) }).toEqual({
        kind,
        status: 400,
        error: MSG.http.directionControl,
      });
      expect(await trpcError(t.caller(admin).admin.places.create(place))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.http.directionControl,
      });
      expect(
        refusal(await restAs(t, eve, 'PUT', `/users/${eve.id}`, { name, level: 'Niveau 3' })),
      ).toEqual({ status: 400, error: MSG.http.directionControl });
    }
    expect(await t.db.db.$count(places)).toBe(before);
    // Mixed scripts keep their direction marks: an Arabic club name with an RLM is accepted.
    const mixed = { name: 'نادي\u200F Padel', address: '1 rue du Padel', city: 'Lyon' };
    expect((await restAs(t, admin, 'POST', '/admin/places', mixed)).status).toBe(201);
  });
});
