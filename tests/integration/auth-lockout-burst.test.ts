/**
 * Brute force by bursts: many PIN guesses in flight at once, over every door (tRPC batches, tRPC
 * single calls, REST), by e-mail and by phone, and through the PIN change. At most 5 PINs per
 * account may ever be checked per lock window; the right PIN is then refused.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../common/limits';
import { MSG } from '../../common/messages';
import { authThrottles, sessions } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { bearer, rest } from '../support/http';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const dbName = () =>
  t.db.kind === 'pglite' ? 'PGlite, one query at a time' : 'PostgreSQL, really concurrent';

let ipSeq = 0;
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
/** 50 different wrong PINs (never the factory's 4826). */
const wrongPins = Array.from({ length: 50 }, (_, i) => String(1000 + i * 7));

/** How many times the server really compared a PIN for this account (its "PIN checked" log lines). */
const verifications = (u: TestUser) =>
  t.logs.lines
    .map((l) => JSON.parse(l) as { msg?: string; throttleKey?: string })
    .filter((l) => l.msg === 'PIN checked' && l.throttleKey === `user:${u.id}`).length;

/** One tRPC HTTP batch of login calls, as the browser's batch link sends it: each call's French message or 'ok'. */
async function trpcBatch(
  app: FastifyInstance,
  path: 'auth.login' | 'auth.loginByEmail',
  inputs: object[],
  remoteAddress: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/trpc/${inputs.map(() => path).join(',')}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(Object.fromEntries(inputs.map((input, i) => [String(i), input]))),
    remoteAddress,
  });
  const body = res.json<{ result?: unknown; error?: { message: string } }[]>();
  return body.map((r) => (r.error ? r.error.message : 'ok'));
}

async function restLogin(
  app: FastifyInstance,
  u: TestUser,
  by: 'email' | 'phone',
  pin: string,
  remoteAddress: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: by === 'email' ? '/api/auth/login-by-email' : '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(
      by === 'email'
        ? { email: u.email, pin, deviceId: 'd' }
        : { phone: u.phone, pin, deviceId: 'd' },
    ),
    remoteAddress,
  });
  const body = res.json<{ error?: string }>();
  return body.error ?? 'ok';
}

function expectLockedOut(answers: string[], u: TestUser) {
  const checked = verifications(u);
  console.log(`lockout verifications under a 50-way burst: ${checked} (${dbName()})`);
  expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
  expect(answers).toHaveLength(50);
  expect(answers).not.toContain('ok');
  // Every answer is a refusal the player understands: wrong PIN, then the lock.
  for (const a of answers)
    expect([MSG.auth.wrongPin, MSG.auth.currentPinWrong, MSG.auth.accountLocked(15)]).toContain(a);
}

describe(`50 wrong PINs at once, then the right one (${process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  for (const by of ['email', 'phone'] as const) {
    it(`tRPC batches (by ${by}): at most 5 PINs checked, the right PIN refused while locked`, async () => {
      const u = await createUser(t.deps);
      const ip = newIp();
      const path = by === 'email' ? 'auth.loginByEmail' : 'auth.login';
      const input = (pin: string) =>
        by === 'email'
          ? { email: u.email, pin, deviceId: 'd' }
          : { phone: u.phone, pin, deviceId: 'd' };
      // 50 guesses in flight at once: two full batches of 20 and one of 10, as an attacker sends them.
      const batches = [wrongPins.slice(0, 20), wrongPins.slice(20, 40), wrongPins.slice(40)];
      const answers = (
        await Promise.all(batches.map((pins) => trpcBatch(t.app, path, pins.map(input), ip)))
      ).flat();
      expectLockedOut(answers, u);
      expect(await trpcBatch(t.app, path, [input(u.pin)], ip)).toEqual([
        MSG.auth.accountLocked(15),
      ]);
      expect(verifications(u)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    });

    it(`REST (by ${by}): at most 5 PINs checked, the right PIN refused while locked`, async () => {
      const u = await createUser(t.deps);
      const ip = newIp();
      const answers = await Promise.all(wrongPins.map((pin) => restLogin(t.app, u, by, pin, ip)));
      expectLockedOut(answers, u);
      expect(await restLogin(t.app, u, by, u.pin, ip)).toBe(MSG.auth.accountLocked(15));
    });
  }

  it('all doors and both identifiers at once, plus the PIN change: still at most 5 PINs checked', async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    const changePin = async (pin: string) => {
      const res = await rest(
        t.app,
        'POST',
        '/auth/change-pin',
        { userId: u.id, currentPin: pin, newPin: '5937' },
        bearer(u.token),
      );
      return res.body.error ?? 'ok';
    };
    const answers = (
      await Promise.all([
        trpcBatch(
          t.app,
          'auth.loginByEmail',
          wrongPins.slice(0, 10).map((pin) => ({ email: u.email, pin, deviceId: 'd' })),
          ip,
        ),
        trpcBatch(
          t.app,
          'auth.login',
          wrongPins.slice(10, 20).map((pin) => ({ phone: u.phone, pin, deviceId: 'd' })),
          ip,
        ),
        ...wrongPins
          .slice(20, 30)
          .map((pin) => restLogin(t.app, u, 'email', pin, ip).then((a) => [a])),
        ...wrongPins
          .slice(30, 40)
          .map((pin) => restLogin(t.app, u, 'phone', pin, ip).then((a) => [a])),
        ...wrongPins.slice(40).map((pin) => changePin(pin).then((a) => [a])),
      ])
    ).flat();
    expectLockedOut(answers, u);
    expect(await restLogin(t.app, u, 'phone', u.pin, ip)).toBe(MSG.auth.accountLocked(15));
    expect(await changePin(u.pin)).toBe(MSG.auth.accountLocked(15));
    // After the lock window the right PIN works again.
    t.clock.advance(15 * 60_000);
    expect(await restLogin(t.app, u, 'email', u.pin, ip)).toBe('ok');
  });

  it('the right PIN sent 3 times at once from one address (taps on a slow phone): every login gets in, and only the wrong PIN stays counted', async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    expect(await restLogin(t.app, u, 'email', wrongPins[0]!, ip)).toBe(MSG.auth.wrongPin);
    // The address's and the account's counts are written by the same statements in every login: none may wait on another.
    const answers = await Promise.all(
      ['email', 'phone', 'email'].map((by) =>
        restLogin(t.app, u, by as 'email' | 'phone', u.pin, ip),
      ),
    );
    expect(answers).toEqual(['ok', 'ok', 'ok']);
    expect(await t.db.db.$count(sessions, eq(sessions.userId, u.id))).toBe(4); // the factory's session and three new ones
    const counts = await t.db.db
      .select({
        key: authThrottles.key,
        failures: authThrottles.failures,
        lockedUntil: authThrottles.lockedUntil,
      })
      .from(authThrottles)
      .where(inArray(authThrottles.key, [`ip:${ip}`, `user:${u.id}`]));
    expect(counts).toEqual([{ key: `ip:${ip}`, failures: 1, lockedUntil: null }]);
    // The account's count starts again: a wrong PIN leaves 4 tries.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-by-email',
      payload: { email: u.email, pin: wrongPins[1]!, deviceId: 'd' },
      remoteAddress: ip,
    });
    expect(res.json()).toMatchObject({ error: MSG.auth.wrongPin, attemptsLeft: 4 });
  });

  it('the per-address limit holds too: 55 guesses on 55 accounts at once from one address check at most 50 PINs', async () => {
    const accounts: TestUser[] = [];
    for (let i = 0; i < 55; i++) accounts.push(await createUser(t.deps));
    const ip = newIp();
    const answers = await Promise.all(
      accounts.map((u, i) => restLogin(t.app, u, 'email', wrongPins[i % 50]!, ip)),
    );
    const checked = accounts.reduce((sum, u) => sum + verifications(u), 0);
    console.log(`per-address PIN checks under a 55-way burst: ${checked} (${dbName()})`);
    expect(checked).toBeLessThanOrEqual(50);
    expect(answers).not.toContain('ok');
    const someone = accounts[0]!;
    expect(await restLogin(t.app, someone, 'email', someone.pin, ip)).toBe(MSG.auth.ipLocked(15));
    expect(await restLogin(t.app, someone, 'email', someone.pin, newIp())).toBe('ok');
  });
});
