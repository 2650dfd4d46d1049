import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { shortPublicName } from '../../common/names';
import { outbox, pushSubscriptions } from '../../db/schema';
import { PUSH_KINDS } from '../../common/schemas/push';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { rest, restAs } from '../support/http';
import {
  startPushService,
  type FakeDevice,
  type PushServiceStandIn,
} from '../support/push-service';
import type { WorkerConsumer } from '../../server/worker/loop';
import { afterLog } from '../support/worker';
import { createPlace } from './matches-support';

const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let push: PushServiceStandIn;
let worker: WorkerConsumer;
let placeId: number;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestContext({
    now: NOW,
    env: { PUBLIC_URL: 'https://padel.example.fr' },
    // In-process app: NODE_EXTRA_CA_CERTS cannot apply (read at process start), so the stand-in's
    // certificate is trusted through the sender's https agent; push-process.test.ts covers the env.
    pushAgent: push.agent,
  });
  worker = afterLog(t.deps, createOutboxWorker(t.deps));
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(() => {
  push.messages.splice(0);
  expect(push.rejected).toEqual([]);
});

const subscribe = (user: TestUser, device: FakeDevice) =>
  restAs(t, user, 'POST', '/push/subscriptions', device.subscription);
const unsubscribe = (user: TestUser | null, endpoint: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    headers: { 'content-type': 'application/json', ...user?.headers },
    payload: JSON.stringify({ endpoint }),
  });
const rowOf = async (endpoint: string) =>
  (
    await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
  )[0];
const createMatch = (u: TestUser, date = '2026-06-12', time = '19:00') =>
  t.caller(u).matches.create({ place_id: placeId, date, time, levels: ['Niveau 3'], slots: 2 });

describe('VAPID public key', () => {
  it('is given without a session, the same over REST and tRPC', async () => {
    const res = await rest(t.app, 'GET', '/push/vapid-public-key');
    expect(res.status).toBe(200);
    expect(Buffer.from(String(res.body.key), 'base64url')).toHaveLength(65);
    expect(await t.caller(null).push.vapidPublicKey()).toEqual({ key: res.body.key });
  });
});

describe('subscriptions', () => {
  it('201 for a new endpoint, 200 for the same again, moved to the player who sends it', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const device = push.device();
    const first = await subscribe(a, device);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ endpoint: device.subscription.endpoint, created: true });
    expect((await subscribe(a, device)).status).toBe(200);
    expect((await rowOf(device.subscription.endpoint))?.userId).toBe(a.id);
    // The phone changes hands: B's registration takes it over, with every kind on again.
    await t
      .caller(a)
      .push.setKinds({ endpoint: device.subscription.endpoint, kinds: ['reminder'] });
    const moved = await subscribe(b, device);
    expect(moved.status).toBe(200);
    expect(moved.body.kinds).toHaveLength(PUSH_KINDS.length);
    expect((await rowOf(device.subscription.endpoint))?.userId).toBe(b.id);
  });

  it('needs a session', async () => {
    const res = await rest(t.app, 'POST', '/push/subscriptions', push.device().subscription);
    expect(res.status).toBe(401);
  });

  it('refuses bad subscriptions with a French message and stores nothing', async () => {
    const a = await createUser(t.deps);
    const { subscription } = push.device();
    const cases: [unknown, string][] = [
      [{ ...subscription, endpoint: 'http://push.example.com/x' }, MSG.push.endpointNotHttps],
      [{ ...subscription, endpoint: 'pas une adresse' }, MSG.push.endpointInvalid],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } }, MSG.push.p256dhInvalid],
      [
        { ...subscription, keys: { ...subscription.keys, auth: 'x'.repeat(40) } },
        MSG.push.authInvalid,
      ],
      [{ endpoint: subscription.endpoint }, MSG.push.keysMissing],
    ];
    for (const [body, message] of cases) {
      const res = await restAs(t, a, 'POST', '/push/subscriptions', body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await rowOf(subscription.endpoint)).toBeUndefined();
  });

  it('DELETE removes only the player’s own subscription', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const device = push.device();
    await subscribe(a, device);
    expect((await unsubscribe(b, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowOf(device.subscription.endpoint)).toBeDefined();
    expect((await unsubscribe(null, device.subscription.endpoint)).statusCode).toBe(401);
    expect((await unsubscribe(a, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
  });

  it('a burst of 20 registrations of one endpoint leaves one row and one 201', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t.deps)));
    const device = push.device();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe(users[i % 4]!, device)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const rows = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
    expect(rows).toHaveLength(1);
  });

  it('goes with an erased account, and is listed (without its keys) in the data export', async () => {
    const a = await createUser(t.deps);
    const device = push.device();
    await subscribe(a, device);
    const exported = await t.caller(a).users.exportData({ id: a.id });
    expect(exported.push_subscriptions).toEqual([
      expect.objectContaining({ endpoint: device.subscription.endpoint }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(device.subscription.keys.auth);
    await t.caller(a).users.deleteAccount({ id: a.id, pin: a.pin });
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
  });
});

describe('push notifications through the outbox', () => {
  it('a join by B on A’s match reaches A’s phone, in French, encrypted and VAPID-signed', async () => {
    const [a, b] = [
      await createUser(t.deps, { name: 'Alice Martin' }),
      await createUser(t.deps, { name: 'Bruno Durand' }),
    ];
    const device = push.device();
    await subscribe(a, device);
    const m = await createMatch(a);
    await t.caller(b).matches.join({ id: m.id });
    await worker.runOnce();
    expect(push.rejected).toEqual([]);
    const got = push.messages.filter((x) => x.deviceId === device.id);
    expect(got).toHaveLength(1);
    expect(got[0]?.payload).toEqual({
      title: MSG.notify.joinedSubject(shortPublicName('Bruno Durand')),
      body: 'Bruno D. a rejoint votre match du vendredi 12 juin à 19:00 (Padel Club Lyon).',
      url: `/matches/${m.id}`,
    });
    expect(got[0]?.urgency).toBe('normal');
    expect(got[0]?.ttl).toBe(12 * 3600);
    expect(got[0]?.claims.aud).toBe(push.url);
    expect(got[0]?.vapidKey).toBe(t.deps.push.publicKey);
    // Sent once: another round sends nothing more.
    await worker.runOnce();
    expect(push.messages.filter((x) => x.deviceId === device.id)).toHaveLength(1);
  });

  it('follows the device’s choices: a kind turned off is not pushed', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const device = push.device();
    await subscribe(a, device);
    const kinds = await t
      .caller(a)
      .push.setKinds({ endpoint: device.subscription.endpoint, kinds: ['cancelled', 'soon'] });
    expect(kinds.kinds).toEqual(['cancelled', 'soon']);
    expect(await t.caller(a).push.device({ endpoint: device.subscription.endpoint })).toEqual(
      kinds,
    );
    const m = await createMatch(a);
    await t.caller(b).matches.join({ id: m.id });
    await worker.runOnce();
    expect(push.messages.filter((x) => x.deviceId === device.id)).toEqual([]);
  });

  it('a 410 from the push service deletes the subscription and ends the notice without retry', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const device = push.device();
    await subscribe(a, device);
    device.status = 410;
    const m = await createMatch(a);
    await t.caller(b).matches.join({ id: m.id });
    await worker.runOnce();
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
    const rows = await t.db.db.select().from(outbox).where(eq(outbox.matchId, m.id));
    const pushed = rows.filter((r) => r.channel === 'push');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ attempts: 1, pushSubscriptionId: null, sentAt: null });
    expect(pushed[0]?.failedAt).not.toBeNull();
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_000));
    await worker.runOnce();
    const again = await t.db.db.select().from(outbox).where(eq(outbox.id, pushed[0]!.id));
    expect(again[0]?.attempts).toBe(1);
    t.clock.set(NOW);
  });

  it('a refusal other than 404/410 is retried with backoff and noted on the subscription', async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const device = push.device();
    await subscribe(a, device);
    device.status = 503;
    const m = await createMatch(a);
    await t.caller(b).matches.join({ id: m.id });
    await worker.runOnce();
    const [row] = await t.db.db.select().from(outbox).where(eq(outbox.matchId, m.id));
    const pushed = (await t.db.db.select().from(outbox).where(eq(outbox.matchId, m.id))).find(
      (r) => r.channel === 'push',
    );
    expect(row).toBeDefined();
    expect(pushed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(pushed!.sendAfter.getTime()).toBe(new Date(NOW).getTime() + 30_000);
    expect((await rowOf(device.subscription.endpoint))?.lastFailure).toContain('503');
    device.status = 201;
    t.clock.set(new Date(new Date(NOW).getTime() + 31_000));
    await worker.runOnce();
    expect(push.messages.filter((x) => x.deviceId === device.id)).toHaveLength(1);
    t.clock.set(NOW);
  });

  it('pushes "Votre match commence dans 2 h" once on the day, urgent, to each player with push on', async () => {
    const [a, b, c] = [
      await createUser(t.deps),
      await createUser(t.deps),
      await createUser(t.deps),
    ];
    const [da, db] = [push.device(), push.device()];
    await subscribe(a, da);
    await subscribe(b, db);
    // 20:00 in Paris on the 10th is 18:00 UTC: the push falls at 16:00 UTC.
    const m = await t.caller(a).matches.create({
      place_id: placeId,
      date: '2026-06-10',
      time: '20:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    await t.caller(b).matches.join({ id: m.id });
    await t.caller(c).matches.join({ id: m.id });
    await worker.runOnce();
    push.messages.splice(0);
    t.clock.set('2026-06-10T15:59:00Z');
    await worker.runOnce();
    expect(
      push.messages.filter(
        (x) => x.payload && (x.payload as { title: string }).title === MSG.push.soonTitle,
      ),
    ).toEqual([]);
    t.clock.set('2026-06-10T16:00:01Z');
    await Promise.all([worker.runOnce(), worker.runOnce()]);
    await worker.runOnce();
    const soon = push.messages.filter(
      (x) => (x.payload as { title: string }).title === MSG.push.soonTitle,
    );
    expect(soon.map((x) => x.deviceId).sort()).toEqual([da.id, db.id].sort());
    expect(soon[0]).toMatchObject({
      urgency: 'high',
      ttl: 7200,
      payload: {
        title: 'Votre match commence dans 2 h',
        body: 'Match à 20:00, Padel Club Lyon, 1 rue du Padel, Lyon.',
        url: `/matches/${m.id}`,
      },
    });
    // The same-day reminder (2 h before) is not pushed a second time alongside it.
    expect(push.messages).toHaveLength(2);
    t.clock.set(NOW);
  });
});
