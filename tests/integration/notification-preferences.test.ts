import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { PREFS_TEXT } from '../../common/notification-types';
import type { TNotificationPreferences } from '../../common/schemas/notification-preferences';
import { outbox, users } from '../../db/schema';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import type { WorkerConsumer } from '../../server/worker/loop';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { mailHeader, startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { afterLog } from '../support/worker';
import { DEFAULT_PREFERENCES } from '../support/notification-preferences';
import { createPlace } from './matches-support';

/**
 * Notification preferences (issue 41): channels, types and quiet hours, over REST and tRPC, and
 * what the outbox worker does with them, mails through a real SMTP server.
 */
const PUBLIC_URL = 'https://padel.example.fr';
const NIGHT = '2026-06-10T21:00:00Z'; // 23:00 in Paris
let t: TestContext;
let smtp: SmtpTestServer;
let worker: WorkerConsumer;
let club: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ now: NIGHT, env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  worker = afterLog(t.deps, createOutboxWorker(t.deps));
  club = (await createPlace(t, { name: 'Club Tranquille' })).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  t.clock.set(NIGHT);
  smtp.clear();
});

const DEFAULTS = DEFAULT_PREFERENCES;
const url = (u: TestUser) => `/users/${u.id}/notification-preferences`;
const mailsTo = (u: TestUser) => smtp.mails.filter((m) => m.to.includes(u.email!.toLowerCase()));

describe('saving preferences', () => {
  it('starts with every type on and quiet hours 22:00–08:00, and saves them whole (REST and tRPC)', async () => {
    const lea = await createUser(t.deps);
    expect(await restAs(t, lea, 'GET', url(lea))).toMatchObject({ status: 200, body: DEFAULTS });
    const mine: TNotificationPreferences = {
      channels: { email: true, sms: false, push: false },
      types: { ...DEFAULTS.types, chat: false, groups: false },
      quiet_hours: { from: '23:30', to: '07:00' },
    };
    expect(await restAs(t, lea, 'PUT', url(lea), mine)).toMatchObject({ status: 200, body: mine });
    expect(await t.caller(lea).users.notificationPreferences()).toEqual(mine);
    const none = { ...mine, quiet_hours: null };
    expect(await t.caller(lea).users.updateNotificationPreferences(none)).toEqual(none);
    // The older e-mail/SMS switches read the same columns.
    expect(await t.caller(lea).users.notifications()).toEqual({
      notify_email: true,
      notify_sms: false,
    });
  });

  it('refuses bad input in French and another player’s preferences, changing nothing', async () => {
    const max = await createUser(t.deps);
    const cases: [object, string][] = [
      [{ ...DEFAULTS, quiet_hours: { from: '22:00', to: '22:00' } }, PREFS_TEXT.quietSame],
      [{ ...DEFAULTS, quiet_hours: { from: '25:00', to: '08:00' } }, PREFS_TEXT.time],
      [{ ...DEFAULTS, quiet_hours: { from: '22h', to: '08:00' } }, PREFS_TEXT.time],
      [{ ...DEFAULTS, types: { ...DEFAULTS.types, chat: 'non' } }, PREFS_TEXT.invalid],
      [{ channels: DEFAULTS.channels, quiet_hours: null }, PREFS_TEXT.invalid],
      [{ channels: 'tout', types: DEFAULTS.types, quiet_hours: null }, PREFS_TEXT.invalid],
    ];
    for (const [body, message] of cases) {
      const res = await restAs(t, max, 'PUT', url(max), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const other = await createUser(t.deps);
    const theirs = await restAs(t, max, 'PUT', url(other), { ...DEFAULTS, quiet_hours: null });
    expect(theirs).toMatchObject({ status: 403, body: { error: MSG.auth.notYours } });
    expect((await restAs(t, max, 'GET', url(other))).status).toBe(403);
    expect(await t.caller(max).users.notificationPreferences()).toEqual(DEFAULTS);
    expect(await t.caller(other).users.notificationPreferences()).toEqual(DEFAULTS);
  });
});

describe('what the worker does with them', () => {
  /** `owner`'s match at `date` `time`, and a player joining it: a "joined" notice to `owner`. */
  async function joinOf(owner: TestUser, date: string, time: string) {
    const m = await t.caller(owner).matches.create({
      place_id: club,
      date,
      time,
      levels: ['Niveau 3'],
      slots: 3,
    });
    await t.caller(await createUser(t.deps)).matches.join({ id: m.id });
    return m.id;
  }

  it('holds a notice in quiet hours until they end, except for a match within 3 h', async () => {
    const owner = await createUser(t.deps, { name: 'Olga Nuit' });
    await joinOf(owner, '2026-06-13', '19:00');
    await worker.runOnce();
    expect(mailsTo(owner)).toEqual([]);
    const [held] = await t.db.db
      .select({ sendAfter: outbox.sendAfter, attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.userId, owner.id), eq(outbox.channel, 'email')));
    // 08:00 in Paris, and the hold counted no attempt.
    expect(held).toEqual({ sendAfter: new Date('2026-06-11T06:00:00Z'), attempts: 0 });

    t.clock.set('2026-06-11T05:59:00Z');
    await worker.runOnce();
    expect(mailsTo(owner)).toEqual([]);
    t.clock.set('2026-06-11T06:00:30Z');
    await worker.runOnce();
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(owner)[0]!.text).toContain('a rejoint votre match');

    // Quiet from 18:00: at 19:00 a join to tonight's 21:00 match is urgent, tomorrow's waits.
    const eve = await createUser(t.deps, { name: 'Eve Soir' });
    await t.caller(eve).users.updateNotificationPreferences({
      ...DEFAULTS,
      quiet_hours: { from: '18:00', to: '08:00' },
    });
    t.clock.set('2026-06-11T17:00:00Z');
    smtp.clear();
    await joinOf(eve, '2026-06-11', '21:00');
    await joinOf(eve, '2026-06-12', '21:00');
    await worker.runOnce();
    expect(mailsTo(eve)).toHaveLength(1);
    expect(mailsTo(eve)[0]!.text).toContain('11 juin');
  });

  it('sends at once to a player without quiet hours', async () => {
    const owl = await createUser(t.deps, { name: 'Hibou' });
    await t.caller(owl).users.updateNotificationPreferences({ ...DEFAULTS, quiet_hours: null });
    await joinOf(owl, '2026-06-13', '20:00');
    await worker.runOnce();
    expect(mailsTo(owl)).toHaveLength(1);
  });

  it('skips a type turned off, on every channel; one-click unsubscribe turns off the mail’s type', async () => {
    const rita = await createUser(t.deps, { name: 'Rita Rappel' });
    const other = await createUser(t.deps, { name: 'Sam Rappel' });
    for (const u of [rita, other])
      await t.caller(u).users.updateNotificationPreferences({ ...DEFAULTS, quiet_hours: null });
    const m = await t.caller(rita).matches.create({
      place_id: club,
      date: '2026-06-12',
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    await t.caller(other).matches.join({ id: m.id });
    await worker.runOnce();
    smtp.clear();
    await t.caller(rita).users.updateNotificationPreferences({
      ...DEFAULTS,
      types: { ...DEFAULTS.types, reminders: false },
      quiet_hours: null,
    });
    // The day-before reminder falls due (19:00 in Paris on the 11th): Sam gets it, Rita does not.
    t.clock.set('2026-06-11T17:00:30Z');
    await worker.runOnce();
    await worker.runOnce();
    expect(mailsTo(rita)).toEqual([]);
    const [reminder] = mailsTo(other);
    expect(reminder?.text).toContain('Rappel');

    // Its link names the type: one POST turns reminders off for Sam, nothing else.
    const link = /<([^>]+)>/.exec(mailHeader(reminder!, 'List-Unsubscribe') ?? '')![1]!;
    expect(link).toMatch(/&type=reminders$/);
    const path = link.replace(PUBLIC_URL, '');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain(PREFS_TEXT.unsubscribeAsk(PREFS_TEXT.types.reminders));
    const click = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain(PREFS_TEXT.unsubscribeDone(PREFS_TEXT.types.reminders));
    const sam = await t.caller(other).users.notificationPreferences();
    expect(sam.types).toEqual({ ...DEFAULTS.types, reminders: false });
    expect(sam.channels.email).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: path.replace('reminders', 'tout') });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.db
      .select({ muted: users.mutedTypes })
      .from(users)
      .where(eq(users.id, other.id));
    expect(row?.muted).toEqual(['reminders']);
  });

  it('never holds a security code: quiet hours, e-mail off and every type off', async () => {
    const zoe = await createUser(t.deps, { name: 'Zoé Code' });
    await t.caller(zoe).users.updateNotificationPreferences({
      channels: { email: false, sms: false, push: false },
      types: {
        new_match: false,
        refill: false,
        chat: false,
        results: false,
        reminders: false,
        groups: false,
      },
      quiet_hours: { from: '00:00', to: '23:59' },
    });
    await t.caller().auth.requestPinReset({ email: zoe.email! });
    expect(await smtp.codeFor(zoe.email!)).toMatch(/^\d{6}$/);
  });
});
