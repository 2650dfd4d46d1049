/** Brute force on 4-digit PINs: per-account lock after 5 failures in a row, per-IP limit, PIN change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { authThrottles } from '../../db/schema';
import type { TestContext } from '../support/app';
import { createUser } from '../support/factories';
import type { SmtpTestServer } from '../support/smtp';
import { bearer, rest, trpc } from '../support/http';
import { freshIdentity, startAppWithSmtp } from './auth-support';

const MINUTE = 60_000;
const WRONG = '9183';

let t: TestContext;
let smtp: SmtpTestServer;
let close: () => Promise<void>;
beforeAll(async () => ({ t, smtp, close } = await startAppWithSmtp()));
afterAll(() => close());

/** Each test logs in from its own address so the per-IP counter never mixes tests. */
let ipSeq = 0;
const newIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('account lock', () => {
  it('locks after 5 wrong PINs in a row: the right PIN is refused for 15 minutes, then works', async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    const login = (pin: string) =>
      t.caller(null, ip).auth.loginByEmail({ email: u.email!, pin, deviceId: 'd' });
    for (let i = 0; i < 4; i++) await expect(login(WRONG)).rejects.toThrow(MSG.auth.wrongPin);
    await expect(login(WRONG)).rejects.toThrow(MSG.auth.accountLocked(15));
    await expect(login(u.pin)).rejects.toThrow(MSG.auth.accountLocked(15));
    t.clock.advance(10 * MINUTE);
    await expect(login(u.pin)).rejects.toThrow(MSG.auth.accountLocked(5));
    t.clock.advance(5 * MINUTE);
    await expect(login(u.pin)).resolves.toMatchObject({ success: true });
  });

  it('counts failures in a row only: a success starts the count again', async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    const login = (pin: string) =>
      t.caller(null, ip).auth.login({ phone: u.phone, pin, deviceId: 'd' });
    for (let i = 0; i < 4; i++) await expect(login(WRONG)).rejects.toThrow(MSG.auth.wrongPin);
    await login(u.pin);
    for (let i = 0; i < 4; i++) await expect(login(WRONG)).rejects.toThrow(MSG.auth.wrongPin);
    await expect(login(u.pin)).resolves.toMatchObject({ success: true });
  });

  it('locks over REST and over tRPC-HTTP alike: 429 with the French message, success:false', async () => {
    const u = await createUser(t.deps);
    for (let i = 0; i < 5; i++)
      await rest(t.app, 'POST', '/auth/login-by-email', {
        email: u.email,
        pin: WRONG,
        deviceId: 'd',
      });
    const res = await rest(t.app, 'POST', '/auth/login', {
      phone: u.phone,
      pin: u.pin,
      deviceId: 'd',
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, error: MSG.auth.accountLocked(15) });
    const viaTrpc = await trpc(t.app, 'mutation', 'auth.loginByEmail', {
      email: u.email,
      pin: u.pin,
      deviceId: 'd',
    });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.error).toBe(MSG.auth.accountLocked(15));
    expect(viaTrpc.cookie).toBeUndefined();
    t.clock.advance(15 * MINUTE);
  });

  it('keeps the counters in the database (auth_throttles, keyed user:<id>)', async () => {
    const u = await createUser(t.deps);
    await expect(
      t.caller(null, newIp()).auth.loginByEmail({ email: u.email!, pin: WRONG, deviceId: 'd' }),
    ).rejects.toThrow();
    const keys = (await t.db.db.select().from(authThrottles)).map((r) => r.key);
    expect(keys).toContain(`user:${u.id}`);
  });

  it('a locked player gets back in at once with the OTP-backed PIN reset, which lifts the lock', async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      await expect(
        t.caller(null, ip).auth.loginByEmail({ email: u.email!, pin: WRONG, deviceId: 'd' }),
      ).rejects.toThrow();
    await t.caller().auth.requestPinReset({ email: u.email! });
    const code = await smtp.codeFor(u.email!);
    const reset = await t
      .caller()
      .auth.resetPin({ email: u.email!, code, newPin: '5937', confirmPin: '5937' });
    expect(reset.success).toBe(true);
    await expect(
      t.caller(null, ip).auth.loginByEmail({ email: u.email!, pin: '5937', deviceId: 'd' }),
    ).resolves.toMatchObject({
      success: true,
    });
  });

  it('answers an unknown e-mail with the spec message, as slowly as a known one', async () => {
    await expect(
      t
        .caller(null, newIp())
        .auth.loginByEmail({ email: freshIdentity().email, pin: WRONG, deviceId: 'd' }),
    ).rejects.toThrow(MSG.auth.unknownEmail);
    const res = await rest(t.app, 'POST', '/auth/login', {
      phone: freshIdentity().phone,
      pin: WRONG,
      deviceId: 'd',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: MSG.auth.unknownPhone });
  });
});

describe('per-IP limit', () => {
  it('refuses an address after 50 failures in 15 minutes, whatever the account, but not other addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < 50; i++) {
      await expect(
        t
          .caller(null, ip)
          .auth.loginByEmail({ email: `inconnu${i}@example.fr`, pin: WRONG, deviceId: 'd' }),
      ).rejects.toThrow(MSG.auth.unknownEmail);
    }
    const u = await createUser(t.deps);
    await expect(
      t.caller(null, ip).auth.loginByEmail({ email: u.email!, pin: u.pin, deviceId: 'd' }),
    ).rejects.toThrow(MSG.auth.ipLocked(15));
    await expect(
      t.caller(null, newIp()).auth.loginByEmail({ email: u.email!, pin: u.pin, deviceId: 'd' }),
    ).resolves.toMatchObject({
      success: true,
    });
    t.clock.advance(15 * MINUTE);
    await expect(
      t.caller(null, ip).auth.loginByEmail({ email: u.email!, pin: u.pin, deviceId: 'd' }),
    ).resolves.toMatchObject({
      success: true,
    });
  });
});

describe('PIN change', () => {
  it('changes the PIN with the current one, ends the other sessions, keeps this one', async () => {
    const u = await createUser(t.deps);
    const other = await t
      .caller()
      .auth.loginByEmail({ email: u.email!, pin: u.pin, deviceId: 'other' });
    const res = await rest(
      t.app,
      'POST',
      '/auth/change-pin',
      { userId: u.id, currentPin: u.pin, newPin: '5937' },
      bearer(u.token),
    );
    expect(res.body).toEqual({ success: true, message: MSG.auth.pinChanged });
    expect((await rest(t.app, 'GET', `/users/${u.id}`, undefined, bearer(u.token))).status).toBe(
      200,
    );
    expect(
      (await rest(t.app, 'GET', `/users/${u.id}`, undefined, bearer(other.token))).status,
    ).toBe(401);
    await expect(
      t.caller().auth.loginByEmail({ email: u.email!, pin: '5937', deviceId: 'd' }),
    ).resolves.toMatchObject({ success: true });
  });

  it('refuses a wrong current PIN, counts it toward the lock, and needs a session', async () => {
    const u = await createUser(t.deps);
    const caller = t.caller(u);
    for (let i = 0; i < 4; i++)
      await expect(
        caller.auth.changePin({ currentPin: WRONG, newPin: '5937', confirmPin: '5937' }),
      ).rejects.toThrow(MSG.auth.currentPinWrong);
    await expect(
      caller.auth.changePin({ currentPin: WRONG, newPin: '5937', confirmPin: '5937' }),
    ).rejects.toThrow(MSG.auth.accountLocked(15));
    await expect(
      caller.auth.changePin({ currentPin: u.pin, newPin: '5937', confirmPin: '5937' }),
    ).rejects.toThrow(MSG.auth.accountLocked(15));
    await expect(
      t.caller().auth.changePin({ currentPin: u.pin, newPin: '5937', confirmPin: '5937' }),
    ).rejects.toThrow(MSG.auth.required);
    const anonymous = await rest(t.app, 'POST', '/auth/change-pin', {
      userId: u.id,
      currentPin: u.pin,
      newPin: '5937',
    });
    expect(anonymous.status).toBe(401);
    t.clock.advance(15 * MINUTE);
  });

  it('legacy change-pin and check-device refuse another userId (403) and change nothing', async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    const res = await rest(
      t.app,
      'POST',
      '/auth/change-pin',
      { userId: b.id, currentPin: a.pin, newPin: '5937' },
      bearer(a.token),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: MSG.auth.notYours });
    await expect(
      t.caller().auth.loginByEmail({ email: a.email!, pin: a.pin, deviceId: 'd' }),
    ).resolves.toMatchObject({ success: true });
    const device = await rest(
      t.app,
      'POST',
      '/auth/check-device',
      { userId: b.id, deviceId: 'd' },
      bearer(a.token),
    );
    expect(device.status).toBe(403);
    expect(device.body).toEqual({ error: MSG.auth.notYours });
  });
});
