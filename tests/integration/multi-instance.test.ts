import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisAnswers();
if (!available) console.warn(`[multi-instance] skipped: no Redis answers at ${REDIS_URL}`);

describe.runIf(available)('two instances behind one load balancer', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { REDIS_URL, AUTH_RATE_LIMIT: '4' };
    [a, b] = await Promise.all([createTestContext({ env }), createTestContext({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('share the per-IP authentication rate limit through Redis', async () => {
    // A fresh address per run, so the 60 s window of an earlier run cannot interfere.
    const remoteAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const call = (app: TestContext['app']) =>
      app.inject({ method: 'GET', url: '/trpc/auth.me', remoteAddress });
    const statuses = [];
    for (const app of [a.app, b.app, a.app, b.app, a.app, b.app])
      statuses.push((await call(app)).statusCode);
    expect(statuses.slice(0, 4)).not.toContain(429);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const limited = await call(a.app);
    expect(limited.json()).toMatchObject({
      error: 'Trop de requêtes. Veuillez patienter une minute avant de réessayer.',
    });
  });

  it('do not limit other paths', async () => {
    const remoteAddress = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 8; i++) {
      expect(
        (await a.app.inject({ method: 'GET', url: '/api/settings', remoteAddress })).statusCode,
      ).toBe(200);
    }
  });
});
