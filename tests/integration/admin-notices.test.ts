import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { outbox } from '../../db/schema';
import { createDeps } from '../../server/create-deps';
import { retryAllNotices, retryNotice } from '../../server/services/admin/notices';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { captureLogger } from '../support/logs';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';

const NOW = '2026-06-10T10:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let smtp: SmtpTestServer;
let admin: TestUser;
/** A second connection pool on the same PostgreSQL database: another instance. */
let second: DbHandle | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ now: NOW, env: { SMTP_URL: smtp.url } });
  admin = await createAdmin(t.deps);
  second = t.db.url ? await createDb({ url: t.db.url, max: 10 }) : undefined;
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.clear();
  // Each test starts from an empty outbox.
  await t.db.db.delete(outbox).where(sql`true`);
});

const hoursAgo = (h: number) => new Date(Date.parse(NOW) - h * 3_600_000);

/** A notice the worker gave up on (or dropped), as the worker leaves it. */
async function endedNotice(
  o: Partial<{ channel: 'email' | 'sms'; error: string; to: string; failedHoursAgo: number }> = {},
) {
  const [row] = await t.db.db
    .insert(outbox)
    .values({
      channel: o.channel ?? 'email',
      event: 'joined',
      recipient: o.to ?? 'joueuse@example.fr',
      subject: 'Un joueur a rejoint votre match',
      body: `Bonjour ${o.to ?? ''}`,
      attempts: 20,
      sendAfter: hoursAgo(30),
      createdAt: hoursAgo(40),
      failedAt: hoursAgo(o.failedHoursAgo ?? 2),
      lastError: o.error ?? 'Connection refused',
    })
    .returning({ id: outbox.id });
  return row!.id;
}

describe('Notifications tab: ended notices and channel health', () => {
  it('lists failed and dropped notices with reason, channel and age, and each channel’s health', async () => {
    const failed = await endedNotice({ error: 'Connection refused', failedHoursAgo: 2 });
    const dropped = await endedNotice({
      error: 'stale: not sent within 12 h of being due',
      failedHoursAgo: 30,
    });
    const sms = await endedNotice({ channel: 'sms', error: 'Twilio 500', failedHoursAgo: 1 });
    await t.db.db.insert(outbox).values({
      channel: 'email',
      event: 'joined',
      recipient: 'a@example.fr',
      createdAt: hoursAgo(5),
      sentAt: hoursAgo(3),
    });
    const view = await t.caller(admin).admin.notices.list();
    expect(view.total).toBe(3);
    expect(view.notices.map((n) => [n.id, n.channel, n.outcome, n.reason, n.age_seconds])).toEqual([
      [sms, 'sms', 'failed', 'Twilio 500', 3600],
      [failed, 'email', 'failed', 'Connection refused', 7200],
      [dropped, 'email', 'dropped', 'stale: not sent within 12 h of being due', 108_000],
    ]);
    const email = view.health.find((h) => h.channel === 'email');
    // One e-mail ended 2 h ago (in the last 24 h), the stale one 30 h ago (not).
    expect(email).toEqual({
      channel: 'email',
      last_success_at: hoursAgo(3).toISOString(),
      failures_24h: 1,
      pending: 0,
      retrying: 0,
    });
    expect(view.health.find((h) => h.channel === 'sms')).toMatchObject({
      last_success_at: null,
      failures_24h: 1,
    });
    const onlySms = await t.caller(admin).admin.notices.list({ channel: 'sms' });
    expect(onlySms.notices.map((n) => n.id)).toEqual([sms]);
  });

  it('retries one notice: it is sent once, and a second retry is refused in French', async () => {
    const id = await endedNotice({ to: 'retry-one@example.fr' });
    const answer = await t.caller(admin).admin.notices.retry({ id });
    expect(answer).toEqual({ retried: 1, message: '1 notification relancée.' });
    await expect(t.caller(admin).admin.notices.retry({ id })).rejects.toThrow(
      'Cette notification a déjà été relancée ou envoyée.',
    );
    expect((await t.caller(admin).admin.notices.list()).total).toBe(0);
    await createOutboxWorker(t.deps).runOnce();
    expect(smtp.mails.map((m) => m.to.join(','))).toEqual(['retry-one@example.fr']);
    const [row] = await t.db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Sent: nothing to retry any more.
    await expect(t.caller(admin).admin.notices.retry({ id })).rejects.toThrow(
      'Cette notification a déjà été relancée ou envoyée.',
    );
    // The retry is in the audit trail.
    const audit = await t.caller(admin).admin.audit.list();
    expect(audit[0]).toMatchObject({ entity: 'notice', action: 'update', entity_id: String(id) });
  });

  it('retries all notices of a channel, or all of them', async () => {
    await endedNotice({ to: 'a@example.fr' });
    await endedNotice({ to: 'b@example.fr' });
    await endedNotice({ channel: 'sms', to: '+33600000001' });
    expect(await t.caller(admin).admin.notices.retryAll({ channel: 'email' })).toEqual({
      retried: 2,
      message: '2 notifications relancées.',
    });
    expect(await t.caller(admin).admin.notices.retryAll()).toEqual({
      retried: 1,
      message: '1 notification relancée.',
    });
    expect(await t.caller(admin).admin.notices.retryAll()).toEqual({
      retried: 0,
      message: 'Aucune notification à relancer.',
    });
  });

  it('refuses players and bad input, changing nothing', async () => {
    const id = await endedNotice();
    const player = await createUser(t.deps);
    await expect(t.caller(player).admin.notices.retry({ id })).rejects.toThrow('Accès refusé');
    await expect(t.caller(player).admin.notices.retryAll()).rejects.toThrow('Accès refusé');
    await expect(t.caller(player).admin.notices.list()).rejects.toThrow('Accès refusé');
    await expect(
      // @ts-expect-error: a channel that does not exist
      t.caller(admin).admin.notices.retryAll({ channel: 'fax' }),
    ).rejects.toThrow('Canal inconnu : email, sms ou push.');
    const [row] = await t.db.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.failedAt).toBeInstanceOf(Date);
  });
});

describe(`retries racing on ${DB}`, () => {
  it('a burst of parallel retries of one notice, from two instances, puts it back once and it is delivered once', async () => {
    const id = await endedNotice({ to: 'burst@example.fr' });
    const dbs = [t.db.db, second?.db ?? t.db.db];
    const burst = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        retryNotice({ db: dbs[i % 2]!, clock: t.clock }, admin, { id }),
      ),
    );
    const ok = burst.filter((r) => r.status === 'fulfilled');
    const refused = burst.filter(
      (r) =>
        r.status === 'rejected' &&
        r.reason instanceof Error &&
        r.reason.message === 'Cette notification a déjà été relancée ou envoyée.',
    );
    console.info(`[retry burst] ${ok.length} retried, ${refused.length} refused of 30 (${DB})`);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(29);
    // Two instances' workers send at once: one mail. A round ends once the relay has taken its
    // mails, so every mail sent is in the sink by then.
    const workers = dbs.map((db) =>
      createOutboxWorker(
        createDeps({ env: t.deps.env, db, logger: captureLogger().logger, clock: t.clock }),
      ),
    );
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(smtp.mails.filter((m) => m.to.includes('burst@example.fr'))).toHaveLength(1);
  }, 30_000);

  it('parallel "retry all" calls put each ended notice back exactly once', async () => {
    for (let i = 0; i < 12; i++) await endedNotice({ to: `all${i}@example.fr` });
    const dbs = [t.db.db, second?.db ?? t.db.db];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        retryAllNotices({ db: dbs[i % 2]!, clock: t.clock }, admin, {}),
      ),
    );
    const total = answers.reduce((s, a) => s + a.retried, 0);
    console.info(`[retry-all burst] ${total} notices retried by 10 parallel calls (${DB})`);
    expect(total).toBe(12);
  }, 30_000);
});
