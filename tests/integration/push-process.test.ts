/**
 * The real server process sends a push to the stand-in with nothing but NODE_EXTRA_CA_CERTS to
 * trust its self-signed certificate: the way an operator points the app at a private push
 * service, and the proof that the in-process tests' https agent changes nothing but trust.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { outbox, pushSubscriptions, users } from '../../db/schema';
import { seedDefaults } from '../../db/seed';
import { createTestDb, type TestDb } from '../support/db';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
let push: PushServiceStandIn;
let shared: TestDb | undefined;
let dataDir: string | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  push = await startPushService();
}, 30_000);
afterAll(async () => {
  await server?.stop();
  await shared?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await push?.close();
});

/** A player with one subscribed phone and one push notice due now, written before the server starts. */
async function seedNotice(
  handle: DbHandle,
  endpoint: string,
  keys: { p256dh: string; auth: string },
) {
  const [user] = await handle.db
    .insert(users)
    .values({
      name: 'Alice Martin',
      phone: '+33612345678',
      email: 'alice@example.fr',
      pinHash: 'x',
      // The process runs on the real clock: no quiet hours, so the notice goes whatever the hour.
      quietFrom: null,
      quietTo: null,
    })
    .returning({ id: users.id });
  const [sub] = await handle.db
    .insert(pushSubscriptions)
    .values({ userId: user!.id, endpoint, ...keys })
    .returning({ id: pushSubscriptions.id });
  await handle.db.insert(outbox).values({
    channel: 'push',
    event: 'joined',
    userId: user!.id,
    pushSubscriptionId: sub!.id,
    subject: 'Bruno D. a rejoint votre match',
    body: JSON.stringify({
      title: 'Bruno D. a rejoint votre match',
      body: 'Texte',
      url: '/matches/1',
    }),
    sendAfter: new Date(),
  });
}

describe(`a server process on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('trusts the push service through NODE_EXTRA_CA_CERTS and delivers the encrypted notice', async () => {
    const phone = push.device();
    let where: { databaseUrl: string } | { pglite: true; dataDir: string };
    if (onPostgres) {
      shared = await createTestDb();
      await seedNotice(shared, phone.subscription.endpoint, phone.subscription.keys);
      where = { databaseUrl: shared.url! };
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'padel-push-'));
      const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
      await runMigrations(handle);
      await seedDefaults(handle.db);
      await seedNotice(handle, phone.subscription.endpoint, phone.subscription.keys);
      await handle.close();
      where = { pglite: true, dataDir };
    }
    server = await startServerProcess({
      ...where,
      env: { NODE_EXTRA_CA_CERTS: push.caFile, OUTBOX_INTERVAL_MS: '50' },
    });
    const deadline = Date.now() + 20_000;
    while (push.messages.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(push.rejected).toEqual([]);
    expect(push.messages.map((m) => m.payload)).toEqual([
      { title: 'Bruno D. a rejoint votre match', body: 'Texte', url: '/matches/1' },
    ]);
    expect(push.messages[0]?.urgency).toBe('normal');
  }, 90_000);
});
