import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, type TestUser } from '../support/factories';

/**
 * The per-key rate limit: counted in the database by the same UPDATE that authenticates the key,
 * so it holds across instances and under a burst (on PostgreSQL, concurrent connections).
 */
const LIMIT = 10;
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let admin: TestUser;
let base: string;

beforeAll(async () => {
  t = await createTestContext({ env: { API_KEY_RATE_LIMIT: String(LIMIT) } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await createAdmin(t.deps);
}, 60_000);
afterAll(() => t.close());

const newKey = async (name: string) =>
  (await issueApiKey(t.deps, admin, { name, scopes: ['matches:read'] })).key;
const me = (key: string) =>
  fetch(`${base}/api/v2/me`, { headers: { authorization: `Bearer ${key}` } });

describe(`per-key rate limit on ${DB}`, () => {
  it('answers a French 429 with Retry-After past the limit, other keys unaffected', async () => {
    const key = await newKey('Séquentielle');
    for (let i = 0; i < LIMIT; i++) expect((await me(key)).status).toBe(200);
    const refused = await me(key);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: `Trop de requêtes pour cette clé d’API. Réessayez dans ${retry} s.`,
      },
    });
    expect((await me(await newKey('Une autre'))).status).toBe(200);
  });

  it(`lets exactly ${LIMIT} of a burst of 60 concurrent requests through`, async () => {
    const key = await newKey('Rafale');
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () => me(key).then((r) => r.status)),
    );
    const passed = statuses.filter((s) => s === 200).length;
    const limited = statuses.filter((s) => s === 429).length;
    console.log(`[burst] ${DB}: 60 concurrent requests, ${passed} passed, ${limited} answered 429`);
    expect(passed).toBe(LIMIT);
    expect(limited).toBe(60 - LIMIT);
  });
});
