/** CSRF hardening of cookie sessions and the per-IP rate limit of authentication paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { SESSION_COOKIE } from '../../server/lib/auth';
import { createTestContext, type TestContext } from '../support/app';
import type { TestUser } from '../support/factories';
import { rest, trpc } from '../support/http';
import { freshIdentity, startAppWithUser } from './auth-support';

let t: TestContext;
let u: TestUser;
beforeAll(async () => ({ t, u } = await startAppWithUser()));
afterAll(() => t.close());

const cookieHeader = () => ({ cookie: `${SESSION_COOKIE}=${u.token}` });

describe('CSRF', () => {
  it('runs batched tRPC mutations sent as JSON with the cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.checkDevice,auth.checkDevice?batch=1',
      headers: { 'content-type': 'application/json', ...cookieHeader() },
      payload: JSON.stringify({ 0: { deviceId: 'a' }, 1: { deviceId: 'b' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { result: { data: { isTrusted: false } } },
      { result: { data: { isTrusted: false } } },
    ]);
  });

  it.each([
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    ],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['text/plain', '{}'],
    ['application/json-patch+json', '{}'],
  ])(
    'refuses a cookie mutation sent as %s (what a cross-site form can send): 415, nothing runs',
    async (type, payload) => {
      for (const url of [
        '/trpc/auth.logout',
        '/trpc/auth.logout,auth.checkDevice?batch=1',
        '/api/auth/logout',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, ...cookieHeader() },
          payload,
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ error: MSG.http.jsonOnly });
      }
      expect(
        (await trpc(t.app, 'query', 'auth.me', undefined, { cookie: u.token })).data,
      ).toMatchObject({ id: u.id });
    },
  );

  it('refuses a cookie mutation declared cross-site by the browser (Origin or Sec-Fetch-Site)', async () => {
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'not a url' },
    ];
    for (const headers of attacks) {
      const res = await trpc(t.app, 'mutation', 'auth.logout', {}, { cookie: u.token, headers });
      expect(res.status).toBe(403);
      expect(res.raw.json()).toEqual({ error: MSG.http.crossSite });
      const legacy = await rest(
        t.app,
        'POST',
        '/auth/check-device',
        { deviceId: 'x' },
        { ...cookieHeader(), ...headers },
      );
      expect(legacy.status).toBe(403);
    }
    expect(
      (await trpc(t.app, 'query', 'auth.me', undefined, { cookie: u.token })).data,
    ).toMatchObject({ id: u.id });
  });

  it('accepts same-origin mutations and Bearer clients (no ambient credential to abuse)', async () => {
    const same = await trpc(
      t.app,
      'mutation',
      'auth.checkDevice',
      { deviceId: 'x' },
      {
        cookie: u.token,
        headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      },
    );
    expect(same.status).toBe(200);
    const bearerCrossOrigin = await rest(
      t.app,
      'POST',
      '/auth/check-device',
      { deviceId: 'x' },
      { authorization: `Bearer ${u.token}`, origin: 'https://partner.example' },
    );
    expect(bearerCrossOrigin.body).toEqual({ isTrusted: false });
  });

  it('gives every mutation an input, so an empty body is refused rather than run', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: cookieHeader(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      (await trpc(t.app, 'query', 'auth.me', undefined, { cookie: u.token })).data,
    ).toMatchObject({ id: u.id });
  });
});

describe('AUTH_RATE_LIMIT', () => {
  it('answers 429 in French once an address exceeds the limit on auth paths, over REST and tRPC, and only there', async () => {
    const limited = await createTestContext({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const { email } = freshIdentity();
      for (let i = 0; i < 3; i++)
        expect(
          (await rest(limited.app, 'POST', '/auth/check-user-by-email', { email })).status,
        ).toBe(200);
      const res = await rest(limited.app, 'POST', '/auth/check-user-by-email', { email });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe(MSG.auth.tooManyRequests);
      const viaTrpc = await trpc(limited.app, 'query', 'auth.checkUserByEmail', { email });
      expect(viaTrpc.status).toBe(429);
      expect(JSON.stringify(viaTrpc.raw.json())).toContain(MSG.auth.tooManyRequests);
      expect((await limited.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(
        200,
      );
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/check-user-by-email',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
