/**
 * « Ouvert », « Hommes », « Femmes », « Mixte » (issue 42): who may take a seat, ask for one or
 * wait for one, on both doors; the mixed match's seats under a burst of joins (PostgreSQL); the
 * player's own gender asked once and never shown to anyone else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDER_TEXT, type TMatchGender, type TPlayerGender } from '../../common/messages-court';
import { MSG } from '../../common/messages';
import { users } from '../../db/schema';
import type { TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import {
  BURST_NOW,
  createPlace,
  matchRow,
  participantIdsOf,
  trpcError,
  waitingIdsOf,
} from './matches-support';
import { createTestContext } from '../support/app';

const onPostgres = Boolean(serverUrl());
let t: TestContext;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: BURST_NOW });
  placeId = (await createPlace(t)).id;
}, 60_000);
afterAll(() => t.close());

/** A player who gave `gender` in their profile (null: not given). */
async function player(gender: TPlayerGender | null, name?: string) {
  const u = await createUser(t.deps, name ? { name } : {});
  if (gender) await t.db.db.update(users).set({ gender }).where(eq(users.id, u.id));
  return u;
}
const many = (n: number, gender: TPlayerGender) =>
  Promise.all(Array.from({ length: n }, () => player(gender)));

let day = 0;
/** A match of `slots` places besides its organiser, under `gender`, tomorrow at a half-hour of its own. */
async function ruled(organiser: TestUser, gender: TMatchGender, slots = 3) {
  day++;
  return t.caller(organiser).matches.create({
    place_id: placeId,
    date: '2026-06-11',
    time: `${String(8 + Math.floor(day / 2)).padStart(2, '0')}:${day % 2 ? '30' : '00'}`,
    levels: ['Niveau 3'],
    slots,
    gender,
  });
}
const joinTrpc = (u: TestUser, id: number) => trpcError(t.caller(u).matches.join({ id }));
const joinRest = (u: TestUser, id: number) =>
  restAs(t, u, 'POST', `/matches/${id}/join`, { user_id: u.id });

describe('« Hommes » and « Femmes »', () => {
  it('a woman cannot join a match for men, nor a man one for women, on either door; the right player can', async () => {
    const man = await player('homme');
    const woman = await player('femme');
    const men = await ruled(await player('homme'), 'hommes');
    const women = await ruled(await player('femme'), 'femmes');

    expect(await joinTrpc(woman, men.id)).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.closed.hommes,
    });
    expect(await joinRest(woman, men.id)).toMatchObject({
      status: 400,
      body: { success: false, error: GENDER_TEXT.closed.hommes },
    });
    expect(await joinTrpc(man, women.id)).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.closed.femmes,
    });
    expect(await joinRest(man, women.id)).toMatchObject({
      status: 400,
      body: { error: GENDER_TEXT.closed.femmes },
    });
    expect((await matchRow(t, men.id))?.missingPlayers).toBe(3);
    expect((await matchRow(t, women.id))?.missingPlayers).toBe(3);

    expect((await joinTrpc(man, men.id)).code).toBe('NO_ERROR');
    expect((await joinRest(woman, women.id)).status).toBe(200);
    expect(await participantIdsOf(t, men.id)).toEqual([man.id]);
    expect(await participantIdsOf(t, women.id)).toEqual([woman.id]);
  });

  it('the waiting list and a request refuse the wrong gender too', async () => {
    const organiser = await player('homme');
    const full = await ruled(organiser, 'hommes', 1);
    await t.caller(await player('homme')).matches.join({ id: full.id });
    const woman = await player('femme');
    expect(await trpcError(t.caller(woman).matches.joinWaitlist({ id: full.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.closed.hommes,
    });
    expect(await restAs(t, woman, 'POST', `/matches/${full.id}/waitlist`, {})).toMatchObject({
      status: 400,
      body: { error: GENDER_TEXT.closed.hommes },
    });
    expect(await waitingIdsOf(t, full.id)).toEqual([]);

    // A player of another level asks the organiser: not for a match her gender cannot play.
    const open = await ruled(organiser, 'hommes');
    const other = await createUser(t.deps, { level: 'Niveau 7' });
    await t.db.db.update(users).set({ gender: 'femme' }).where(eq(users.id, other.id));
    expect(await trpcError(t.caller(other).matches.request({ id: open.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.closed.hommes,
    });
    expect(await restAs(t, other, 'POST', `/matches/${open.id}/requests`, {})).toMatchObject({
      status: 400,
      body: { error: GENDER_TEXT.closed.hommes },
    });
  });

  it('a player who never gave their gender is asked for it; once given in the profile, the join goes through', async () => {
    const men = await ruled(await player('homme'), 'hommes');
    const newcomer = await player(null, 'Hugo Nouveau');
    expect(await joinTrpc(newcomer, men.id)).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.needed,
    });
    expect(await joinRest(newcomer, men.id)).toMatchObject({
      status: 400,
      body: { error: GENDER_TEXT.needed },
    });
    // An open match asks nothing.
    const open = await ruled(await player(null), 'ouvert');
    expect((await joinTrpc(newcomer, open.id)).code).toBe('NO_ERROR');

    await t
      .caller(newcomer)
      .users.update({ name: 'Hugo Nouveau', level: 'Niveau 3', gender: 'homme' });
    expect((await joinTrpc(newcomer, men.id)).code).toBe('NO_ERROR');
    expect(await participantIdsOf(t, men.id)).toEqual([newcomer.id]);
  });

  it('create and edit refuse a rule the organiser or the players already in do not fit', async () => {
    const nobody = await player(null);
    const base = {
      place_id: placeId,
      date: '2026-06-29',
      time: '20:00',
      levels: ['Niveau 3'],
      slots: 3,
    };
    expect(await trpcError(t.caller(nobody).matches.create({ ...base, gender: 'hommes' }))).toEqual(
      { code: 'BAD_REQUEST', message: GENDER_TEXT.organiserNeeded },
    );
    const woman = await player('femme');
    expect(
      await restAs(t, woman, 'POST', '/matches', {
        ...base,
        created_by: woman.id,
        gender: 'hommes',
      }),
    ).toMatchObject({ status: 400, body: { error: GENDER_TEXT.ruleBreaksPlayers } });

    const organiser = await player('homme');
    const m = await ruled(organiser, 'ouvert');
    await t.caller(woman).matches.join({ id: m.id });
    const { date, time } = (await matchRow(t, m.id))!;
    const edit = { id: m.id, ...base, date, time: time.slice(0, 5) };
    expect(
      await trpcError(t.caller(organiser).matches.update({ ...edit, gender: 'hommes' })),
    ).toEqual({ code: 'BAD_REQUEST', message: GENDER_TEXT.ruleBreaksPlayers });
    expect((await matchRow(t, m.id))?.gender).toBe('ouvert');
    // « Mixte » fits a man and a woman.
    await t.caller(organiser).matches.update({ ...edit, gender: 'mixte' });
    expect((await matchRow(t, m.id))?.gender).toBe('mixte');
  });
});

describe('« Mixte »: two men and two women', () => {
  it('with its two men in, a third man is refused (the page says who it is still open to); a woman gets in', async () => {
    const m = await ruled(await player('homme'), 'mixte');
    await t.caller(await player('homme')).matches.join({ id: m.id });
    const man = await player('homme');
    expect(await joinTrpc(man, m.id)).toEqual({
      code: 'BAD_REQUEST',
      message: GENDER_TEXT.closed.mixte('homme'),
    });
    expect((await t.caller(man).matches.byId({ id: m.id })).open_to).toEqual(['femme']);
    const woman = await player('femme');
    expect((await joinRest(woman, m.id)).status).toBe(200);
  });

  it('the waiting list skips a man for a seat a woman left: the woman behind him gets it, he keeps his place in line', async () => {
    const m = await ruled(await player('homme'), 'mixte');
    const [man2] = await many(1, 'homme');
    const [w1, w2] = await many(2, 'femme');
    for (const p of [man2!, w1!, w2!]) await t.caller(p).matches.join({ id: m.id });
    const waitingMan = await player('homme');
    const waitingWoman = await player('femme');
    await t.caller(waitingMan).matches.joinWaitlist({ id: m.id });
    await t.caller(waitingWoman).matches.joinWaitlist({ id: m.id });

    await t.caller(w1).matches.leave({ id: m.id });
    expect(await participantIdsOf(t, m.id)).toContain(waitingWoman.id);
    expect(await participantIdsOf(t, m.id)).not.toContain(waitingMan.id);
    expect(await waitingIdsOf(t, m.id)).toEqual([waitingMan.id]);
    expect((await t.caller(waitingMan).matches.byId({ id: m.id })).waitlist_position).toBe(1);

    // A man's seat frees: he is next.
    await t.caller(man2).matches.leave({ id: m.id });
    expect(await participantIdsOf(t, m.id)).toContain(waitingMan.id);
    expect(await waitingIdsOf(t, m.id)).toEqual([]);
    expect((await matchRow(t, m.id))?.missingPlayers).toBe(0);
  });

  it('a result needs one man and one woman in each team', async () => {
    const organiser = await player('homme');
    const m = await ruled(organiser, 'mixte');
    const man = await player('homme');
    const [w1, w2] = await many(2, 'femme');
    for (const p of [man, w1!, w2!]) await t.caller(p).matches.join({ id: m.id });
    const started = t.clock.now();
    t.clock.set('2026-06-11T21:30:00Z');
    try {
      const sets = [
        [6, 2],
        [6, 3],
      ];
      const menVsWomen = [
        [organiser.id, man.id],
        [w1!.id, w2!.id],
      ];
      expect(
        await trpcError(t.caller(man).results.enter({ id: m.id, teams: menVsWomen, sets })),
      ).toEqual({
        code: 'BAD_REQUEST',
        message: GENDER_TEXT.mixteTeams,
      });
      expect(
        await restAs(t, man, 'PUT', `/matches/${m.id}/result`, { teams: menVsWomen, sets }),
      ).toMatchObject({ status: 400, body: { error: GENDER_TEXT.mixteTeams } });
      const mixed = [
        [organiser.id, w1!.id],
        [man.id, w2!.id],
      ];
      expect(
        (await restAs(t, man, 'PUT', `/matches/${m.id}/result`, { teams: mixed, sets })).status,
      ).toBe(200);
    } finally {
      t.clock.set(started);
    }
  });
});

describe('the player’s gender is theirs alone', () => {
  it('their own answers carry it; the admin list, a match page and a profile never do', async () => {
    const julie = await player('femme', 'Julie Martin');
    const admin = await createAdmin(t.deps);
    expect((await t.caller(julie).auth.me())?.gender).toBe('femme');
    expect((await restAs(t, julie, 'GET', `/users/${julie.id}`)).body.user?.gender).toBe('femme');
    const m = await ruled(await player('homme'), 'mixte');
    await t.caller(julie).matches.join({ id: m.id });
    const stranger = await player('homme');
    const seen = [
      await restAs(t, admin, 'GET', '/admin/users'),
      await restAs(t, stranger, 'GET', `/matches/${m.id}`),
      await restAs(t, julie, 'GET', `/matches/${m.id}`),
      await restAs(t, stranger, 'GET', `/users/${julie.id}/profile`),
    ];
    for (const res of seen) {
      expect(res.status).toBe(200);
      expect(res.raw.body).not.toMatch(/"gender":"(homme|femme)"|"femme"(?!\])/);
    }
    expect(JSON.stringify(await t.caller(admin).admin.users.list())).not.toMatch(
      /"gender"|homme|femme/,
    );
  });
});

if (!onPostgres)
  console.warn(
    '[gender-rule] concurrent joins skipped: PGlite runs one transaction at a time (run with TEST_DATABASE_URL)',
  );

describe.runIf(onPostgres)('bursts on PostgreSQL', () => {
  it('20 men joining at once a « Mixte » match that has its two men: none gets in; then women still can', async () => {
    const m = await ruled(await player('homme'), 'mixte');
    await t.caller(await player('homme')).matches.join({ id: m.id });
    const men = await many(20, 'homme');
    const results = await Promise.all(men.map((u) => joinTrpc(u, m.id)));
    expect(results).toEqual(
      men.map(() => ({ code: 'BAD_REQUEST', message: GENDER_TEXT.closed.mixte('homme') })),
    );
    expect((await matchRow(t, m.id))?.missingPlayers).toBe(2);
    expect(await participantIdsOf(t, m.id)).toHaveLength(1);

    const women = await many(5, 'femme');
    const joined = await Promise.all(women.map((u) => joinRest(u, m.id)));
    expect(joined.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = joined.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused)
      expect(r).toMatchObject({ status: 409, body: { error: MSG.match.full } });
    expect((await matchRow(t, m.id))?.missingPlayers).toBe(0);
  });

  it('10 men and 10 women joining an empty « Mixte » match at once: exactly one man and two women get in', async () => {
    const organiser = await player('homme');
    const m = await ruled(organiser, 'mixte');
    const men = await many(10, 'homme');
    const women = await many(10, 'femme');
    const everyone = men.flatMap((u, i) => [u, women[i]!]);
    await Promise.all(everyone.map((u) => joinTrpc(u, m.id)));
    const seated = await participantIdsOf(t, m.id);
    expect(seated.filter((id) => men.some((u) => u.id === id))).toHaveLength(1);
    expect(seated.filter((id) => women.some((u) => u.id === id))).toHaveLength(2);
    expect((await matchRow(t, m.id))?.missingPlayers).toBe(0);
  });
});
