/**
 * The whole registration journey, over tRPC (as the browser does, with the cookie) and over the
 * legacy REST paths (as a third party does, with the Bearer token), with a real SMTP server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { createDb } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { users } from '../../db/schema';
import type { TUser } from '../../common/schemas/users';
import { grantAdmin } from '../../server/services/auth/admin-emails';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { bearer, rest, trpc } from '../support/http';
import { freshIdentity } from './auth-support';

const PIN = '7391';
const ADMIN_EMAIL = 'chef.de.club@example.fr';

let t: TestContext;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({
    env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , autre@example.fr` },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const storedUser = async (email: string) =>
  (await t.db.db.select().from(users).where(eq(users.email, email)))[0];

/** No answer ever carries a PIN or its hash. */
const expectNoSecret = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(`"${PIN}"`);
  expect(text).not.toMatch(/argon2|pin_?hash|"pin"/i);
};

describe('registration journey over tRPC (browser: cookie session)', () => {
  const id = freshIdentity();
  let cookie = '';
  let user: TUser;

  it('finds no account for the e-mail nor the phone', async () => {
    expect((await trpc(t.app, 'query', 'auth.checkUserByEmail', { email: id.email })).data).toEqual(
      { exists: false },
    );
    expect(
      (await trpc(t.app, 'query', 'auth.checkUser', { phone: id.national, country: 'FR' })).data,
    ).toEqual({ exists: false });
  });

  it('mails a 6-digit code and verifies it', async () => {
    const sent = await trpc<{ success: boolean; message: string; resendAfterSeconds: number }>(
      t.app,
      'mutation',
      'auth.sendOtpEmail',
      {
        email: id.email,
      },
    );
    expect(sent.data).toEqual({
      success: true,
      message: MSG.auth.otpSent,
      resendAfterSeconds: 300,
    });
    const mail = await smtp.waitForMail(id.email);
    expect(mail.text).toContain('Votre code de vérification Padel Match');
    const code = await smtp.codeFor(id.email);
    const verified = await trpc(t.app, 'mutation', 'auth.verifyOtpEmail', {
      email: id.email,
      code,
    });
    expect(verified.data).toEqual({ success: true, message: MSG.auth.otpVerified });
  });

  it('registers, logs in at once with an httpOnly SameSite=Lax cookie, and stores an argon2id hash', async () => {
    const res = await trpc<{ success: boolean; message: string; user: TUser; token: string }>(
      t.app,
      'mutation',
      'auth.register',
      {
        name: '  Léa Martin ',
        email: id.email.toUpperCase(),
        phone: id.national,
        country: 'FR',
        pin: PIN,
        confirmPin: PIN,
        deviceId: 'device-registered-from',
      },
    );
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({
      success: true,
      message: MSG.auth.registered,
      user: { name: 'Léa Martin', email: id.email, phone: id.phone, is_admin: false, photo: null },
    });
    expect(res.data!.token).toMatch(/^[\w-]{22}$/);
    expect(res.cookie).toBe(res.data!.token);
    const line = res.setCookie.join('\n');
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expectNoSecret(res.data);
    const stored = await storedUser(id.email);
    expect(stored!.pinHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(stored!.pinHash).toMatch(/m=19456/);
    const trust = await trpc(
      t.app,
      'mutation',
      'auth.checkDevice',
      { deviceId: 'device-registered-from' },
      { cookie: res.cookie! },
    );
    expect(trust.data).toEqual({ isTrusted: true });
  });

  it('logs in by e-mail with the PIN: a new session token, the device becomes trusted', async () => {
    const res = await trpc<{ success: boolean; user: TUser; token: string; message: string }>(
      t.app,
      'mutation',
      'auth.loginByEmail',
      {
        email: id.email,
        pin: PIN,
        deviceId: 'device-tRPC-1',
      },
    );
    expect(res.data).toMatchObject({
      success: true,
      message: MSG.auth.loggedIn,
      user: { email: id.email },
    });
    expectNoSecret(res.data);
    cookie = res.cookie!;
    user = res.data!.user;
    expect(cookie).toBe(res.data!.token);
    expect(
      (await trpc(t.app, 'mutation', 'auth.checkDevice', { deviceId: 'device-tRPC-1' }, { cookie }))
        .data,
    ).toEqual({
      isTrusted: true,
    });
    expect(
      (await trpc(t.app, 'mutation', 'auth.checkDevice', { deviceId: 'never-seen' }, { cookie }))
        .data,
    ).toEqual({ isTrusted: false });
  });

  it('reads its own user with users.get and auth.me', async () => {
    // Plus their own gender (not given yet) and table opt-in (off), which only they read.
    const own = { ...user, gender: null, leaderboard: false };
    expect(
      (await trpc<TUser>(t.app, 'query', 'users.get', { id: user.id }, { cookie })).data,
    ).toEqual(own);
    expect((await trpc<TUser>(t.app, 'query', 'auth.me', undefined, { cookie })).data).toEqual(own);
  });

  it('logs out: the cookie is cleared and the session no longer works', async () => {
    const out = await trpc(t.app, 'mutation', 'auth.logout', {}, { cookie });
    expect(out.data).toEqual({ success: true });
    expect(out.cookie).toBe('');
    const after = await trpc(t.app, 'query', 'users.get', { id: user.id }, { cookie });
    expect(after.status).toBe(401);
    expect(after.error).toBe(MSG.auth.required);
    expect((await trpc(t.app, 'query', 'auth.me', undefined, { cookie })).data).toBeNull();
  });

  it('can log in by phone as well (national number + country)', async () => {
    const res = await trpc<{ user: TUser }>(t.app, 'mutation', 'auth.login', {
      phone: id.national,
      country: 'FR',
      pin: PIN,
      deviceId: 'd2',
    });
    expect(res.data?.user.id).toBe(user.id);
  });
});

describe('registration journey over REST (third party: Bearer token, legacy payloads)', () => {
  const id = freshIdentity('rest');
  let token = '';
  let user: TUser;

  it('walks check-user, check-user-by-email, send-otp-email, verify-otp-email', async () => {
    expect((await rest(t.app, 'POST', '/auth/check-user', { phone: id.phone })).body).toEqual({
      exists: false,
    });
    expect(
      (await rest(t.app, 'POST', '/auth/check-user-by-email', { email: id.email })).body,
    ).toEqual({ exists: false });
    const sent = await rest(t.app, 'POST', '/auth/send-otp-email', { email: id.email });
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    const code = await smtp.codeFor(id.email);
    const verified = await rest(t.app, 'POST', '/auth/verify-otp-email', { email: id.email, code });
    expect(verified.body).toEqual({ success: true, message: MSG.auth.otpVerified });
  });

  it('registers with {name, email, phone, pin} (the phone already normalised) and gets a token', async () => {
    const res = await rest(t.app, 'POST', '/auth/register', {
      name: 'Hugo',
      email: id.email,
      phone: id.phone,
      pin: PIN,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: MSG.auth.registered,
      user: { phone: id.phone },
    });
    expect(res.raw.headers['set-cookie']).toBeDefined();
    expectNoSecret(res.body);
  });

  it('logs in with /auth/login-by-email {email, pin, deviceId}, then /auth/login {phone, pin, deviceId}', async () => {
    const byEmail = await rest(t.app, 'POST', '/auth/login-by-email', {
      email: id.email,
      pin: PIN,
      deviceId: 'rest-device',
    });
    expect(byEmail.body).toMatchObject({
      success: true,
      message: MSG.auth.loggedIn,
      user: { email: id.email },
    });
    expectNoSecret(byEmail.body);
    const byPhone = await rest(t.app, 'POST', '/auth/login', {
      phone: id.phone,
      pin: PIN,
      deviceId: 'rest-device',
    });
    expect(byPhone.body.success).toBe(true);
    expect(byPhone.body.token).not.toBe(byEmail.body.token);
    token = byPhone.body.token!;
    user = byPhone.body.user!;
  });

  it('checks the device and reads the user with the Bearer token', async () => {
    expect(
      (
        await rest(
          t.app,
          'POST',
          '/auth/check-device',
          { userId: user.id, deviceId: 'rest-device' },
          bearer(token),
        )
      ).body,
    ).toEqual({
      isTrusted: true,
    });
    const got = await rest(t.app, 'GET', `/users/${user.id}`, undefined, bearer(token));
    // Plus their own gender (not given yet) and table opt-in (off), which only they read.
    expect(got.body).toEqual({
      success: true,
      user: { ...user, gender: null, leaderboard: false },
    });
    expectNoSecret(got.body);
  });

  it('logs out and the token is dead afterwards', async () => {
    expect((await rest(t.app, 'POST', '/auth/logout', {}, bearer(token))).body).toEqual({
      success: true,
    });
    const after = await rest(t.app, 'GET', `/users/${user.id}`, undefined, bearer(token));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, error: MSG.auth.required });
  });

  it('never wrote the PIN to the logs', () => {
    const logs = t.logs.text();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(`"${PIN}"`);
    expect(logs).not.toContain(`\\"${PIN}\\"`);
    expect(logs).not.toMatch(/pin=7391|\$argon2/);
  });
});

describe('registration rules', () => {
  it('refuses to register an e-mail that was not verified by code (tRPC and REST), creating nothing', async () => {
    const id = freshIdentity('nover');
    const viaTrpc = await trpc(t.app, 'mutation', 'auth.register', {
      name: 'X',
      email: id.email,
      phone: id.national,
      pin: PIN,
      confirmPin: PIN,
    });
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.error).toBe(MSG.auth.emailNotVerified);
    const viaRest = await rest(t.app, 'POST', '/auth/register', {
      name: 'X',
      email: id.email,
      phone: id.phone,
      pin: PIN,
    });
    expect(viaRest.status).toBe(403);
    expect(viaRest.body).toEqual({ success: false, error: MSG.auth.emailNotVerified });
    expect(await storedUser(id.email)).toBeUndefined();
  });

  it('refuses a code sent for another e-mail as proof', async () => {
    const a = freshIdentity('a');
    const b = freshIdentity('b');
    await t.caller().auth.sendOtpEmail({ email: a.email });
    await t.caller().auth.verifyOtpEmail({ email: a.email, code: await smtp.codeFor(a.email) });
    await expect(
      t
        .caller()
        .auth.register({ name: 'B', email: b.email, phone: b.national, pin: PIN, confirmPin: PIN }),
    ).rejects.toThrow(MSG.auth.emailNotVerified);
  });

  it('refuses an existing e-mail (any case) and an existing phone with the spec messages, keeping the proof', async () => {
    const existing = await createUser(t.deps);
    const id = freshIdentity('dup');
    await t.caller().auth.sendOtpEmail({ email: id.email });
    await t.caller().auth.verifyOtpEmail({ email: id.email, code: await smtp.codeFor(id.email) });
    const dupPhone = await rest(t.app, 'POST', '/auth/register', {
      name: 'D',
      email: id.email,
      phone: existing.phone,
      pin: PIN,
    });
    expect(dupPhone.status).toBe(409);
    expect(dupPhone.body.error).toBe(MSG.auth.existingPhone);
    await expect(
      t.caller().auth.register({
        name: 'D',
        email: id.email,
        phone: id.national,
        pin: PIN,
        confirmPin: PIN,
      }),
    ).resolves.toMatchObject({ success: true });
    // The proof was used by that registration: a second account cannot reuse it.
    const other = freshIdentity('dup2');
    await expect(
      t.caller().auth.register({
        name: 'E',
        email: id.email.toUpperCase(),
        phone: other.national,
        pin: PIN,
        confirmPin: PIN,
      }),
    ).rejects.toThrow(MSG.auth.emailNotVerified);
    await t.caller().auth.sendOtpEmail({ email: existing.email! });
    await t
      .caller()
      .auth.verifyOtpEmail({ email: existing.email!, code: await smtp.codeFor(existing.email!) });
    await expect(
      t.caller().auth.register({
        name: 'F',
        email: existing.email!.toUpperCase(),
        phone: other.national,
        pin: PIN,
        confirmPin: PIN,
      }),
    ).rejects.toThrow(MSG.auth.existingEmail);
  });

  it('refuses weak PINs', async () => {
    const id = freshIdentity('weak');
    for (const pin of ['1234', '0000', '1212', '2580', '6789', '9876']) {
      await expect(
        t
          .caller()
          .auth.register({ name: 'W', email: id.email, phone: id.national, pin, confirmPin: pin }),
      ).rejects.toThrow(MSG.auth.pinTooWeak);
    }
  });
});

describe('ADMIN_EMAILS and `npm run admin -- grant`', () => {
  it('makes a listed e-mail admin on registration', async () => {
    const id = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email: ADMIN_EMAIL });
    await t
      .caller()
      .auth.verifyOtpEmail({ email: ADMIN_EMAIL, code: await smtp.codeFor(ADMIN_EMAIL) });
    const res = await t.caller().auth.register({
      name: 'Chef',
      email: ADMIN_EMAIL,
      phone: id.national,
      pin: PIN,
      confirmPin: PIN,
    });
    expect(res.user.is_admin).toBe(true);
  });

  it('makes an existing listed account admin when it logs in', async () => {
    const u = await createUser(t.deps, { email: 'Autre@Example.fr', pin: PIN });
    expect(u.isAdmin).toBe(false);
    const res = await t
      .caller()
      .auth.loginByEmail({ email: 'autre@example.fr', pin: PIN, deviceId: 'x' });
    expect(res.user.is_admin).toBe(true);
  });

  it('grantAdmin finds the account by e-mail in any case, and reports an unknown one', async () => {
    const u = await createUser(t.deps, { email: 'bientot.admin@example.fr' });
    expect(await grantAdmin(t.deps, 'nobody@example.fr')).toBeNull();
    expect(await grantAdmin(t.deps, ' Bientot.Admin@Example.FR ')).toEqual({
      id: u.id,
      name: u.name,
    });
    expect((await storedUser('bientot.admin@example.fr'))!.isAdmin).toBe(true);
  });

  it('grants admin rights from the command line', async () => {
    const u = await createUser(t.deps, { email: 'future.admin@example.fr' });
    const run = promisify(execFile);
    const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
    let env: NodeJS.ProcessEnv;
    let dataDir: string | undefined;
    if (t.db.url) {
      env = { ...process.env, DATABASE_URL: t.db.url };
    } else {
      // PGlite: the command opens $DATA_DIR/pglite, so give it its own database with this account.
      dataDir = mkdtempSync(join(tmpdir(), 'padel-admin-'));
      const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
      await runMigrations(handle);
      await handle.db
        .insert(users)
        .values({ name: u.name, email: u.email, phone: u.phone, pinHash: 'x' });
      await handle.close();
      env = {
        ...process.env,
        DATABASE_URL: '',
        TEST_DATABASE_URL: '',
        DATA_DIR: dataDir,
        APP_SECRET: 'x'.repeat(32),
      };
    }
    try {
      const ok = await run(tsx, ['server/cli/admin.ts', 'grant', 'Future.Admin@example.fr'], {
        env,
      });
      expect(ok.stdout).toContain('is now an administrator');
      const usage = await run(tsx, ['server/cli/admin.ts', 'promote'], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(usage).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('npm run admin -- grant <email>') as string,
      });
      if (dataDir) {
        const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
        const [row] = await handle.db.select().from(users).where(eq(users.email, u.email!));
        await handle.close();
        expect(row!.isAdmin).toBe(true);
      } else {
        const [row] = await t.db.db.select().from(users).where(eq(users.id, u.id));
        expect(row!.isAdmin).toBe(true);
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
    // Starting a process and opening an on-disk PGlite takes seconds on a busy machine.
  }, 180_000);
});
