import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WANT_TEXT } from '../../common/messages-wants';
import type { TWant } from '../../common/schemas/wants';
import { outbox, wantNotices, wants } from '../../db/schema';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { createWantNoticesConsumer } from '../../server/services/wants/notices';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';

/**
 * « Je veux jouer » (issue 41): alerts saved over REST and tRPC, and the matches they fit offered
 * by the log's `wants` consumer, each e-mail through a real SMTP server.
 */
const NOW = '2026-06-10T08:00:00Z';
const SATURDAY = '2026-06-20';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestContext;
let smtp: SmtpTestServer;
let push: PushServiceStandIn;
let owner: TestUser;
let club: number;
let other: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  push = await startPushService();
  t = await createTestContext({ now: NOW, env: { SMTP_URL: smtp.url }, pushAgent: push.agent });
  owner = await createUser(t.deps, { name: 'Organisatrice' });
  club = (await createPlace(t, { name: 'Club des Alertes' })).id;
  other = (await createPlace(t, { name: 'Autre Club' })).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await push.close();
});
beforeEach(async () => {
  t.clock.set(NOW);
  smtp.clear();
  await followLog(t.deps);
  await t.db.db.delete(outbox).where(sql`true`);
});

const saturdayEvening = { weekdays: [6], from: '17:00', to: '21:00', place_ids: [] as number[] };
const save = (u: TestUser, o: Partial<typeof saturdayEvening & { level: string }> = {}) =>
  restAs(t, u, 'POST', '/wants', { ...saturdayEvening, place_ids: [club], ...o });

const newMatch = (o: Partial<{ slots: number; time: string; visibility: 'private' }> = {}) =>
  t.caller(owner).matches.create({
    place_id: club,
    date: SATURDAY,
    time: o.time ?? '18:00',
    levels: ['Niveau 3'],
    slots: o.slots ?? 3,
    ...(o.visibility ? { visibility: o.visibility } : {}),
  });

/** The alert notices queued for `matchId`, by user id (one row per channel). */
const toldOf = async (matchId: number) =>
  (
    await t.db.db
      .select({ userId: outbox.userId, channel: outbox.channel, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.matchId, matchId), eq(outbox.event, 'want_alert')))
  ).sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0));

describe('saving alerts', () => {
  it('saves, lists, renews and deletes an alert; it lives 30 days', async () => {
    const julie = await createUser(t.deps);
    const made = await save(julie, { weekdays: [7, 6, 6] });
    expect(made.status).toBe(201);
    const want = made.body as unknown as TWant;
    expect(want).toMatchObject({ weekdays: [6, 7], from: '17:00', to: '21:00', level: null });
    expect(want.places).toEqual([{ id: club, name: 'Club des Alertes' }]);
    expect(want.expires_at).toBe('2026-07-10T08:00:00.000Z');
    expect(await t.caller(julie).wants.list()).toEqual([want]);

    // Once its day is past it says so; renewing counts 30 days from today.
    await t.db.db
      .update(wants)
      .set({ expiresAt: new Date('2026-06-09T08:00:00Z') })
      .where(eq(wants.id, want.id));
    const [expired] = await t.caller(julie).wants.list();
    expect(expired?.expired).toBe(true);
    t.clock.set('2026-06-12T08:00:00Z');
    const renewed = await restAs(t, julie, 'POST', `/wants/${want.id}/renew`);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({
      message: WANT_TEXT.renewed,
      want: { expires_at: '2026-07-12T08:00:00.000Z', expired: false },
    });

    const stranger = await createUser(t.deps);
    const theirs = await restAs(t, stranger, 'DELETE', `/wants/${want.id}`);
    expect(theirs).toMatchObject({ status: 404, body: { error: WANT_TEXT.notFound } });
    await expect(t.caller(stranger).wants.renew({ id: want.id })).rejects.toThrow(
      WANT_TEXT.notFound,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/wants/${want.id}`,
      headers: julie.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.caller(julie).wants.list()).toEqual([]);
  });

  it('refuses bad input in French and saves nothing', async () => {
    const leo = await createUser(t.deps);
    const cases: [object, string][] = [
      [{ from: '21:00', to: '17:00' }, WANT_TEXT.windowOrder],
      [{ from: '18:00', to: '18:00' }, WANT_TEXT.windowOrder],
      [{ from: '7h', to: '21:00' }, WANT_TEXT.time],
      [{ to: '24:00' }, WANT_TEXT.time],
      [{ weekdays: [] }, WANT_TEXT.weekdays],
      [{ weekdays: [0] }, WANT_TEXT.weekdays],
      [{ weekdays: [8] }, WANT_TEXT.weekdays],
      [{ place_ids: [] }, WANT_TEXT.places],
      [{ place_ids: [999_999] }, WANT_TEXT.unknownPlace],
      [{ level: 'Niveau 42' }, WANT_TEXT.unknownLevel],
    ];
    for (const [input, message] of cases) {
      const res = await save(leo, input);
      expect({ input, status: res.status, error: res.body.error }).toEqual({
        input,
        status: 400,
        error: message,
      });
    }
    const closed = (await createPlace(t, { isActive: false })).id;
    expect((await save(leo, { place_ids: [closed] })).body.error).toBe(WANT_TEXT.unknownPlace);
    expect(await t.db.db.$count(wants, eq(wants.userId, leo.id))).toBe(0);
  });

  it(`keeps 10 alerts at most, even when the 9th, 10th and 11th come at once (${DB})`, async () => {
    const emma = await createUser(t.deps);
    for (let i = 0; i < 8; i++) expect((await save(emma)).status).toBe(201);
    const burst = await Promise.all(Array.from({ length: 6 }, () => save(emma)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(2);
    for (const refused of burst.filter((r) => r.status !== 201))
      expect(refused).toMatchObject({ status: 409, body: { error: WANT_TEXT.tooMany(10) } });
    expect(await t.db.db.$count(wants, eq(wants.userId, emma.id))).toBe(10);
  });
});

describe('a match that fits', () => {
  // Each case with its own players' alerts only.
  beforeEach(async () => {
    await t.db.db.delete(wants).where(sql`true`);
  });

  it('is offered once to each player it fits, by e-mail through SMTP, and to nobody else', async () => {
    const fits = await createUser(t.deps, { name: 'Alice Adapte' });
    const higher = await createUser(t.deps);
    const elsewhere = await createUser(t.deps);
    const morning = await createUser(t.deps);
    const weekdays = await createUser(t.deps);
    const expired = await createUser(t.deps);
    await save(fits);
    await save(higher, { level: 'Niveau 5' });
    await save(elsewhere, { place_ids: [other] });
    await save(morning, { from: '08:00', to: '12:00' });
    await save(weekdays, { weekdays: [1, 2, 3, 4, 5] });
    await save(expired);
    await t.db.db
      .update(wants)
      .set({ expiresAt: new Date('2026-06-01T00:00:00Z') })
      .where(eq(wants.userId, expired.id));
    // Her own match is not offered to her.
    await save(owner);

    const m = await newMatch();
    await followLog(t.deps);
    await followLog(t.deps);
    const told = await toldOf(m.id);
    expect(told.map((r) => [r.userId, r.channel])).toEqual([[fits.id, 'email']]);
    expect(told[0]?.body).toContain(
      WANT_TEXT.notify.match('samedi 20 juin à 18:00', 'Club des Alertes', 3),
    );
    expect(told[0]?.body).toContain(`/matches/${m.id}`);

    await createOutboxWorker(t.deps).runOnce();
    expect(smtp.mails.map((mail) => mail.to.join(','))).toEqual([fits.email]);
    expect(smtp.mails[0]?.text).toContain('Club des Alertes');

    // A private match, or one outside the window, is offered to nobody.
    const hidden = await newMatch({ visibility: 'private' });
    const late = await newMatch({ time: '21:30' });
    await followLog(t.deps);
    expect(await toldOf(hidden.id)).toEqual([]);
    expect(await toldOf(late.id)).toEqual([]);
  });

  it('a seat freed in a full match is offered; one a waiting player takes is not', async () => {
    const [x, y, gina] = [
      await createUser(t.deps),
      await createUser(t.deps),
      await createUser(t.deps),
    ];
    const full = await newMatch({ slots: 1 });
    await t.caller(x).matches.join({ id: full.id });
    const queued = await newMatch({ slots: 1, time: '19:00' });
    await t.caller(x).matches.join({ id: queued.id });
    await t.caller(y).matches.joinWaitlist({ id: queued.id });
    await followLog(t.deps);
    await save(gina);
    await followLog(t.deps);
    expect(await toldOf(full.id)).toEqual([]);

    await t.caller(x).matches.leave({ id: full.id });
    await t.caller(x).matches.leave({ id: queued.id });
    await followLog(t.deps);
    expect((await toldOf(full.id)).map((r) => r.userId)).toEqual([gina.id]);
    // Y took the seat from the waiting list: nobody is told of a full match.
    expect(await toldOf(queued.id)).toEqual([]);
    // The player who left is never offered the match again.
    await save(x);
    await t.caller(gina).matches.join({ id: full.id });
    await t.caller(gina).matches.leave({ id: full.id });
    await followLog(t.deps);
    expect((await toldOf(full.id)).map((r) => r.userId)).toEqual([gina.id]);
  });

  it('three a day: the next ones wait and are counted in the following notice', async () => {
    const hugo = await createUser(t.deps);
    await save(hugo, { from: '07:00', to: '22:00' });
    const made = [];
    for (const time of ['08:00', '09:00', '10:00', '11:00']) made.push(await newMatch({ time }));
    await followLog(t.deps);
    const sent = await t.db.db
      .select({ matchId: outbox.matchId })
      .from(outbox)
      .where(and(eq(outbox.userId, hugo.id), eq(outbox.event, 'want_alert')));
    expect(sent.map((r) => r.matchId).sort()).toEqual(made.slice(0, 3).map((m) => m.id));
    expect(
      await t.db.db
        .select({ status: wantNotices.status })
        .from(wantNotices)
        .where(and(eq(wantNotices.userId, hugo.id), eq(wantNotices.matchId, made[3]!.id))),
    ).toEqual([{ status: 'held' }]);

    t.clock.set('2026-06-11T08:00:00Z');
    const next = await newMatch({ time: '12:00' });
    await followLog(t.deps);
    const [told] = await toldOf(next.id).then((rows) => rows.filter((r) => r.userId === hugo.id));
    expect(told?.body).toContain(WANT_TEXT.notify.more(1));
  });

  it('goes to a phone first: a player with a device that takes alerts gets a push, no e-mail', async () => {
    const ines = await createUser(t.deps);
    const phone = push.device();
    expect((await restAs(t, ines, 'POST', '/push/subscriptions', phone.subscription)).status).toBe(
      201,
    );
    await save(ines);
    const m = await newMatch({ time: '20:00' });
    await followLog(t.deps);
    const rows = await t.db.db
      .select({ channel: outbox.channel, event: outbox.event, subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.matchId, m.id), eq(outbox.userId, ines.id)));
    expect(rows).toEqual([{ channel: 'push', event: 'alert', subject: WANT_TEXT.notify.subject }]);

    // The push service receives it, encrypted for that phone, linking the match.
    await createOutboxWorker(t.deps).runOnce();
    const got = push.messages.filter((x) => x.deviceId === phone.id);
    expect(got.map((x) => x.payload)).toEqual([
      expect.objectContaining({ title: WANT_TEXT.notify.subject, url: `/matches/${m.id}` }),
    ]);
    expect(push.rejected).toEqual([]);
    expect(smtp.mails.filter((x) => x.to.includes(ines.email!.toLowerCase()))).toEqual([]);
  });

  it(`two consumers reading the log at once tell each player once (${DB})`, async () => {
    const fans: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await createUser(t.deps);
      await save(u, { weekdays: [7], from: '10:00', to: '11:00' });
      fans.push(u);
    }
    const m = await t.caller(owner).matches.create({
      place_id: club,
      date: '2026-06-21',
      time: '10:30',
      levels: ['Niveau 3'],
      slots: 3,
    });
    await Promise.all([
      createWantNoticesConsumer(t.deps).runOnce(),
      createWantNoticesConsumer(t.deps).runOnce(),
    ]);
    await followLog(t.deps);
    expect((await toldOf(m.id)).map((r) => r.userId)).toEqual(fans.map((u) => u.id));
  });
});
