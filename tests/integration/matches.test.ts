import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, matchRow, setSetting, trpcError } from './matches-support';

// 10:00 in Paris on 10 June 2026: create dates run 2026-06-10 .. 2026-07-09 (30 days).
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let placeId: number;
let closedPlaceId: number;
const base = () => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3', 'Niveau 4'],
  slots: 3,
});

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  [alice, bob, carol] = await Promise.all([
    createUser(t.deps, { name: 'Alice' }),
    createUser(t.deps, { name: 'Bob' }),
    createUser(t.deps, { name: 'Carol' }),
  ]);
  placeId = (await createPlace(t, { name: 'Padel Club Paris' })).id;
  closedPlaceId = (await createPlace(t, { name: 'Fermé', isActive: false })).id;
});
afterAll(() => t.close());

describe('create', () => {
  it('creates a match for the session user with every place still free (tRPC)', async () => {
    const m = await t.caller(alice).matches.create(base());
    expect(m).toMatchObject({
      ...base(),
      place_name: 'Padel Club Paris',
      city: 'Paris',
      missing_players: 3,
      created_by: alice.id,
      creator_name: 'Alice',
      participants: [],
    });
  });

  it('speaks the legacy shape over REST, levels as a JSON string or an array, created_by = self', async () => {
    const res = await restAs(t, alice, 'POST', '/matches', {
      ...base(),
      time: '19:00:00',
      levels: '["Niveau 5"]',
      slots: '2',
      created_by: alice.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: MSG.match.created });
    expect(res.body.match).toMatchObject({
      levels: '["Niveau 5"]',
      time: '19:00:00',
      slots: 2,
      missing_players: 2,
      created_by: alice.id,
    });
    const plain = await restAs(t, alice, 'POST', '/matches', {
      ...base(),
      levels: 'Niveau 1, Niveau 2',
    });
    expect(plain.body.match).toMatchObject({ levels: '["Niveau 1","Niveau 2"]' });
  });

  it('refuses a created_by naming someone else (403) and creates nothing', async () => {
    const before = (await t.caller(alice).matches.mine()).counters.created;
    const res = await restAs(t, alice, 'POST', '/matches', { ...base(), created_by: bob.id });
    expect(res).toMatchObject({ status: 403, body: { success: false, error: MSG.auth.notYours } });
    expect((await t.caller(alice).matches.mine()).counters.created).toBe(before);
    expect((await t.caller(bob).matches.mine()).counters.created).toBe(0);
  });

  it('needs a session', async () => {
    expect(await trpcError(t.caller().matches.create(base()))).toEqual({
      code: 'UNAUTHORIZED',
      message: MSG.auth.required,
    });
    expect(await restAs(t, null, 'POST', '/matches', base())).toMatchObject({
      status: 401,
      body: { error: MSG.auth.required },
    });
  });

  const rejected: [string, Record<string, unknown>, string][] = [
    ['no level', { levels: [] }, MSG.match.levelRequired],
    [
      'too many levels',
      { levels: ['Niveau 1', 'Niveau 2', 'Niveau 3', 'Niveau 4'] },
      MSG.match.tooManyLevels(3),
    ],
    ['an unknown level', { levels: ['Niveau 99'] }, MSG.match.levelUnknown('Niveau 99')],
    ['slots over max_places', { slots: 4 }, MSG.match.slotsRange(3)],
    ['zero slots', { slots: 0 }, MSG.match.slotsRange(3)],
    ['a past date', { date: '2026-06-09' }, MSG.match.datePast],
    ['a date beyond months_ahead*30 days', { date: '2026-07-10' }, MSG.match.dateTooFar(30)],
    ['an off-slot time', { time: '18:15' }, MSG.match.timeOffSlot('07:00', '21:30')],
    ['a time before 07:00', { time: '06:30' }, MSG.match.timeOffSlot('07:00', '21:30')],
    ['a time after 21:30', { time: '22:00' }, MSG.match.timeOffSlot('07:00', '21:30')],
    ['a slot already gone today', { date: '2026-06-10', time: '09:30' }, MSG.match.timePast],
    ['an inactive place', { place_id: -1 }, MSG.match.placeUnknown],
    ['an invalid date', { date: '2026-02-30' }, MSG.match.dateInvalid],
  ];
  it.each(rejected)(
    'refuses %s with its French message over tRPC and REST, creating nothing',
    async (_name, patch, message) => {
      const input = {
        ...base(),
        ...patch,
        ...(patch.place_id === -1 ? { place_id: closedPlaceId } : {}),
      };
      const before = (await t.caller(carol).matches.mine()).counters.created;
      expect(await trpcError(t.caller(carol).matches.create(input))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
      expect(await restAs(t, carol, 'POST', '/matches', input)).toMatchObject({
        status: 400,
        body: { success: false, error: message },
      });
      expect((await t.caller(carol).matches.mine()).counters.created).toBe(before);
    },
  );

  it('follows the admin settings (max_places, max_levels_selection, months_ahead)', async () => {
    await setSetting(t, 'max_places', 5);
    await setSetting(t, 'max_levels_selection', 1);
    await setSetting(t, 'months_ahead', 2);
    try {
      expect(await trpcError(t.caller(carol).matches.create({ ...base(), slots: 5 }))).toEqual({
        code: 'BAD_REQUEST',
        message: MSG.match.tooManyLevels(1),
      });
      const m = await t
        .caller(carol)
        .matches.create({ ...base(), levels: ['Niveau 2'], slots: 5, date: '2026-08-08' });
      expect(m.missing_players).toBe(5);
      expect(
        await trpcError(
          t.caller(carol).matches.create({ ...base(), levels: ['Niveau 2'], date: '2026-08-09' }),
        ),
      ).toMatchObject({
        message: MSG.match.dateTooFar(60),
      });
      expect((await t.caller().matches.schedule()).createDates).toHaveLength(60);
      // Issue 13, item 3: a match 59 days ahead can be edited (its own date is not refused), moved
      // within the window the create form offers, and the edit form offers the same dates.
      expect((await t.caller().matches.schedule()).editDates).toHaveLength(60);
      const edited = await t.caller(carol).matches.update({
        id: m.id,
        ...base(),
        levels: ['Niveau 2'],
        slots: 5,
        date: '2026-08-08',
        time: '19:00',
      });
      expect(edited).toMatchObject({ date: '2026-08-08', time: '19:00' });
      await expect(
        t.caller(carol).matches.update({
          id: m.id,
          ...base(),
          levels: ['Niveau 2'],
          slots: 5,
          date: '2026-08-01',
        }),
      ).resolves.toMatchObject({ date: '2026-08-01' });
      expect(
        await trpcError(
          t
            .caller(carol)
            .matches.update({ id: m.id, ...base(), levels: ['Niveau 2'], date: '2026-08-09' }),
        ),
      ).toMatchObject({
        message: MSG.match.dateTooFar(60),
      });
      // The window shrinks later (months_ahead back to 1): the match keeps its date through an edit of something else.
      await setSetting(t, 'months_ahead', 1);
      await expect(
        t.caller(carol).matches.update({
          id: m.id,
          ...base(),
          levels: ['Niveau 2'],
          slots: 5,
          date: '2026-08-01',
          time: '20:00',
        }),
      ).resolves.toMatchObject({ time: '20:00' });
    } finally {
      await setSetting(t, 'max_places', 3);
      await setSetting(t, 'max_levels_selection', 3);
      await setSetting(t, 'months_ahead', 1);
    }
  });
});

describe('join and leave', () => {
  it('joins, refuses own match, twice and full, with French messages over tRPC and REST', async () => {
    const m = await t.caller(alice).matches.create({ ...base(), slots: 2 });
    expect(await trpcError(t.caller(alice).matches.join({ id: m.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.ownMatch,
    });
    expect(
      await restAs(t, alice, 'POST', `/matches/${m.id}/join`, { user_id: alice.id }),
    ).toMatchObject({
      status: 400,
      body: { success: false, error: MSG.match.ownMatch },
    });

    const joined = await t.caller(bob).matches.join({ id: m.id });
    expect(joined).toMatchObject({
      success: true,
      message: MSG.match.joined,
      match: { missing_players: 1, participants: [{ user_id: bob.id }] },
    });
    expect(await trpcError(t.caller(bob).matches.join({ id: m.id }))).toEqual({
      code: 'CONFLICT',
      message: MSG.match.alreadyJoined,
    });
    expect(await restAs(t, bob, 'POST', `/matches/${m.id}/join`, {})).toMatchObject({
      status: 409,
      body: { error: MSG.match.alreadyJoined },
    });

    const viaRest = await restAs(t, carol, 'POST', `/matches/${m.id}/join`, { user_id: carol.id });
    expect(viaRest).toMatchObject({
      status: 200,
      body: { success: true, message: MSG.match.joined, match: { missing_players: 0 } },
    });

    const dave = await createUser(t.deps);
    expect(await trpcError(t.caller(dave).matches.join({ id: m.id }))).toEqual({
      code: 'CONFLICT',
      message: MSG.match.full,
    });
    expect(await restAs(t, dave, 'POST', `/matches/${m.id}/join`, {})).toMatchObject({
      status: 409,
      body: { success: false, error: MSG.match.full },
    });
    expect(
      await restAs(t, dave, 'POST', `/matches/${m.id}/join`, { user_id: bob.id }),
    ).toMatchObject({
      status: 403,
      body: { error: MSG.auth.notYours },
    });
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 0, slots: 2 });
  });

  it('leaves a match and frees the place; leaving twice is refused', async () => {
    const m = await t.caller(alice).matches.create({ ...base(), slots: 1 });
    await t.caller(bob).matches.join({ id: m.id });
    const left = await restAs(t, bob, 'POST', `/matches/${m.id}/leave`, { user_id: bob.id });
    expect(left).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: MSG.match.left,
        match: { missing_players: 1, participants: [] },
      },
    });
    expect(await trpcError(t.caller(bob).matches.leave({ id: m.id }))).toEqual({
      code: 'CONFLICT',
      message: MSG.match.notJoined,
    });
    expect((await t.caller(carol).matches.join({ id: m.id })).match.missing_players).toBe(0);
  });

  it('answers 404 in French for an unknown match', async () => {
    expect(await trpcError(t.caller(bob).matches.join({ id: 999999 }))).toEqual({
      code: 'NOT_FOUND',
      message: MSG.match.notFound,
    });
    expect(await restAs(t, bob, 'POST', '/matches/999999/join', {})).toMatchObject({
      status: 404,
      body: { error: MSG.match.notFound },
    });
  });
});

describe('update and delete', () => {
  it('lets only the creator edit (403 otherwise, over tRPC and REST) and recomputes missing_players', async () => {
    const m = await t.caller(alice).matches.create(base());
    await t.caller(bob).matches.join({ id: m.id });
    const edit = { ...base(), id: m.id, time: '20:30', levels: ['Niveau 6'], slots: 2 };
    expect(await trpcError(t.caller(bob).matches.update(edit))).toEqual({
      code: 'FORBIDDEN',
      message: MSG.match.creatorOnly,
    });
    expect(
      await restAs(t, bob, 'PUT', `/matches/${m.id}`, { ...edit, user_id: bob.id }),
    ).toMatchObject({
      status: 403,
      body: { success: false, error: MSG.match.creatorOnly },
    });
    expect(
      await restAs(t, bob, 'PUT', `/matches/${m.id}`, { ...edit, user_id: alice.id }),
    ).toMatchObject({
      status: 403,
      body: { error: MSG.auth.notYours },
    });
    expect(await matchRow(t, m.id)).toMatchObject({
      time: '18:00:00',
      slots: 3,
      missingPlayers: 2,
    });

    const updated = await t.caller(alice).matches.update(edit);
    expect(updated).toMatchObject({
      time: '20:30',
      levels: ['Niveau 6'],
      slots: 2,
      missing_players: 1,
      participants: [{ user_id: bob.id }],
    });
    const viaRest = await restAs(t, alice, 'PUT', `/matches/${m.id}`, {
      ...edit,
      slots: 3,
      levels: '["Niveau 7"]',
      user_id: alice.id,
    });
    expect(viaRest).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: MSG.match.updated,
        match: { slots: 3, missing_players: 2, levels: '["Niveau 7"]' },
      },
    });
  });

  it('applies the edit rules (3 levels, 30 days, 07:00–21:30) and keeps slots at or above the joined players', async () => {
    const m = await t.caller(alice).matches.create({ ...base(), slots: 3 });
    await t.caller(bob).matches.join({ id: m.id });
    await t.caller(carol).matches.join({ id: m.id });
    const edit = { ...base(), id: m.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ time: '06:30' }, MSG.match.timeOffSlot('07:00', '21:30')],
      [{ time: '22:00' }, MSG.match.timeOffSlot('07:00', '21:30')],
      [{ date: '2026-07-10' }, MSG.match.dateTooFar(30)],
      [{ date: '2026-06-01' }, MSG.match.datePast],
      [{ levels: ['Niveau 1', 'Niveau 2', 'Niveau 3', 'Niveau 4'] }, MSG.match.tooManyLevels(3)],
      [{ levels: ['Niveau X'] }, MSG.match.levelUnknown('Niveau X')],
      [{ slots: 1 }, MSG.match.slotsBelowJoined(2)],
      [{ slots: 4 }, MSG.match.slotsRange(3)],
    ];
    for (const [patch, message] of cases) {
      expect(await trpcError(t.caller(alice).matches.update({ ...edit, ...patch }))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
      expect(
        await restAs(t, alice, 'PUT', `/matches/${m.id}`, { ...edit, ...patch }),
      ).toMatchObject({
        status: 400,
        body: { error: message },
      });
    }
    expect(await matchRow(t, m.id)).toMatchObject({
      slots: 3,
      missingPlayers: 1,
      date: '2026-06-20',
    });
  });

  it('edits a 07:00 match without moving it, and moves one to 07:00 (one window, issue 38)', async () => {
    const early = await t.caller(alice).matches.create({ ...base(), time: '07:00' });
    const kept = await t.caller(alice).matches.update({
      ...base(),
      id: early.id,
      time: '07:00',
      levels: ['Niveau 5'],
    });
    expect(kept).toMatchObject({ time: '07:00' });
    const later = await t.caller(alice).matches.create(base());
    expect(
      await restAs(t, alice, 'PUT', `/matches/${later.id}`, { ...base(), time: '07:30' }),
    ).toMatchObject({ status: 200 });
    expect((await matchRow(t, later.id))!.time.slice(0, 5)).toBe('07:30');
  });

  it('lets only the creator delete (403 otherwise) and removes the participations with it', async () => {
    const m = await t.caller(alice).matches.create(base());
    await t.caller(bob).matches.join({ id: m.id });
    expect(await trpcError(t.caller(bob).matches.delete({ id: m.id }))).toEqual({
      code: 'FORBIDDEN',
      message: MSG.match.creatorOnly,
    });
    expect(await restAs(t, bob, 'DELETE', `/matches/${m.id}`, { user_id: bob.id })).toMatchObject({
      status: 403,
      body: { success: false, error: MSG.match.creatorOnly },
    });
    expect(await restAs(t, alice, 'DELETE', `/matches/${m.id}`, { user_id: bob.id })).toMatchObject(
      {
        status: 403,
        body: { error: MSG.auth.notYours },
      },
    );
    expect(await matchRow(t, m.id)).toBeDefined();
    expect(
      await restAs(t, alice, 'DELETE', `/matches/${m.id}`, { user_id: alice.id }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: MSG.match.deleted },
    });
    expect(await matchRow(t, m.id)).toBeUndefined();
    expect((await t.caller(bob).matches.mine()).matches.map((x) => x.id)).not.toContain(m.id);
    expect(await trpcError(t.caller(alice).matches.delete({ id: m.id }))).toEqual({
      code: 'NOT_FOUND',
      message: MSG.match.notFound,
    });
  });
});

describe('participants', () => {
  it('shows name, level, phone and join date to the creator and participants only', async () => {
    const m = await t.caller(alice).matches.create(base());
    await t.caller(bob).matches.join({ id: m.id });
    const list = await t.caller(alice).matches.participants({ id: m.id });
    expect(list).toEqual([
      {
        user_id: alice.id,
        name: 'Alice',
        level: 'Niveau 3',
        phone: alice.phone,
        // When the match was created (the database's clock, not the test's).
        joined_at: expect.any(String) as string,
        is_organiser: true,
      },
      {
        user_id: bob.id,
        name: 'Bob',
        level: 'Niveau 3',
        phone: bob.phone,
        joined_at: new Date(NOW).toISOString(),
        is_organiser: false,
      },
    ]);
    expect(await t.caller(bob).matches.participants({ id: m.id })).toEqual(list);
    expect((await restAs(t, alice, 'GET', `/matches/${m.id}/participants`)).body).toEqual(list);
    expect(await trpcError(t.caller(carol).matches.participants({ id: m.id }))).toEqual({
      code: 'FORBIDDEN',
      message: MSG.match.participantsForbidden,
    });
    expect(await restAs(t, carol, 'GET', `/matches/${m.id}/participants`)).toMatchObject({
      status: 403,
      body: { error: MSG.match.participantsForbidden },
    });
    expect(await restAs(t, null, 'GET', `/matches/${m.id}/participants`)).toMatchObject({
      status: 401,
    });
  });

  it('a co-player reaches the organiser as they reach each other: full name, level and phone, on tRPC and REST', async () => {
    const m = await t.caller(alice).matches.create(base());
    await t.caller(bob).matches.join({ id: m.id });
    const organiser = {
      user_id: alice.id,
      name: 'Alice',
      level: 'Niveau 3',
      phone: alice.phone,
      is_organiser: true,
    };
    expect((await t.caller(bob).matches.participants({ id: m.id }))[0]).toMatchObject(organiser);
    expect((await restAs(t, bob, 'GET', `/matches/${m.id}/participants`)).body).toEqual(
      expect.arrayContaining([expect.objectContaining(organiser)]),
    );
    // The match page gives the same co-player the organiser's phone too (the same rule).
    expect((await t.caller(bob).matches.byId({ id: m.id })).organiser.phone).toBe(alice.phone);
    expect((await t.caller(carol).matches.byId({ id: m.id })).organiser.phone).toBeNull();
  });
});
