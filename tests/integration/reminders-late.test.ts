import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { outbox } from '../../db/schema';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { mailPart, startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { createPlace } from './matches-support';

// Padel is often arranged the same day: a match made less than 24 h ahead is reminded 2 h before;
// one starting within the hour never is. 10:00 in Paris on 10 June 2026 (UTC+2).
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let smtp: SmtpTestServer;
let worker: ReturnType<typeof createOutboxWorker>;
let owner: TestUser;
let ana: TestUser;
let placeId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ now: NOW, env: { SMTP_URL: smtp.url } });
  worker = createOutboxWorker(t.deps);
  owner = await createUser(t.deps, { name: 'Organisatrice Rappel' });
  ana = await createUser(t.deps, { name: 'Ana Rappel' });
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  t.clock.set(NOW);
  await worker.runOnce();
  smtp.clear();
});

const create = (date: string, time: string) =>
  t.caller(owner).matches.create({ place_id: placeId, date, time, levels: ['Niveau 3'], slots: 2 });
const pendingReminder = async (matchId: number) =>
  (
    await t.db.db
      .select({ sendAfter: outbox.sendAfter })
      .from(outbox)
      .where(
        and(eq(outbox.channel, 'reminder'), eq(outbox.matchId, matchId), isNull(outbox.sentAt)),
      )
  ).map((r) => r.sendAfter.toISOString());
const firstLines = async () => {
  await worker.runOnce();
  return smtp.mails
    .map((m) => `${m.to.join(',')}: ${mailPart(m, 'text/plain')?.body.split(/\r?\n/)[0]}`)
    .sort();
};

describe('reminders for matches made late', () => {
  it('a match made 8 h ahead is reminded 2 h before, to its players, as "aujourd\'hui"', async () => {
    const m = await create('2026-06-10', '18:00');
    await t.caller(ana).matches.join({ id: m.id });
    // 16:00 in Paris.
    expect(await pendingReminder(m.id)).toEqual(['2026-06-10T14:00:00.000Z']);
    await worker.runOnce();
    smtp.clear();

    t.clock.set('2026-06-10T13:59:00Z');
    expect(await firstLines()).toEqual([]);
    t.clock.set('2026-06-10T14:00:30Z');
    const line = MSG.notify.reminderToday('18:00', 'Padel Club Lyon, 1 rue du Padel, Lyon');
    expect(await firstLines()).toEqual(
      [`${ana.email!.toLowerCase()}: ${line}`, `${owner.email!.toLowerCase()}: ${line}`].sort(),
    );
  });

  it('a match made more than 24 h ahead keeps its day-before reminder', async () => {
    const m = await create('2026-06-12', '09:00');
    expect(await pendingReminder(m.id)).toEqual(['2026-06-11T07:00:00.000Z']);
  });

  it('a match moved to later the same day is reminded 2 h before its new time', async () => {
    const m = await create('2026-06-13', '19:00');
    expect(await pendingReminder(m.id)).toEqual(['2026-06-12T17:00:00.000Z']);
    await t.caller(owner).matches.update({
      id: m.id,
      place_id: placeId,
      date: '2026-06-10',
      time: '15:00',
      levels: ['Niveau 3'],
      slots: 2,
    });
    expect(await pendingReminder(m.id)).toEqual(['2026-06-10T11:00:00.000Z']);
  });

  it('none for a match that starts within 2 h, and none sent within the hour before a match', async () => {
    const soon = await create('2026-06-10', '11:30');
    expect(await pendingReminder(soon.id)).toEqual([]);

    // A reminder due at 14:00 UTC but taken only at 15:05 (a worker that was down), 55 min before the match.
    const m = await create('2026-06-10', '18:00');
    expect(await pendingReminder(m.id)).toEqual(['2026-06-10T14:00:00.000Z']);
    await worker.runOnce();
    smtp.clear();
    t.clock.set('2026-06-10T15:05:00Z');
    expect(await firstLines()).toEqual([]);
    expect(await pendingReminder(m.id)).toEqual([]);
  });
});
