import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { outbox, smsConfig, smtpConfig } from '../../db/schema';
import {
  createOutboxWorker,
  outboxBacklog,
  STALE_AFTER_MS,
} from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import {
  mailHeader,
  mailPart,
  startSmtpServer,
  type ReceivedMail,
  type SmtpTestServer,
} from '../support/smtp';
import { startTwilioStub, type TwilioStub } from '../support/twilio-stub';
import type { WorkerConsumer } from '../../server/worker/loop';
import { afterLog } from '../support/worker';
import { createPlace } from './matches-support';

const NOW = '2026-06-10T08:00:00Z';
const PUBLIC_URL = 'https://padel.example.fr';
let t: TestContext;
let smtp: SmtpTestServer;
let stub: TwilioStub;
let worker: WorkerConsumer;
let placeId: number;
let owner: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stub = await startTwilioStub();
  t = await createTestContext({
    now: NOW,
    env: { SMTP_URL: smtp.url, PUBLIC_URL },
    twilioBaseUrl: stub.baseUrl,
  });
  worker = afterLog(t.deps, createOutboxWorker(t.deps));
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
  owner = await createUser(t.deps, { name: 'Organisatrice' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await stub.close();
});
beforeEach(() => {
  smtp.clear();
  stub.messages.splice(0);
});

const player = (name: string) => createUser(t.deps, { name });
const fields = (
  o: Partial<{
    date: string;
    time: string;
    slots: number;
    levels: string[];
    place_id: number;
  }> = {},
) => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3'],
  slots: 2,
  ...o,
});
const newMatch = (slots = 2) => t.caller(owner).matches.create(fields({ slots }));
const line = (u: TestUser, subject: string) => `${u.email!.toLowerCase()}: ${subject}`;
/** Subjects are MIME-encoded when they hold accents; compare on the decoded text. */
function subjectOf(mail: ReceivedMail): string {
  const raw = mailHeader(mail, 'Subject') ?? '';
  return raw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
/** Sends what is due, then answers the mails received since the last `smtp.clear()`, as "recipient: subject". */
async function sent(): Promise<string[]> {
  await worker.runOnce();
  return smtp.mails.map((m) => `${m.to.join(',')}: ${subjectOf(m)}`).sort();
}
const expected = (...pairs: [TestUser, string][]) => pairs.map(([u, s]) => line(u, s)).sort();

describe('each event reaches exactly the right recipients', () => {
  it('join and leave: the creator is told; a promoted player learns they play', async () => {
    const [ana, ben, wen] = [await player('Ana'), await player('Ben'), await player('Wen')];
    const m = await newMatch(2);
    expect(await sent()).toEqual([]);
    await t.caller(ana).matches.join({ id: m.id });
    expect(await sent()).toEqual(expected([owner, MSG.notify.joinedSubject('Ana')]));
    smtp.clear();
    await t.caller(ben).matches.join({ id: m.id });
    await t.caller(wen).matches.joinWaitlist({ id: m.id });
    expect(await sent()).toEqual(expected([owner, MSG.notify.joinedSubject('Ben')]));
    smtp.clear();
    await t.caller(ana).matches.leave({ id: m.id });
    expect(await sent()).toEqual(
      expected(
        [owner, MSG.notify.leftSubject('Ana')],
        [owner, MSG.notify.joinedSubject('Wen')],
        [wen, MSG.notify.promotedSubject],
      ),
    );
    const promoted = smtp.mails.find((x) => x.to.includes(wen.email!.toLowerCase()))!;
    expect(promoted.text).toContain(MSG.notify.promotedSubject);
    expect(promoted.text).toContain(`${PUBLIC_URL}/matches/${m.id}`);
    // Sent means sent: another round delivers nothing more.
    smtp.clear();
    expect(await sent()).toEqual([]);
  });

  it('a new date, time or place reaches every player and waiting player (not the creator), with METHOD:PUBLISH; other edits reach nobody', async () => {
    const [ana, ben, wen, out] = [
      await player('Ana'),
      await player('Ben'),
      await player('Wen'),
      await player('Out'),
    ];
    const m = await newMatch(2);
    await t.caller(ana).matches.join({ id: m.id });
    await t.caller(ben).matches.join({ id: m.id });
    await t.caller(wen).matches.joinWaitlist({ id: m.id });
    await t.caller(out).matches.joinWaitlist({ id: m.id });
    await t.caller(out).matches.leaveWaitlist({ id: m.id });
    await worker.runOnce();
    smtp.clear();

    await t
      .caller(owner)
      .matches.update({ id: m.id, ...fields({ levels: ['Niveau 3', 'Niveau 4'] }) });
    expect(await sent()).toEqual([]);

    await t
      .caller(owner)
      .matches.update({ id: m.id, ...fields({ time: '19:30', levels: ['Niveau 3', 'Niveau 4'] }) });
    const when = 'samedi 20 juin à 19:30';
    expect(await sent()).toEqual(
      expected(
        [ana, MSG.notify.changedSubject(when)],
        [ben, MSG.notify.changedSubject(when)],
        [wen, MSG.notify.changedSubject(when)],
      ),
    );
    const mail = smtp.mails[0]!;
    const part = mailPart(mail, 'text/calendar');
    // PUBLISH: the calendar app updates the event without offering an RSVP that nobody would read.
    expect(part?.headers).toMatch(/method=PUBLISH/i);
    const parsed = ical.sync.parseICS(part!.body);
    const event = Object.values(parsed).find((c): c is ical.VEvent => c?.type === 'VEVENT')!;
    expect(event).toMatchObject({
      uid: `match-${m.id}@padel-match`,
      summary: 'Padel — Padel Club Lyon',
    });
    expect(part!.body).toContain('METHOD:PUBLISH');
    expect(event.url).toMatchObject({ val: `${PUBLIC_URL}/matches/${m.id}` });
    expect(event.description).toContain(MSG.notify.seeMatch(`${PUBLIC_URL}/matches/${m.id}`));
    expect(event.organizer).toMatchObject({
      params: { CN: 'Padel Match' },
      val: 'mailto:no-reply@padel-match.local',
    });
    expect(event.attendee).toBeUndefined();
    // Every player got the same copy: no one's address is in another's mail.
    for (const other of smtp.mails)
      expect(mailPart(other, 'text/calendar')!.body).not.toMatch(/ATTENDEE|@example/);
    // 19:30 in Paris in June is 17:30 UTC.
    expect((event as { start: Date }).start.toISOString()).toBe('2026-06-20T17:30:00.000Z');
  });

  it('a deleted match reaches every player and waiting player with METHOD:CANCEL and a higher SEQUENCE', async () => {
    const [ana, wen] = [await player('Ana'), await player('Wen')];
    const m = await newMatch(1);
    await t.caller(ana).matches.join({ id: m.id });
    await t.caller(wen).matches.joinWaitlist({ id: m.id });
    await t.caller(owner).matches.update({ id: m.id, ...fields({ slots: 1, date: '2026-06-21' }) });
    await worker.runOnce();
    const request = mailPart(
      smtp.mails.find(
        (x) =>
          x.to.includes(ana.email!.toLowerCase()) &&
          /SEQUENCE/.test(mailPart(x, 'text/calendar')?.body ?? ''),
      )!,
      'text/calendar',
    )!;
    smtp.clear();
    await t.caller(owner).matches.delete({ id: m.id });
    const when = 'samedi 20 juin à 18:00'.replace('samedi 20', 'dimanche 21');
    expect(await sent()).toEqual(
      expected([ana, MSG.notify.cancelledSubject(when)], [wen, MSG.notify.cancelledSubject(when)]),
    );
    const cancel = mailPart(smtp.mails[0]!, 'text/calendar')!;
    expect(cancel.headers).toMatch(/method=CANCEL/i);
    expect(cancel.body).toContain('METHOD:CANCEL');
    expect(cancel.body).toContain('STATUS:CANCELLED');
    // RFC 5546: a CANCEL names its ORGANIZER (the same as on the published copies) and the attendee
    // it removes the event for: the recipient, and only them.
    for (const mail of smtp.mails) {
      const ev = Object.values(ical.sync.parseICS(mailPart(mail, 'text/calendar')!.body)).find(
        (c): c is ical.VEvent => c?.type === 'VEVENT',
      )!;
      expect(ev.organizer).toMatchObject({ val: 'mailto:no-reply@padel-match.local' });
      expect(ev.attendee).toMatchObject({ val: `MAILTO:${mail.to.join('')}` });
    }
    expect(
      smtp.mails.map((x) => mailPart(x, 'text/calendar')!.body.match(/ATTENDEE/g)?.length),
    ).toEqual([1, 1]);
    const seq = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)?.[1]);
    expect(seq(cancel.body)).toBeGreaterThan(seq(request.body));
    // The reminder of a deleted match is gone with it.
    expect(
      await t.db.db.$count(outbox, and(eq(outbox.channel, 'reminder'), eq(outbox.matchId, m.id))),
    ).toBe(0);
  });

  it('SMS for the same events, only to players who opted in, while the Twilio config is live', async () => {
    await t.db.db.insert(smsConfig).values({
      accountSid: stub.validSid,
      authTokenEnc: t.deps.secrets.encrypt(stub.validToken),
      phoneNumber: '+33700000000',
      isLive: true,
    });
    try {
      const [ana, ben] = [await player('Ana'), await player('Ben')];
      await t.caller(owner).users.updateNotifications({ notify_email: true, notify_sms: true });
      const m = await newMatch(2);
      await t.caller(ana).matches.join({ id: m.id });
      await t.caller(ben).matches.join({ id: m.id });
      await worker.runOnce();
      expect(stub.messages.map((s) => s.to)).toEqual([owner.phone, owner.phone]);
      const texts = stub.messages.map((s) => s.body);
      expect(
        texts.some((b) =>
          b.includes(MSG.notify.joined('Ana', 'samedi 20 juin à 18:00', 'Padel Club Lyon')),
        ),
      ).toBe(true);
      expect(texts.every((b) => b.includes(`${PUBLIC_URL}/matches/${m.id}`))).toBe(true);
      // Ana and Ben did not opt in: the time change reaches them by e-mail only.
      stub.messages.splice(0);
      await t.caller(owner).matches.update({ id: m.id, ...fields({ time: '20:00' }) });
      await worker.runOnce();
      expect(stub.messages).toEqual([]);
    } finally {
      await t.caller(owner).users.updateNotifications({ notify_email: true, notify_sms: false });
      await t.db.db.delete(smsConfig).where(eq(smsConfig.id, 1));
    }
  });
});

describe('preferences and one-click unsubscribe', () => {
  it('every notification mail carries List-Unsubscribe (https) and List-Unsubscribe-Post, and a footer link', async () => {
    const ana = await player('Ana');
    const m = await newMatch(2);
    await t.caller(ana).matches.join({ id: m.id });
    await worker.runOnce();
    const mail = smtp.mails[0]!;
    expect(mailHeader(mail, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${PUBLIC_URL}/unsubscribe\\?token=${owner.id}\\.[A-Za-z0-9_-]+>$`),
    );
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
  });

  it('the one-click POST turns e-mails off without a session; later events skip that player; security codes still arrive', async () => {
    const [cara, ana] = [await createUser(t.deps, { name: 'Cara' }), await player('Ana')];
    const m = await t.caller(cara).matches.create(fields());
    await t.caller(ana).matches.join({ id: m.id });
    await worker.runOnce();
    const link = /<([^>]+)>/.exec(mailHeader(smtp.mails[0]!, 'List-Unsubscribe') ?? '')![1]!;
    const url = link.replace(PUBLIC_URL, '');

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(MSG.notify.unsubscribeAsk);
    expect((await t.caller(cara).users.notifications()).notify_email).toBe(true);

    // What a mail provider sends (RFC 8058): a form-encoded POST, no cookie, no JSON.
    const click = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain(MSG.notify.unsubscribeDone);
    expect(await t.caller(cara).users.notifications()).toEqual({
      notify_email: false,
      notify_sms: false,
    });

    smtp.clear();
    await t.caller(ana).matches.leave({ id: m.id });
    expect(await sent()).toEqual([]);

    // A forged or altered token changes nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${ana.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(MSG.notify.unsubscribeInvalid);
    expect((await t.caller(ana).users.notifications()).notify_email).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/unsubscribe?token=nope' })).statusCode).toBe(
      400,
    );

    // Security mails (codes) do not depend on the choice.
    await t.caller().auth.requestPinReset({ email: cara.email! });
    expect(await smtp.codeFor(cara.email!)).toMatch(/^\d{6}$/);
  });

  it('the profile switches, over tRPC and REST (own account only), also stop notifications already queued', async () => {
    const [dan, ana] = [await createUser(t.deps, { name: 'Dan' }), await player('Ana')];
    const put = await restAs(t, dan, 'PUT', `/users/${dan.id}/notifications`, {
      notify_email: false,
      notify_sms: false,
    });
    expect(put).toMatchObject({ status: 200, body: { notify_email: false, notify_sms: false } });
    expect(await restAs(t, dan, 'GET', `/users/${dan.id}/notifications`)).toMatchObject({
      status: 200,
      body: { notify_email: false },
    });
    expect(
      await restAs(t, dan, 'PUT', `/users/${ana.id}/notifications`, {
        notify_email: false,
        notify_sms: false,
      }),
    ).toMatchObject({
      status: 403,
    });
    expect(
      await restAs(t, dan, 'PUT', `/users/${dan.id}/notifications`, { notify_email: 'non' }),
    ).toMatchObject({ status: 400 });
    const m = await t.caller(dan).matches.create(fields());
    await t.caller(ana).matches.join({ id: m.id });
    expect(await sent()).toEqual([]);

    // Queued while on, turned off before the worker ran: not sent.
    await t.caller(dan).users.updateNotifications({ notify_email: true, notify_sms: false });
    await t.caller(ana).matches.leave({ id: m.id });
    await t.caller(dan).users.updateNotifications({ notify_email: false, notify_sms: false });
    expect(await sent()).toEqual([]);
    expect(await outboxBacklog(t.db.db, t.clock.now())).toBe(0);
  });
});

describe('never lost, never twice', () => {
  /**
   * A production app with no mail channel, a worker driven by hand, and one join notice for the
   * creator; `activateSmtp` then configures the test SMTP server as the live channel.
   */
  async function unconfiguredProduction(ctx: TestContext) {
    const w = afterLog(ctx.deps, createOutboxWorker(ctx.deps));
    const creator = await createUser(ctx.deps, { name: 'Créatrice' });
    const place = (await createPlace(ctx)).id;
    const m = await ctx.caller(creator).matches.create({ ...fields(), place_id: place, slots: 3 });
    await ctx.caller(await createUser(ctx.deps)).matches.join({ id: m.id });
    const activateSmtp = async () => {
      await ctx.db.db.insert(smtpConfig).values({
        host: '127.0.0.1',
        port: smtp.port,
        username: '',
        passwordEnc: ctx.deps.secrets.encrypt(''),
        isActive: true,
      });
      smtp.clear();
    };
    const emailRows = () => ctx.db.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    return { w, creator, activateSmtp, emailRows };
  }

  it('in production with no mail channel configured, notices wait untouched and go once the admin activates SMTP', async () => {
    const ctx = await createTestContext({ now: NOW, env: { NODE_ENV: 'production', PUBLIC_URL } });
    try {
      const { w, creator, activateSmtp, emailRows } = await unconfiguredProduction(ctx);
      await w.runOnce();
      await w.runOnce();
      // Not attempted: no failure counted, no retry delay, nothing logged, still due.
      const pending = await emailRows();
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({
        attempts: 0,
        sentAt: null,
        failedAt: null,
        lastError: null,
        lockedUntil: null,
      });
      expect(ctx.logs.text().includes('notification not sent')).toBe(false);

      await activateSmtp();
      await w.runOnce();
      expect(smtp.mails.map((x) => x.to[0])).toEqual([creator.email!.toLowerCase()]);
      expect(await outboxBacklog(ctx.db.db, ctx.clock.now())).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('a notice still unsendable 12 h after it was due is dropped, not sent late once SMTP is activated', async () => {
    const ctx = await createTestContext({ now: NOW, env: { NODE_ENV: 'production', PUBLIC_URL } });
    try {
      const { w, activateSmtp, emailRows } = await unconfiguredProduction(ctx);
      await w.runOnce();
      ctx.clock.advance(STALE_AFTER_MS + 60_000);
      await activateSmtp();
      await w.runOnce();
      expect(smtp.mails).toHaveLength(0);
      const [row] = await emailRows();
      expect(row).toMatchObject({
        sentAt: null,
        lastError: expect.stringContaining('stale') as unknown,
      });
      expect(row?.failedAt).not.toBeNull();
      expect(await outboxBacklog(ctx.db.db, ctx.clock.now())).toBe(0);
      expect(ctx.logs.text().includes('notification dropped as stale')).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('SMTP down, then up: nothing is lost, each mail is delivered once, after the backoff', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const ctx = await createTestContext({
      now: NOW,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL },
    });
    try {
      const w = afterLog(ctx.deps, createOutboxWorker(ctx.deps));
      const creator = await createUser(ctx.deps, { name: 'Créatrice' });
      const place = (await createPlace(ctx)).id;
      const m = await ctx
        .caller(creator)
        .matches.create({ ...fields(), place_id: place, slots: 3 });
      // Distinct first names: notices name players as "Prénom N.".
      const joiners = [
        await createUser(ctx.deps, { name: 'Ana' }),
        await createUser(ctx.deps, { name: 'Ben' }),
        await createUser(ctx.deps, { name: 'Cid' }),
      ];
      for (const j of joiners) await ctx.caller(j).matches.join({ id: m.id });
      await w.runOnce();
      expect(await outboxBacklog(ctx.db.db, ctx.clock.now())).toBe(3);
      const [row] = await ctx.db.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), isNull(outbox.sentAt)))
        .limit(1);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row!.lastError).toBeTruthy();
      expect(ctx.logs.text().includes('notification not sent, will retry')).toBe(true);

      const up = await startSmtpServer({ port });
      try {
        // Still inside the first backoff (30 s): nothing goes yet.
        await w.runOnce();
        expect(up.mails).toHaveLength(0);
        ctx.clock.advance(31_000);
        await w.runOnce();
        await w.runOnce();
        expect(up.mails.map((x) => x.to[0]).sort()).toEqual([
          creator.email!.toLowerCase(),
          creator.email!.toLowerCase(),
          creator.email!.toLowerCase(),
        ]);
        expect(new Set(up.mails.map((x) => x.text.split('\n')[0])).size).toBe(3);
        expect(await outboxBacklog(ctx.db.db, ctx.clock.now())).toBe(0);
      } finally {
        await up.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it('a round answers how many notices it handled: each reminder expanded and each mail sent, not the rounds', async () => {
    const ctx = await createTestContext({ now: NOW, env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    try {
      const w = createOutboxWorker(ctx.deps);
      const creator = await createUser(ctx.deps, { name: 'Créatrice' });
      const place = (await createPlace(ctx)).id;
      // Three reminders due at once, expanded in one claim (the default batch holds four).
      for (const time of ['18:00', '19:00', '20:00'])
        await ctx.caller(creator).matches.create({ ...fields({ time }), place_id: place });
      await w.runOnce();
      const done = () =>
        ctx.db.db.$count(outbox, or(isNotNull(outbox.sentAt), isNotNull(outbox.failedAt)));
      const reminders = () =>
        ctx.db.db.$count(outbox, and(eq(outbox.channel, 'reminder'), isNotNull(outbox.sentAt)));
      const [doneBefore, remindersBefore] = [await done(), await reminders()];

      ctx.clock.set('2026-06-19T18:30:00Z');
      smtp.clear();
      const handled = await w.runOnce();
      expect((await reminders()) - remindersBefore).toBe(3);
      expect(smtp.mails).toHaveLength(3);
      expect(handled).toBe((await done()) - doneBefore);
      expect(handled).toBe(6);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('the day-before reminder: scheduled 24 h ahead, moved with the date, sent once to creator and players', async () => {
    const [ana, wen] = [await player('Ana'), await player('Wen')];
    const m = await t
      .caller(owner)
      .matches.create(fields({ slots: 1, date: '2026-06-15', time: '19:00' }));
    await t.caller(ana).matches.join({ id: m.id });
    await t.caller(wen).matches.joinWaitlist({ id: m.id });
    const pending = () =>
      t.db.db
        .select({ sendAfter: outbox.sendAfter })
        .from(outbox)
        .where(
          and(eq(outbox.channel, 'reminder'), eq(outbox.matchId, m.id), isNull(outbox.sentAt)),
        );
    // 19:00 in Paris (17:00 UTC) the day before.
    expect((await pending()).map((r) => r.sendAfter.toISOString())).toEqual([
      '2026-06-14T17:00:00.000Z',
    ]);
    await t
      .caller(owner)
      .matches.update({ id: m.id, ...fields({ slots: 1, date: '2026-06-16', time: '19:00' }) });
    expect((await pending()).map((r) => r.sendAfter.toISOString())).toEqual([
      '2026-06-15T17:00:00.000Z',
    ]);
    await worker.runOnce();
    smtp.clear();

    t.clock.set('2026-06-15T16:59:00Z');
    expect(await sent()).toEqual([]);
    t.clock.set('2026-06-15T17:00:30Z');
    const subject = MSG.notify.reminderSubject('19:00');
    expect(await sent()).toEqual(expected([owner, subject], [ana, subject]));
    smtp.clear();
    expect(await sent()).toEqual([]);
    t.clock.set(NOW);
  });
});
