import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_HOUR, SHARE_PAGES_PER_MINUTE } from '../../common/limits';
import { MSG } from '../../common/messages';
import { buildApp } from '../../server/app';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { createPlace } from './matches-support';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis';

// The two doors that hand out data in bulk: share pages per IP, personal-data exports per account.
const REDIS_URL = TEST_REDIS_URL;
const NOW = '2026-06-10T08:00:00Z';

async function setUp(env: Record<string, string> = {}) {
  const t = await createTestContext({ now: NOW, env });
  const lea = await createUser(t.deps, { name: 'Léa Dupont' });
  const placeId = (await createPlace(t)).id;
  const match = await t.caller(lea).matches.create({
    place_id: placeId,
    date: '2026-06-20',
    time: '18:30',
    levels: ['Niveau 3'],
    slots: 3,
  });
  return { t, lea, matchId: match.id };
}

const randomIp = (prefix: string) => `${prefix}.${Math.floor(Math.random() * 250) + 1}`;
const sharePage = (app: FastifyInstance, id: number, remoteAddress: string) =>
  app.inject({ method: 'GET', url: `/m/${id}`, remoteAddress });
const restExport = (app: FastifyInstance, u: TestUser) =>
  app.inject({ method: 'GET', url: `/api/users/${u.id}/export`, headers: u.headers });
const trpcExport = (app: FastifyInstance, u: TestUser) =>
  app.inject({
    method: 'GET',
    url: `/trpc/users.exportData?input=${encodeURIComponent(JSON.stringify({ id: u.id }))}`,
    headers: u.headers,
  });

describe('without Redis (one instance)', () => {
  let t: TestContext;
  let matchId: number;
  beforeAll(async () => ({ t, matchId } = await setUp()));
  afterAll(() => t.close());

  it(`share pages: ${SHARE_PAGES_PER_MINUTE} a minute per IP, then a French 429 with Retry-After`, async () => {
    const ip = randomIp('198.51.100');
    for (let i = 0; i < SHARE_PAGES_PER_MINUTE; i++)
      expect((await sharePage(t.app, matchId, ip)).statusCode).toBe(200);
    const refused = await sharePage(t.app, matchId, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MSG.http.sharePagesTooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address, and the rest of the app for this one, are not held back.
    expect((await sharePage(t.app, matchId, randomIp('203.0.113'))).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/matches', remoteAddress: ip })).statusCode,
    ).toBe(200);
  });

  it(`exports: ${EXPORTS_PER_HOUR} an hour per account, REST and tRPC counted together`, async () => {
    const [ana, ben] = [
      await createUser(t.deps, { name: 'Ana Export' }),
      await createUser(t.deps, { name: 'Ben Export' }),
    ];
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await (i % 2 ? trpcExport(t.app, ana) : restExport(t.app, ana))).statusCode).toBe(
        200,
      );
    }
    const rest = await restExport(t.app, ana);
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toEqual({ error: MSG.account.exportTooMany(60) });
    const wait = Number(rest.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);

    const trpc = await trpcExport(t.app, ana);
    expect(trpc.statusCode).toBe(429);
    expect(trpc.headers['retry-after']).toBeDefined();
    expect(trpc.json()).toMatchObject({
      error: {
        message: MSG.account.exportTooMany(60),
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, details: { retryAfterSeconds: wait } },
      },
    });
    // Per account, not per address: another player from the same IP still downloads theirs.
    expect((await restExport(t.app, ben)).statusCode).toBe(200);
    // Without a session the route answers as before.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${ana.id}/export` })).statusCode,
    ).toBe(401);
  });
});

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`[door-limits] Redis cases skipped: no Redis answers at ${REDIS_URL}`);

describe.runIf(redisUp)('with REDIS_URL, two instances share the counts', () => {
  let t: TestContext;
  let second: FastifyInstance;
  let lea: TestUser;
  let matchId: number;
  beforeAll(async () => {
    ({ t, lea, matchId } = await setUp({ REDIS_URL }));
    second = await buildApp(t.deps, { serveClient: false });
    await second.ready();
    // An earlier run's hour-long window for the same user id must not count here.
    const redis = new Redis(REDIS_URL);
    const stale = await redis.keys(`*export:${lea.id}`);
    if (stale.length > 0) await redis.del(...stale);
    redis.disconnect();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('share pages and exports', async () => {
    const ip = randomIp('192.0.2');
    for (let i = 0; i < SHARE_PAGES_PER_MINUTE; i++) {
      expect((await sharePage(i % 2 ? second : t.app, matchId, ip)).statusCode).toBe(200);
    }
    expect((await sharePage(t.app, matchId, ip)).statusCode).toBe(429);
    expect((await sharePage(second, matchId, ip)).statusCode).toBe(429);

    for (let i = 0; i < EXPORTS_PER_HOUR; i++)
      expect((await restExport(i % 2 ? second : t.app, lea)).statusCode).toBe(200);
    const refused = await trpcExport(second, lea);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { message: MSG.account.exportTooMany(60) } });
  });
});
