import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardActiveWeeks,
  dashboardWeeksDone,
  matchParticipants,
  matches,
  outbox,
  users,
} from '../../db/schema';
import { materialiseRecentWeeks } from '../../server/services/admin/dashboard-weeks';
import { addDays } from '../../common/schedule';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { createPlace } from './matches-support';

/**
 * The dashboard's figures against a small data set whose answers are worked out by hand below
 * (not by the dashboard's SQL). Times are UTC; the app's zone is Europe/Paris (UTC+2 in May and
 * June), so a few rows sit on the edge of a local week or of the period on purpose.
 *
 * Period 2026-05-25 (Monday) – 2026-06-07 (Sunday): weeks W1 = 05-25, W2 = 06-01.
 */
let t: TestContext;
let admin: TestUser;
let placeA: number;
let placeB: number;
const u: number[] = [];

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestContext({ now: '2026-06-10T10:00:00Z' });
  admin = await createAdmin(t.deps);
  placeA = (await createPlace(t, { name: 'Club A' })).id;
  placeB = (await createPlace(t, { name: 'Club B' })).id;
  // Sign-ups: u1 Mon 05-25 (W1); u2 Sun 05-31 23:00 Paris (W1); u3 Mon 06-01 02:00 Paris (W2);
  // u4 06-10 (after the period). The admin signed up "now" (the machine's date): outside too.
  const signups = [
    '2026-05-25T07:00:00Z',
    '2026-05-31T21:00:00Z',
    '2026-06-01T00:00:00Z',
    '2026-06-10T08:00:00Z',
  ];
  for (const when of signups) {
    const user = await createUser(t.deps);
    await t.db.db
      .update(users)
      .set({ createdAt: at(when) })
      .where(eq(users.id, user.id));
    u.push(user.id);
  }
  const [u1, u2, u3, u4] = u as [number, number, number, number];
  const m = async (o: {
    place: number;
    by: number;
    created: string;
    filled?: string;
    missing: number;
    date: string;
    time: string;
  }) => {
    const [row] = await t.db.db
      .insert(matches)
      .values({
        placeId: o.place,
        createdBy: o.by,
        date: o.date,
        time: o.time,
        levels: ['Niveau 3'],
        slots: 2,
        missingPlayers: o.missing,
        createdAt: at(o.created),
        filledAt: o.filled ? at(o.filled) : null,
      })
      .returning({ id: matches.id });
    return row!.id;
  };
  // M1: A, created W1, filled 2 h later (7,200 s), played Sat 05-30 18:00.
  const m1 = await m({
    place: placeA,
    by: u1,
    created: '2026-05-25T08:00:00Z',
    filled: '2026-05-25T10:00:00Z',
    missing: 0,
    date: '2026-05-30',
    time: '18:00',
  });
  // M2: A, created W1, one place left, played Sat 05-30 18:30.
  await m({
    place: placeA,
    by: u1,
    created: '2026-05-26T12:00:00Z',
    missing: 1,
    date: '2026-05-30',
    time: '18:30',
  });
  // M3: B, created W2, filled a day later (86,400 s), played Fri 06-05 09:00.
  const m3 = await m({
    place: placeB,
    by: u2,
    created: '2026-06-02T09:00:00Z',
    filled: '2026-06-03T09:00:00Z',
    missing: 0,
    date: '2026-06-05',
    time: '09:00',
  });
  // M4: B, created Sun 06-07 23:30 Paris (W2, last hour of the period), filled 3 h later
  // (10,800 s), played 06-20 (after the period).
  const m4 = await m({
    place: placeB,
    by: u3,
    created: '2026-06-07T21:30:00Z',
    filled: '2026-06-08T00:30:00Z',
    missing: 0,
    date: '2026-06-20',
    time: '10:00',
  });
  // M5: A, created Mon 06-08 00:30 Paris (after the period), played Sat 06-06 18:00 (inside).
  await m({
    place: placeA,
    by: u4,
    created: '2026-06-07T22:30:00Z',
    missing: 2,
    date: '2026-06-06',
    time: '18:00',
  });
  // M6: A, created Sun 05-24 23:59 Paris and played 05-24: before the period on both counts.
  await m({
    place: placeA,
    by: u4,
    created: '2026-05-24T21:59:00Z',
    missing: 2,
    date: '2026-05-24',
    time: '20:00',
  });
  await t.db.db.insert(matchParticipants).values([
    { matchId: m1, userId: u2, joinedAt: at('2026-05-25T09:00:00Z') },
    { matchId: m1, userId: u3, joinedAt: at('2026-05-25T10:00:00Z') },
    { matchId: m3, userId: u4, joinedAt: at('2026-06-02T10:00:00Z') },
    { matchId: m3, userId: u1, joinedAt: at('2026-06-03T09:00:00Z') },
    // Mon 06-08 02:30 Paris: after the period.
    { matchId: m4, userId: u4, joinedAt: at('2026-06-08T00:30:00Z') },
  ]);
  const n = (o: {
    channel: 'email' | 'sms' | 'push';
    created: string;
    sent?: boolean;
    failed?: string;
  }) => ({
    channel: o.channel,
    event: 'joined',
    recipient: 'x@example.fr',
    body: 'texte',
    createdAt: at(o.created),
    sentAt: o.sent ? at(o.created) : null,
    failedAt: o.failed ? at(o.created) : null,
    lastError: o.failed ?? null,
  });
  await t.db.db.insert(outbox).values([
    n({ channel: 'email', created: '2026-05-26T10:00:00Z', sent: true }),
    n({ channel: 'email', created: '2026-06-02T10:00:00Z', sent: true }),
    n({ channel: 'email', created: '2026-06-02T11:00:00Z', failed: 'Connection refused' }),
    n({
      channel: 'email',
      created: '2026-06-02T12:00:00Z',
      failed: 'stale: not sent within 12 h of being due',
    }),
    n({ channel: 'email', created: '2026-06-03T12:00:00Z' }),
    n({ channel: 'sms', created: '2026-06-04T12:00:00Z', failed: 'Twilio 500' }),
    // A push whose device is gone (no subscription): dropped.
    n({
      channel: 'push',
      created: '2026-06-05T12:00:00Z',
      failed: 'Received unexpected response code 410',
    }),
    n({ channel: 'push', created: '2026-06-05T13:00:00Z', sent: true }),
    // After the period (Mon 06-08 12:00 Paris): not counted.
    n({ channel: 'email', created: '2026-06-08T10:00:00Z', sent: true }),
  ]);
}, 60_000);
afterAll(() => t.close());

const period = { from: '2026-05-25', to: '2026-06-07' };

describe('admin dashboard figures (known answers)', () => {
  it('counts matches created and filled per local week, the fill rate and the median time to fill', async () => {
    const d = await t.caller(admin).admin.dashboard.get(period);
    // Created in the period: M1, M2 (W1), M3, M4 (W2); filled: M1, M3, M4.
    expect(d.totals).toEqual({
      created: 4,
      filled: 3,
      fill_rate: 0.75,
      median_fill_seconds: 10_800, // median of 7,200, 86,400 and 10,800
      signups: 3,
    });
    expect(d.weeks).toEqual([
      // W1 active: u1 (created M1, M2), u2 and u3 (joined M1); W2: u2, u3 (created M3, M4), u4, u1 (joined M3).
      { week: '2026-05-25', created: 2, filled: 1, active_players: 3, signups: 2 },
      { week: '2026-06-01', created: 2, filled: 2, active_players: 4, signups: 1 },
    ]);
  });

  it('counts where and when matches are played in the period', async () => {
    const d = await t.caller(admin).admin.dashboard.get(period);
    // Played 05-25..06-07: M1, M2, M5 at A (Saturdays, 18 h), M3 at B (Friday, 9 h).
    expect(d.places).toEqual([
      { place_id: placeA, name: 'Club A', matches: 3 },
      { place_id: placeB, name: 'Club B', matches: 1 },
    ]);
    expect(d.heatmap).toEqual([
      { dow: 5, hour: 9, matches: 1 },
      { dow: 6, hour: 18, matches: 3 },
    ]);
  });

  it('counts notices sent, failed, dropped and waiting per channel', async () => {
    const d = await t.caller(admin).admin.dashboard.get(period);
    expect(d.notices).toEqual([
      { channel: 'email', sent: 2, failed: 1, dropped: 1, pending: 1 },
      { channel: 'sms', sent: 0, failed: 1, dropped: 0, pending: 0 },
      { channel: 'push', sent: 1, failed: 0, dropped: 1, pending: 0 },
    ]);
  });

  it('filters by place', async () => {
    const d = await t.caller(admin).admin.dashboard.get({ ...period, place_id: placeA });
    // At A: M1 (filled after 7,200 s) and M2 created; active W1: u1, u2, u3; W2: nobody.
    expect(d.totals).toMatchObject({
      created: 2,
      filled: 1,
      fill_rate: 0.5,
      median_fill_seconds: 7_200,
    });
    expect(d.weeks.map((w) => [w.week, w.created, w.filled, w.active_players])).toEqual([
      ['2026-05-25', 2, 1, 3],
      ['2026-06-01', 0, 0, 0],
    ]);
    expect(d.places).toEqual([{ place_id: placeA, name: 'Club A', matches: 3 }]);
  });

  it('defaults to the last 12 weeks, this one included', async () => {
    const d = await t.caller(admin).admin.dashboard.get();
    // Today is Wednesday 2026-06-10 in Paris: its week starts on 06-08, the 12th back on 03-23.
    expect(d.to).toBe('2026-06-10');
    expect(d.from).toBe('2026-03-23');
    expect(d.weeks).toHaveLength(12);
    expect(d.weeks[0]?.week).toBe('2026-03-23');
    expect(d.weeks[11]?.week).toBe('2026-06-08');
    // M5 (created Mon 06-08 00:30 Paris) is in the last week; M6 (Sun 05-24) in the one before W1.
    expect(d.weeks[11]?.created).toBe(1);
    expect(d.weeks.find((w) => w.week === '2026-05-18')?.created).toBe(1);
    expect(d.totals.created).toBe(6);
  });

  it('refuses a reversed or too long period in French, and non-admins', async () => {
    await expect(
      t.caller(admin).admin.dashboard.get({ from: '2026-06-07', to: '2026-05-25' }),
    ).rejects.toThrow('La date de début doit précéder la date de fin.');
    await expect(
      t.caller(admin).admin.dashboard.get({ from: '2025-01-01', to: '2026-06-01' }),
    ).rejects.toThrow('La période ne peut pas dépasser 366 jours.');
    await expect(
      t.caller(admin).admin.dashboard.get({ from: '2026-02-30', to: '2026-03-01' }),
    ).rejects.toThrow('La date de début doit être une date valide');
    const player = await createUser(t.deps);
    await expect(t.caller(player).admin.dashboard.get(period)).rejects.toThrow(
      'Accès refusé. Cette action est réservée aux administrateurs.',
    );
    // Rights are read from the database on each call (through the session): a demoted admin is
    // refused at once.
    const former = await createAdmin(t.deps);
    const url = `/trpc/admin.dashboard.get?input=${encodeURIComponent(JSON.stringify(period))}`;
    expect((await t.app.inject({ url, headers: former.headers })).statusCode).toBe(200);
    await t.db.db.update(users).set({ isAdmin: false }).where(eq(users.id, former.id));
    const refused = await t.app.inject({ url, headers: former.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Accès refusé');
  });
});

describe('closed weeks are materialised once', () => {
  it('stores a closed week’s active players once, whoever asks, and answers the same from them', async () => {
    const before = await t.caller(admin).admin.dashboard.get(period);
    // Two instances' background jobs at once: each row stored once (primary keys), no error.
    await Promise.all([
      materialiseRecentWeeks(t.db.db, '2026-06-10', 'Europe/Paris'),
      materialiseRecentWeeks(t.db.db, '2026-06-10', 'Europe/Paris'),
    ]);
    const done = await t.db.db.select().from(dashboardWeeksDone);
    // The 11 closed weeks before the current one (06-08), from 03-23 to 06-01.
    expect(done.map((d) => d.week).sort()).toEqual(
      Array.from({ length: 11 }, (_, i) => addDays('2026-03-23', 7 * i)),
    );
    const w1 = await t.db.db
      .select({ u: dashboardActiveWeeks.userId })
      .from(dashboardActiveWeeks)
      .where(eq(dashboardActiveWeeks.week, '2026-05-25'));
    expect(w1.map((r) => r.u).sort((a, b) => a - b)).toEqual([u[0], u[1], u[2]]);
    expect(await t.caller(admin).admin.dashboard.get(period)).toEqual(before);
  });
});

describe('filled_at follows the last place', () => {
  it('is set by the join that takes the last place and cleared when a place frees', async () => {
    const creator = await createUser(t.deps);
    const [p1, p2] = [await createUser(t.deps), await createUser(t.deps)];
    const match = await t.caller(creator).matches.create({
      place_id: placeA,
      date: '2026-06-12',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 2,
    });
    const filledAt = async () =>
      (
        await t.db.db.select({ f: matches.filledAt }).from(matches).where(eq(matches.id, match.id))
      )[0]?.f ?? null;
    await t.caller(p1).matches.join({ id: match.id });
    expect(await filledAt()).toBeNull();
    await t.caller(p2).matches.join({ id: match.id });
    expect(await filledAt()).toBeInstanceOf(Date);
    await t.caller(p1).matches.leave({ id: match.id });
    expect(await filledAt()).toBeNull();
    await t.db.db.delete(matchParticipants).where(inArray(matchParticipants.userId, [p2.id]));
  });
});
