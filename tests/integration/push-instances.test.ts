import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURT_TEXT } from '../../common/messages-court';
import { createOutboxWorker, outboxBacklog } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { restAs } from '../support/http';
import { startTwoInstances, type Instances } from '../support/instances';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { createPlace } from './matches-support';

/**
 * Two instances of the server on ONE database, each with the outbox worker the server starts
 * (every 20 ms), sending pushes to one push-service stand-in. On PostgreSQL each has its own
 * pool, so their workers really compete for the rows; on PGlite they share the one connection.
 */
const NOW = '2026-06-10T08:00:00Z';
const MATCHES = 8;
let t: TestContext;
let push: PushServiceStandIn;
let instances: Instances | undefined;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestContext({
    now: NOW,
    env: { PUBLIC_URL: 'https://padel.example.fr' },
    pushAgent: push.agent,
  });
}, 60_000);
afterAll(async () => {
  await instances?.close();
  await t?.close();
  await push?.close();
});

const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`two instances on one ${DB} database`, () => {
  it('push each notice, and each same-day "dans 2 h", exactly once per device', async () => {
    const place = (await createPlace(t)).id;
    const expected: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const creator = await createUser(t.deps);
      const phone = push.device();
      expect(
        (await restAs(t, creator, 'POST', '/push/subscriptions', phone.subscription)).status,
      ).toBe(201);
      const m = await t.caller(creator).matches.create({
        place_id: place,
        date: '2026-06-10',
        time: '21:00',
        levels: ['Niveau 3'],
        slots: 2,
      });
      for (const _j of [0, 1]) {
        const u = await createUser(t.deps);
        const theirs = push.device();
        await restAs(t, u, 'POST', '/push/subscriptions', theirs.subscription);
        await t.caller(u).matches.join({ id: m.id });
        expected.push(`${phone.id} joined ${m.id}`, `${theirs.id} soon ${m.id}`);
      }
      // Full within 24 h and no court marked booked: its organiser is reminded to book, once.
      expected.push(`${phone.id} soon ${m.id}`, `${phone.id} court ${m.id}`);
    }
    // 21:00 in Paris is 19:00 UTC: "dans 2 h" falls at 17:00 UTC, while both instances run.
    t.clock.set('2026-06-10T17:00:01Z');
    instances = await startTwoInstances(t, { pushAgent: push.agent });

    await expect
      .poll(
        async () =>
          push.messages.length >= expected.length &&
          (await outboxBacklog(t.db.db, t.clock.now())) === 0,
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    // Stopping waits for the sends in flight, so a duplicate, if any, has arrived by now; and a
    // further round finds nothing left to send.
    await instances.close();
    instances = undefined;
    expect(await createOutboxWorker(t.deps, {}).runOnce()).toBe(0);

    expect(push.rejected).toEqual([]);
    const got = push.messages.map((msg) => {
      const p = msg.payload as { title: string; url: string };
      const id = /^\/matches\/(\d+)$/.exec(p.url)?.[1];
      const kind = p.title.includes('a rejoint')
        ? 'joined'
        : p.title === COURT_TEXT.notify.remindSubject
          ? 'court'
          : 'soon';
      return `${msg.deviceId} ${kind} ${id}`;
    });
    console.info(`[push] ${got.length} pushes from two instances for ${expected.length} notices`);
    expect(got.sort()).toEqual(expected.sort());
  }, 60_000);
});
