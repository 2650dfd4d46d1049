import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { outbox } from '../../db/schema';
import { purgeExpired } from '../../server/services/retention';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';

// A deleted player's name leaves the notices sent to others (pending and sent), and every sent
// notice loses its text after NOTICE_RETENTION_DAYS.
const NOW = new Date('2026-06-10T08:00:00Z');
const DAY = 24 * 3_600_000;
let t: TestContext;
let lea: TestUser;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  lea = await createUser(t.deps, { name: 'Léa Organisatrice' });
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
});
afterAll(() => t.close());

const newMatch = (day: string) =>
  t.caller(lea).matches.create({
    place_id: placeId,
    date: day,
    time: '18:30',
    levels: ['Niveau 3'],
    slots: 3,
  });
/** The notices to `userId`, once the worker has queued those of the changes so far. */
const noticesTo = async (userId: number) => {
  await followLog(t.deps);
  return t.db.db
    .select({ id: outbox.id, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.userId, userId));
};

describe('erasing an account scrubs its name from notices to other players', () => {
  for (const door of ['REST', 'tRPC'] as const) {
    it(`pending and sent notices, whichever spelling they carry (${door})`, async () => {
      const dave = await createUser(t.deps, { name: `Dave Effacement${door}` });
      const [m1, m2] = [await newMatch('2026-06-20'), await newMatch('2026-06-21')];
      await t.caller(dave).matches.join({ id: m1.id });
      await followLog(t.deps);
      // The first notice has been sent; the second still waits (the join of m2 is then freed by the deletion).
      await t.db.db.update(outbox).set({ sentAt: NOW }).where(eq(outbox.userId, lea.id));
      await t.caller(dave).matches.join({ id: m2.id });
      await followLog(t.deps);
      // A notice written before names were shortened carries the whole name.
      await t.db.db.insert(outbox).values({
        channel: 'email',
        event: 'left',
        userId: lea.id,
        recipient: 'lea@example.fr',
        subject: MSG.notify.leftSubject(dave.name),
        body: `${MSG.notify.left(dave.name, 'samedi 20 juin à 18:30', 'Padel Club Lyon')}\n\nVoir le match`,
        sentAt: NOW,
      });
      const before = await noticesTo(lea.id);
      expect(before.some((n) => n.subject?.startsWith('Dave E.'))).toBe(true);

      if (door === 'REST')
        expect(
          (await restAs(t, dave, 'DELETE', `/users/${dave.id}`, { pin: dave.pin })).status,
        ).toBe(200);
      else await t.caller(dave).users.deleteAccount({ id: dave.id, pin: dave.pin });

      const after = await noticesTo(lea.id);
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      for (const n of after) expect(`${n.subject} ${n.body}`).not.toMatch(/Dave|Effacement/);
      const subjects = after
        .filter((n) => before.some((b) => b.id === n.id && /Dave/.test(b.subject ?? '')))
        .map((n) => n.subject);
      expect(subjects).toContain(MSG.notify.joinedSubject(MSG.notify.formerPlayer));
      expect(subjects).toContain(MSG.notify.leftSubject(MSG.notify.formerPlayer));
      await t.db.db.delete(outbox).where(eq(outbox.userId, lea.id));
    });
  }

  it('leaves other players named', async () => {
    const [ana, dave] = [
      await createUser(t.deps, { name: 'Ana Reste' }),
      await createUser(t.deps, { name: 'Dave Part' }),
    ];
    const m = await newMatch('2026-06-22');
    await t.caller(ana).matches.join({ id: m.id });
    await t.caller(dave).matches.join({ id: m.id });
    await t.caller(dave).users.deleteAccount({ id: dave.id, pin: dave.pin });
    const subjects = (await noticesTo(lea.id)).map((n) => n.subject);
    expect(subjects).toContain(MSG.notify.joinedSubject('Ana R.'));
    expect(subjects.join(' ')).not.toContain('Dave');
    await t.db.db.delete(outbox).where(eq(outbox.userId, lea.id));
  });
});

describe('the retention job purges the text of sent notices', () => {
  it('after NOTICE_RETENTION_DAYS (30 by default), and only then', async () => {
    expect(t.deps.env.NOTICE_RETENTION_DAYS).toBe(30);
    const notice = (subject: string, o: { sentAt?: Date; failedAt?: Date }) => ({
      channel: 'email' as const,
      event: 'joined',
      userId: lea.id,
      recipient: 'lea@example.fr',
      subject,
      body: `${subject} du samedi`,
      ics: 'BEGIN:VCALENDAR',
      sentAt: o.sentAt ?? null,
      failedAt: o.failedAt ?? null,
    });
    const rows = await t.db.db
      .insert(outbox)
      .values([
        notice('Old sent', { sentAt: new Date(NOW.getTime() - 31 * DAY) }),
        notice('Old failed', { failedAt: new Date(NOW.getTime() - 31 * DAY) }),
        notice('Recent sent', { sentAt: new Date(NOW.getTime() - 29 * DAY) }),
        notice('Pending', {}),
      ])
      .returning({ id: outbox.id, subject: outbox.subject });
    const ids = rows.map((r) => r.id);
    const read = () =>
      t.db.db
        .select({
          subject: outbox.subject,
          body: outbox.body,
          ics: outbox.ics,
          recipient: outbox.recipient,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(inArray(outbox.id, ids))
        .orderBy(outbox.id);

    expect((await purgeExpired(t.deps)).notices).toBe(2);
    const [oldSent, oldFailed, recent, pending] = await read();
    for (const purged of [oldSent, oldFailed])
      expect(purged).toMatchObject({ subject: null, body: null, ics: null, recipient: null });
    expect(oldSent!.sentAt).not.toBeNull();
    expect(recent).toMatchObject({ subject: 'Recent sent', body: 'Recent sent du samedi' });
    expect(pending).toMatchObject({ subject: 'Pending' });
    expect((await purgeExpired(t.deps)).notices).toBe(0);

    // A shorter setting reaches the recent one too; never a pending notice.
    expect(
      (await purgeExpired({ ...t.deps, env: { ...t.deps.env, NOTICE_RETENTION_DAYS: 7 } })).notices,
    ).toBe(1);
    expect((await read()).map((r) => r.subject)).toEqual([null, null, null, 'Pending']);
  });
});
