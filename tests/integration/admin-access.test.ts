import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { levels, outbox, places, users } from '../../db/schema';
import { appRouter } from '../../server/trpc/root';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { startTwilioStub, type TwilioStub } from '../support/twilio-stub';

/**
 * The admin gate, walked as a table: every admin procedure and every admin REST path is refused
 * to an anonymous caller (401) and to a standard user (403, even claiming an admin's id in the
 * `user-id` header), changes nothing when refused, and works for an admin.
 */

let t: TestContext;
let smtp: SmtpTestServer;
let stub: TwilioStub;
let admin: TestUser;
let player: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  stub = await startTwilioStub();
  t = await createTestContext({ twilioBaseUrl: stub.baseUrl });
  admin = await createAdmin(t.deps);
  player = await createUser(t.deps);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await stub.close();
});

/** Rows an admin call may delete or edit: fresh for every call, checked intact after refusals. */
async function fixtures() {
  const [place] = await t.db.db
    .insert(places)
    .values({ name: `Club ${Math.random()}`, address: '1 rue', city: 'Paris' })
    .returning();
  const [level] = await t.db.db
    .insert(levels)
    .values({ niveau: `Niveau ${Math.random()}`, label: 'Test', ordre: 20 })
    .returning();
  const victim = await createUser(t.deps);
  // A notice the worker gave up on, for the Notifications tab's retry.
  const [notice] = await t.db.db
    .insert(outbox)
    .values({
      channel: 'email',
      event: 'joined',
      recipient: 'joueuse@example.fr',
      subject: 'Un joueur a rejoint votre match',
      body: 'Bonjour',
      attempts: 20,
      failedAt: new Date(),
      lastError: 'Connection refused',
    })
    .returning({ id: outbox.id });
  return { placeId: place!.id, levelId: level!.id, userId: victim.id, noticeId: notice!.id };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

async function intact(f: Fixtures) {
  expect(await t.db.db.$count(places, eq(places.id, f.placeId))).toBe(1);
  expect(await t.db.db.$count(levels, eq(levels.id, f.levelId))).toBe(1);
  const [victim] = await t.db.db.select().from(users).where(eq(users.id, f.userId));
  expect(victim?.isAdmin).toBe(false);
}

const smtpBody = () => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  username: 'mailer',
  password: 'pw-123',
  is_active: false,
});
const twilioBody = () => ({
  accountSid: stub.validSid,
  authToken: stub.validToken,
  phoneNumber: '+33700000000',
  isLive: false,
});
const userBody = (f: Fixtures) => ({
  name: 'Renommé',
  phone: `07${String(f.userId).padStart(8, '0')}`,
  level: 'Niveau 2',
  is_admin: false,
});

type Caller = ReturnType<TestContext['caller']>;
const PROCEDURES: Record<string, (c: Caller, f: Fixtures) => Promise<unknown>> = {
  'admin.places.list': (c) => c.admin.places.list(),
  'admin.places.create': (c) =>
    c.admin.places.create({ name: 'Nouveau', address: '2 rue', city: 'Lyon' }),
  'admin.places.update': (c, f) => c.admin.places.update({ id: f.placeId, is_active: false }),
  'admin.places.delete': (c, f) => c.admin.places.delete({ id: f.placeId }),
  'admin.levels.list': (c) => c.admin.levels.list(),
  'admin.levels.create': (c) =>
    c.admin.levels.create({ niveau: `Niveau ${Math.random()}`, label: 'Nouveau', ordre: 9 }),
  'admin.levels.update': (c, f) => c.admin.levels.update({ id: f.levelId, label: 'Modifié' }),
  'admin.levels.delete': (c, f) => c.admin.levels.delete({ id: f.levelId }),
  'admin.users.list': (c) => c.admin.users.list(),
  'admin.users.update': (c, f) => c.admin.users.update({ id: f.userId, ...userBody(f) }),
  'admin.users.delete': (c, f) => c.admin.users.delete({ id: f.userId }),
  'admin.users.setLevelVerified': (c, f) =>
    c.admin.users.setLevelVerified({ userId: f.userId, verified: true }),
  'admin.twilio.get': (c) => c.admin.twilio.get(),
  'admin.twilio.save': (c) => c.admin.twilio.save(twilioBody()),
  'admin.twilio.test': (c) => c.admin.twilio.test(twilioBody()),
  'admin.smtp.get': (c) => c.admin.smtp.get(),
  'admin.smtp.save': (c) => c.admin.smtp.save(smtpBody()),
  'admin.smtp.test': (c) => c.admin.smtp.test({ email: 'gate@example.fr' }),
  'admin.settings.get': (c) => c.admin.settings.get(),
  'admin.settings.save': (c) =>
    c.admin.settings.save({ max_places: 3, max_levels_selection: 3, months_ahead: 1 }),
  'admin.audit.list': (c) => c.admin.audit.list({}),
  'admin.dashboard.get': (c) => c.admin.dashboard.get({}),
  'admin.notices.list': (c) => c.admin.notices.list({}),
  'admin.notices.retry': (c, f) => c.admin.notices.retry({ id: f.noticeId }),
  'admin.notices.retryAll': (c) => c.admin.notices.retryAll({}),
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const REST: [Method, string, (f: Fixtures) => { url: string; payload?: object }][] = [
  ['GET', '/admin/places', () => ({ url: '/admin/places' })],
  [
    'POST',
    '/admin/places',
    () => ({ url: '/admin/places', payload: { name: 'Nouveau', address: '2 rue', city: 'Lyon' } }),
  ],
  [
    'PUT',
    '/admin/places/:id',
    (f) => ({
      url: `/admin/places/${f.placeId}`,
      payload: { name: 'Renommé', address: '3 rue', city: 'Nice', is_active: 0 },
    }),
  ],
  ['DELETE', '/admin/places/:id', (f) => ({ url: `/admin/places/${f.placeId}` })],
  ['GET', '/admin/levels', () => ({ url: '/admin/levels' })],
  [
    'POST',
    '/admin/levels',
    () => ({
      url: '/admin/levels',
      payload: { niveau: `Niveau ${Math.random()}`, label: 'Nouveau', ordre: '9' },
    }),
  ],
  [
    'PUT',
    '/admin/levels/:id',
    (f) => ({
      url: `/admin/levels/${f.levelId}`,
      payload: { label: 'Modifié', couleur: '#123456' },
    }),
  ],
  ['DELETE', '/admin/levels/:id', (f) => ({ url: `/admin/levels/${f.levelId}` })],
  ['GET', '/admin/twilio/config', () => ({ url: '/admin/twilio/config' })],
  ['POST', '/admin/twilio/test', () => ({ url: '/admin/twilio/test', payload: twilioBody() })],
  ['POST', '/admin/twilio/save', () => ({ url: '/admin/twilio/save', payload: twilioBody() })],
  ['GET', '/admin/smtp-config', () => ({ url: '/admin/smtp-config' })],
  ['POST', '/admin/smtp-config', () => ({ url: '/admin/smtp-config', payload: smtpBody() })],
  [
    'POST',
    '/admin/smtp-test',
    () => ({ url: '/admin/smtp-test', payload: { email: 'gate@example.fr' } }),
  ],
  ['GET', '/admin/users', () => ({ url: '/admin/users' })],
  ['PUT', '/admin/users/:id', (f) => ({ url: `/admin/users/${f.userId}`, payload: userBody(f) })],
  ['DELETE', '/admin/users/:id', (f) => ({ url: `/admin/users/${f.userId}` })],
  [
    'PUT',
    '/admin/users/:id/level-verified',
    (f) => ({ url: `/admin/users/${f.userId}/level-verified`, payload: { verified: true } }),
  ],
  ['GET', '/admin/general-settings', () => ({ url: '/admin/general-settings' })],
  [
    'POST',
    '/admin/general-settings',
    () => ({
      url: '/admin/general-settings',
      payload: { max_places: '3', max_levels_selection: 3, months_ahead: '1' },
    }),
  ],
  ['GET', '/admin/audit', () => ({ url: '/admin/audit' })],
  ['GET', '/admin/dashboard', () => ({ url: '/admin/dashboard' })],
  ['GET', '/admin/notices', () => ({ url: '/admin/notices' })],
  ['POST', '/admin/notices/:id/retry', (f) => ({ url: `/admin/notices/${f.noticeId}/retry` })],
  ['POST', '/admin/notices/retry', () => ({ url: '/admin/notices/retry', payload: {} })],
];

async function trpcCode(p: Promise<unknown>) {
  try {
    await p;
    return 'OK';
  } catch (e) {
    if (e instanceof TRPCError) return `${e.code}: ${e.message}`;
    throw e;
  }
}

describe('admin tRPC procedures', () => {
  it('the table covers every admin procedure of the router', () => {
    const all = Object.keys(appRouter._def.procedures).filter((k) => k.startsWith('admin.'));
    expect(all.sort()).toEqual(Object.keys(PROCEDURES).sort());
  });

  it.each(Object.entries(PROCEDURES))(
    '%s: 401 anonymous, 403 standard user, allowed for an admin',
    async (_name, call) => {
      const f = await fixtures();
      expect(await trpcCode(call(t.caller(null), f))).toBe(`UNAUTHORIZED: ${MSG.auth.required}`);
      expect(await trpcCode(call(t.caller(player), f))).toBe(`FORBIDDEN: ${MSG.auth.adminOnly}`);
      await intact(f);
      expect(await trpcCode(call(t.caller(admin), f))).toBe('OK');
    },
  );
});

describe('admin REST paths', () => {
  it('the table covers every admin path registered under /api (as the OpenAPI description lists them)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const all = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(all.sort()).toEqual(REST.map(([m, u]) => `${m} /api${u.replace(':id', '{id}')}`).sort());
  });

  it.each(REST)(
    '%s %s: 401 anonymous, 403 standard user (even with an admin id in user-id), allowed for an admin',
    async (method, _path, make) => {
      const f = await fixtures();
      const { url, payload } = make(f);
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

      const anon = await call({ 'user-id': String(admin.id) });
      expect(anon.statusCode).toBe(401);
      expect(anon.json<{ error: string }>().error).toBe(MSG.auth.required);
      for (const headers of [player.headers, { ...player.headers, 'user-id': String(admin.id) }]) {
        const res = await call(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json<{ error: string }>().error).toBe(MSG.auth.adminOnly);
      }
      await intact(f);

      const ok = await call({ ...admin.headers, 'user-id': String(admin.id) });
      expect(ok.statusCode, ok.body).toBeLessThan(300);
    },
  );

  it('an admin naming another user in user-id is refused (403) and nothing changes', async () => {
    const f = await fixtures();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/places/${f.placeId}`,
      headers: { ...admin.headers, 'user-id': String(player.id) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe(MSG.auth.notYours);
    await intact(f);
  });

  it('an admin whose flag was removed is refused at the next call', async () => {
    const former = await createAdmin(t.deps);
    await t.db.db.update(users).set({ isAdmin: false }).where(eq(users.id, former.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: former.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
