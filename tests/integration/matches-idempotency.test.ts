import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { matches } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { createPlace, trpcError } from './matches-support';

// Issue 13, item 1: a double click or a retried create makes one match. On PostgreSQL the 20
// creates below really run at once (pool of 20); the unique index on (created_by, key) decides.
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let owner: TestUser;
let other: TestUser;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  owner = await createUser(t.deps, { name: 'Organisatrice' });
  other = await createUser(t.deps, { name: 'Autre' });
  placeId = (await createPlace(t)).id;
});
afterAll(() => t.close());

const fields = () => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3'],
  slots: 3,
});
const countOf = async (userId: number) => t.db.db.$count(matches, eq(matches.createdBy, userId));

describe('creating a match with an idempotency key', () => {
  it(`20 identical creates at once over tRPC with one key make one match, all answered with it (${serverUrl() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const before = await countOf(owner.id);
    const key = 'tRPC-burst-0001';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.caller(owner).matches.create({ ...fields(), idempotencyKey: key }),
      ),
    );
    expect(new Set(results.map((m) => m.id)).size).toBe(1);
    expect(await countOf(owner.id)).toBe(before + 1);
  });

  it('REST: 10 POST /api/matches at once with one Idempotency-Key header → 201 each, one match; a later retry returns it too', async () => {
    const before = await countOf(owner.id);
    const post = (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/matches',
        headers: { ...owner.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { ...fields(), created_by: owner.id },
      });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('rest-retry-7f3a9c')),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(responses.map((r) => r.json<{ match: { id: number } }>().match.id));
    expect(ids.size).toBe(1);
    const retry = await post('rest-retry-7f3a9c');
    expect(retry.json<{ match: { id: number } }>().match.id).toBe([...ids][0]);
    expect(await countOf(owner.id)).toBe(before + 1);
    // Without a key, two posts are two matches (the documented legacy behaviour).
    await post();
    await post();
    expect(await countOf(owner.id)).toBe(before + 3);
  });

  it('a key belongs to its creator: another player using the same key gets a match of their own', async () => {
    const mine = await t
      .caller(owner)
      .matches.create({ ...fields(), idempotencyKey: 'shared-key-1234' });
    const theirs = await t
      .caller(other)
      .matches.create({ ...fields(), idempotencyKey: 'shared-key-1234' });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.created_by).toBe(other.id);
  });

  it('refuses a malformed key with a French 400 and creates nothing', async () => {
    const before = await countOf(owner.id);
    const short = await trpcError(
      t.caller(owner).matches.create({ ...fields(), idempotencyKey: 'abc' }),
    );
    expect(short).toMatchObject({ code: 'BAD_REQUEST', message: MSG.match.idempotencyKeyInvalid });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/matches',
      headers: { ...owner.headers, 'idempotency-key': 'espaces interdits ici' },
      payload: { ...fields(), created_by: owner.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: MSG.match.idempotencyKeyInvalid });
    expect(await countOf(owner.id)).toBe(before);
  });
});
