import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { migrationsFolder } from '../../db/migrate';
import { groupMatches, matches } from '../../db/schema';
import { liveHubOf } from '../../server/services/live/hub';
import { matchEvents } from '../../server/services/live/streams';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, matchRow, trpcError } from './matches-support';

/**
 * A match kept to its group is private to everyone else: an outsider (a site admin too) who has
 * its id or its /matches/<id> link gets the 404 of an unknown match on every door, on both
 * transports; the group's members read and join it. A match with a priority window is only held
 * back from Trouver, and shows there when the window ends.
 */
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let placeId: number;
let boss: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let admin: TestUser;
let groupId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Privé' })).id;
  boss = await createUser(t.deps, { name: 'Camille Martin', level: 'Niveau 3' });
  member = await createUser(t.deps, { name: 'Hugo Bernard', level: 'Niveau 3' });
  other = await createUser(t.deps, { name: 'Inès Petit', level: 'Niveau 3' });
  outsider = await createUser(t.deps, { name: 'Jules Roux', level: 'Niveau 3' });
  admin = await createAdmin(t.deps);
  const g = await t.caller(boss).groups.create({ name: 'Cercle fermé' });
  groupId = g.id;
  for (const u of [member, other]) await t.caller(u).groups.join({ token: g.invite_token });
});
afterAll(() => t.close());

const fields = (o: { time?: string; slots?: number } = {}) => ({
  place_id: placeId,
  date: '2026-06-13',
  time: o.time ?? '18:00',
  levels: ['Niveau 3'],
  slots: o.slots ?? 3,
});
const groupMatch = (groupOnly: boolean, o: { time?: string; slots?: number } = {}) =>
  t.caller(boss).groups.createMatch({ id: groupId, ...fields(o), group_only: groupOnly });
const notFound = { code: 'NOT_FOUND', message: MSG.match.notFound };
const listed = async (who: TestUser) => ({
  trpc: (await t.caller(who).matches.list({ limit: 100 })).items.map((m) => m.id),
  rest: (await restAs(t, null, 'GET', '/matches')).raw.json<{ id: number }[]>().map((m) => m.id),
});

describe('a match kept to its group', () => {
  it('is private: an outsider or a site admin with its id gets 404 on every door; nothing changes', async () => {
    const m = await groupMatch(true, { slots: 1 });
    expect((await matchRow(t, m.id))!.visibility).toBe('private');
    for (const who of [outsider, admin]) {
      const doors: [string, string, object?][] = [
        ['GET', `/matches/${m.id}`],
        ['POST', `/matches/${m.id}/join`, {}],
        ['POST', `/matches/${m.id}/leave`, {}],
        ['POST', `/matches/${m.id}/waitlist`, {}],
        ['POST', `/matches/${m.id}/requests`, { message: 'Je peux venir ?' }],
        ['GET', `/matches/${m.id}/calendar.ics`],
        ['GET', `/matches/${m.id}/messages`],
        ['POST', `/matches/${m.id}/messages`, { text: 'Salut' }],
        // Refused before the stream starts: an ordinary answer.
        ['GET', `/matches/${m.id}/events`],
      ];
      for (const [method, url, body] of doors)
        expect(
          await restAs(t, who, method as 'GET' | 'POST', url, body),
          `${method} ${url}`,
        ).toMatchObject({ status: 404, body: { error: MSG.match.notFound } });
      const as = t.caller(who);
      expect(await trpcError(as.matches.byId({ id: m.id }))).toEqual(notFound);
      expect(await trpcError(as.matches.join({ id: m.id }))).toEqual(notFound);
      expect(await trpcError(as.matches.joinWaitlist({ id: m.id }))).toEqual(notFound);
      expect(await trpcError(as.matches.request({ id: m.id }))).toEqual(notFound);
      expect(await trpcError(as.chat.list({ id: m.id }))).toEqual(notFound);
      await expect(matchEvents(t.deps, liveHubOf(t.deps), who, m.id).next()).rejects.toThrow(
        MSG.match.notFound,
      );
    }
    // The share page by id, and its preview image, are an unknown match's.
    expect((await t.app.inject({ method: 'GET', url: `/m/${m.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/m/${m.id}/og.png` })).statusCode).toBe(404);
    const row = await matchRow(t, m.id);
    expect(row!.missingPlayers).toBe(1);
    expect((await t.caller(boss).matches.byId({ id: m.id })).participants).toEqual([]);
  });

  it('its group’s members see it, join it, queue for it and read its chat once in; leaving the group loses it', async () => {
    const m = await groupMatch(true, { time: '19:00', slots: 1 });
    const page = await t.caller(member).matches.byId({ id: m.id });
    expect(page).toMatchObject({ id: m.id, visibility: 'private', is_participant: false });
    // A member who does not play it knows it exists: the chat is a 403, not a 404.
    expect(await trpcError(t.caller(member).chat.list({ id: m.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: MSG.chat.forbidden,
    });
    expect((await restAs(t, member, 'POST', `/matches/${m.id}/join`, {})).status).toBe(200);
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/matches/${m.id}/calendar.ics`,
      headers: member.headers,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect((await t.caller(member).chat.list({ id: m.id })).can_write).toBe(true);
    // Full: another member queues for it, without any link.
    expect(await restAs(t, other, 'POST', `/matches/${m.id}/waitlist`, {})).toMatchObject({
      status: 201,
      body: { position: 1 },
    });
    const live = matchEvents(t.deps, liveHubOf(t.deps), other, m.id);
    expect((await live.next()).value).toMatchObject({ type: 'match' });
    await live.return();
    // Out of the group (and off its queue), it is a stranger's 404 again.
    await t.caller(other).matches.leaveWaitlist({ id: m.id });
    await t.caller(other).groups.leave({ id: groupId });
    expect(await trpcError(t.caller(other).matches.byId({ id: m.id }))).toEqual(notFound);
    const { invite_token } = await t.caller(boss).groups.byId({ id: groupId });
    await t.caller(other).groups.join({ token: invite_token });
  });

  it('stays out of Trouver for good, the priority window long over', async () => {
    const only = await groupMatch(true, { time: '20:00' });
    const window = await groupMatch(false, { time: '20:30' });
    let seen = await listed(outsider);
    for (const ids of [seen.trpc, seen.rest]) {
      expect(ids).not.toContain(only.id);
      expect(ids).not.toContain(window.id);
    }
    t.clock.set('2026-06-12T08:00:00Z');
    seen = await listed(outsider);
    for (const ids of [seen.trpc, seen.rest]) {
      expect(ids).not.toContain(only.id);
      expect(ids).toContain(window.id);
    }
    expect(await trpcError(t.caller(outsider).matches.byId({ id: only.id }))).toEqual(notFound);
    t.clock.set(NOW);
  });

  it('made public by its organiser, it goes to Trouver now; made private again, it is kept to the group', async () => {
    const m = await groupMatch(true, { time: '21:00' });
    const edit = (visibility: 'public' | 'private') =>
      t.caller(boss).matches.update({ id: m.id, ...fields({ time: '21:00' }), visibility });
    await edit('public');
    expect((await listed(outsider)).trpc).toContain(m.id);
    expect((await t.caller(outsider).matches.byId({ id: m.id })).visibility).toBe('public');
    const [link] = await t.db.db.select().from(groupMatches).where(eq(groupMatches.matchId, m.id));
    expect(link).toMatchObject({ isGroupOnly: false, publicAt: new Date(NOW) });
    await edit('private');
    expect((await listed(outsider)).trpc).not.toContain(m.id);
    expect(await trpcError(t.caller(outsider).matches.byId({ id: m.id }))).toEqual(notFound);
    expect((await t.caller(member).matches.byId({ id: m.id })).visibility).toBe('private');
    const [again] = await t.db.db.select().from(groupMatches).where(eq(groupMatches.matchId, m.id));
    expect(again).toMatchObject({ isGroupOnly: true, publicAt: null });
  });
});

describe('a match with a priority window (not kept to the group)', () => {
  it('is only held back from Trouver: at the end of the window it is listed and anyone joins it', async () => {
    const m = await groupMatch(false, { time: '17:00' });
    expect((await matchRow(t, m.id))!.visibility).toBe('public');
    expect((await listed(outsider)).trpc).not.toContain(m.id);
    // Its link works meanwhile (it is not private); only Trouver waits for the members.
    expect((await t.caller(outsider).matches.byId({ id: m.id })).id).toBe(m.id);
    t.clock.set('2026-06-11T08:00:00Z'); // 24 h later: the window (24 h by default) is over
    const seen = await listed(outsider);
    expect(seen.trpc).toContain(m.id);
    expect(seen.rest).toContain(m.id);
    expect((await restAs(t, outsider, 'POST', `/matches/${m.id}/join`, {})).status).toBe(200);
    t.clock.set(NOW);
  });
});

describe('the group chat migration (its hand-written part)', () => {
  it('makes existing group-only matches private with a share token, and leaves the others', async () => {
    // As such matches were before the migration: public, no token.
    const only = await groupMatch(true, { time: '10:00' });
    const window = await groupMatch(false, { time: '10:30' });
    await t.db.db
      .update(matches)
      .set({ visibility: 'public', shareToken: null })
      .where(eq(matches.id, only.id));
    // Found by its content: the number may change when branches are merged.
    const file = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(`${migrationsFolder}/${f}`, 'utf8'))
      .find((text) => text.includes('match_messages_one_room'))!;
    const handWritten = file.slice(file.indexOf('-- hand-written'));
    const statement = handWritten
      .split('\n')
      .filter((l) => !l.startsWith('--'))
      .join('\n')
      .trim();
    expect(statement).toMatch(/^UPDATE "matches"/);
    await t.db.db.execute(sql.raw(statement));
    const after = await matchRow(t, only.id);
    expect(after!.visibility).toBe('private');
    expect(after!.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await matchRow(t, window.id))!.visibility).toBe('public');
    expect(await trpcError(t.caller(outsider).matches.byId({ id: only.id }))).toEqual(notFound);
    // Run twice, it changes nothing more (the token stays).
    await t.db.db.execute(sql.raw(statement));
    expect((await matchRow(t, only.id))!.shareToken).toBe(after!.shareToken);
  });
});
