import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { createPlace, insertMatch, trpcError } from './matches-support';

// 22:10 UTC on 30 June is 00:10 on 1 July in Paris (UTC+2 in summer): "today" is 1 July there.
const NEAR_MIDNIGHT = '2026-06-30T22:10:00Z';
let t: TestContext;
let owner: TestUser;
let player: TestUser;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NEAR_MIDNIGHT });
  [owner, player] = await Promise.all([createUser(t.deps), createUser(t.deps)]);
  placeId = (await createPlace(t)).id;
});
afterAll(() => t.close());

const input = (date: string, time: string) => ({
  place_id: placeId,
  date,
  time,
  levels: ['Niveau 3'],
  slots: 2,
});

describe('dates and times follow APP_TIMEZONE (Europe/Paris), not UTC', () => {
  it('counts today and the 30-day window from the Paris date just after midnight', async () => {
    t.clock.set(NEAR_MIDNIGHT);
    const s = await t.caller().matches.schedule();
    expect(s).toMatchObject({ timezone: 'Europe/Paris', today: '2026-07-01', now: '00:10' });
    expect(s.createDates[0]).toBe('2026-07-01');
    expect(s.createDates.at(-1)).toBe('2026-07-30');
    expect(s.editDates).toHaveLength(30);
    expect(s.createTimes[0]).toBe('07:00');
    expect(s.editTimes).toEqual(s.createTimes);
    expect(s.createTimes.at(-1)).toBe('21:30');

    // 30 June is still "today" in UTC but already past in Paris.
    expect(await trpcError(t.caller(owner).matches.create(input('2026-06-30', '21:30')))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.datePast,
    });
    // 30 July is the 30th Paris day (UTC would stop at 29 July); 31 July is one too far.
    expect((await t.caller(owner).matches.create(input('2026-07-30', '21:30'))).date).toBe(
      '2026-07-30',
    );
    expect(
      await trpcError(t.caller(owner).matches.create(input('2026-07-31', '07:00'))),
    ).toMatchObject({
      message: MSG.match.dateTooFar(30),
    });
  });

  it('lists a late-evening match of 30 June as finished and an early match of 1 July as upcoming', async () => {
    t.clock.set(NEAR_MIDNIGHT);
    const late = await insertMatch(t, {
      placeId,
      createdBy: owner.id,
      date: '2026-06-30',
      time: '21:30',
    });
    const early = await t.caller(owner).matches.create(input('2026-07-01', '07:00'));
    const listed = (await t.caller().matches.list({ to: '2026-07-01' })).items.map((m) => m.id);
    expect(listed).toEqual([early.id]);
    const mine = await t.caller(owner).matches.mine();
    expect(mine.matches.find((m) => m.id === late.id)).toMatchObject({ is_finished: true });
    expect(mine.matches.find((m) => m.id === early.id)).toMatchObject({ is_finished: false });
    expect(await trpcError(t.caller(player).matches.join({ id: late.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.finished,
    });
  });

  it('turns the 07:00 match finished at 07:10 Paris time (05:10 UTC, when UTC would still call it upcoming)', async () => {
    t.clock.set('2026-06-30T20:00:00Z');
    const m = await t.caller(owner).matches.create(input('2026-07-01', '07:00'));
    await t.caller(player).matches.join({ id: m.id });

    t.clock.set('2026-07-01T04:59:00Z'); // 06:59 in Paris
    expect((await t.caller().matches.list({ to: '2026-07-01' })).items.map((x) => x.id)).toContain(
      m.id,
    );
    expect((await t.caller(player).matches.mine()).counters.upcoming).toBe(1);

    t.clock.set('2026-07-01T05:10:00Z'); // 07:10 in Paris
    expect(
      (await t.caller().matches.list({ to: '2026-07-01' })).items.map((x) => x.id),
    ).not.toContain(m.id);
    const mine = await t.caller(player).matches.mine();
    expect(mine.matches.find((x) => x.id === m.id)).toMatchObject({ is_finished: true });
    expect(mine.counters).toEqual({ created: 0, joined: 1, upcoming: 0, waiting: 0 });
    expect(await trpcError(t.caller(player).matches.leave({ id: m.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.finished,
    });
  });

  it('follows another APP_TIMEZONE when configured', async () => {
    const ny = await createTestContext({
      now: NEAR_MIDNIGHT,
      env: { APP_TIMEZONE: 'America/New_York' },
    });
    try {
      expect(await ny.caller().matches.schedule()).toMatchObject({
        timezone: 'America/New_York',
        today: '2026-06-30',
        now: '18:10',
      });
    } finally {
      await ny.close();
    }
  });
});
