import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortPublicName } from '../../common/names';
import { createOutboxWorker, outboxBacklog } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { startTwoInstances, type Instances } from '../support/instances';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { createPlace } from './matches-support';

/**
 * Two instances of the server on ONE database, each with its own outbox worker started by the
 * server (every 100 ms). On PostgreSQL each has its own connection pool, so their workers really
 * compete for the rows; PGlite is one embedded connection, so there they share it.
 */
const NOW = '2026-06-10T08:00:00Z';
const MATCHES = 8;
let t: TestContext;
let smtp: SmtpTestServer;
let instances: Instances | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({
    now: NOW,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://padel.example.fr' },
  });
}, 60_000);
afterAll(async () => {
  await instances?.close();
  await t.close();
  await smtp.close();
});

const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`two instances on one ${DB} database`, () => {
  it('send each notification and each day-before reminder exactly once', async () => {
    const place = (await createPlace(t)).id;
    const expected: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const creator = await createUser(t.deps, { name: `Créateur ${i}` });
      const m = await t.caller(creator).matches.create({
        place_id: place,
        date: '2026-06-11',
        time: '19:00',
        levels: ['Niveau 3'],
        slots: 2,
      });
      for (const j of [0, 1]) {
        const u = await createUser(t.deps, { name: `Joueur ${i}-${j}` });
        await t.caller(u).matches.join({ id: m.id });
        expected.push(
          `${creator.email!.toLowerCase()} joined ${m.id} ${shortPublicName(u.name)}`,
          `${u.email!.toLowerCase()} reminder ${m.id}`,
        );
      }
      // Full within 24 h and no court marked booked: its organiser is reminded to book, once.
      expected.push(
        `${creator.email!.toLowerCase()} reminder ${m.id}`,
        `${creator.email!.toLowerCase()} court ${m.id}`,
      );
    }
    // The reminders fall due (19:00 Paris the day before), while both instances run; the join notices,
    // due 9 h ago, are not yet stale (STALE_AFTER_MS).
    t.clock.set('2026-06-10T17:00:01Z');
    instances = await startTwoInstances(t);

    await expect
      .poll(
        async () =>
          smtp.mails.length >= expected.length &&
          (await outboxBacklog(t.db.db, t.clock.now())) === 0,
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    // Stopping waits for the sends in flight, so a duplicate, if any, has arrived by now; and a
    // further round finds nothing left to send.
    await instances.close();
    instances = undefined;
    expect(await createOutboxWorker(t.deps, {}).runOnce()).toBe(0);

    const got = smtp.mails.map((mail) => {
      const id = /\/matches\/(\d+)/.exec(mail.text)?.[1];
      const joined = /^(.+) a rejoint votre match/m.exec(mail.text)?.[1];
      const kind = joined ? 'joined' : mail.text.includes('le terrain') ? 'court' : 'reminder';
      return `${mail.to.join(',')} ${kind} ${id} ${joined ?? ''}`.trim();
    });
    console.info(
      `[outbox] ${got.length} mails from two instances for ${expected.length} notifications`,
    );
    expect(got.sort()).toEqual(expected.sort());
  }, 60_000);
});
