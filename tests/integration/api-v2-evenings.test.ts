import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENING_TEXT } from '../../common/messages-evenings';
import type { TCreateEveningInput } from '../../common/schemas/evenings';
import type { SessionUser } from '../../server/lib/auth';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { createClient, type ContractClient, type OpenApiDoc } from './contract/client';
import { createPlace } from './matches-support';

/**
 * Evenings over API v2 (issue 40), as an integrator sees them: a real listening server, plain
 * fetch, every answer checked against /api/v2/openapi.json. A key reads evenings with the
 * `evenings:read` scope, as its service account: public evenings to come, and the ones it
 * organises or plays in; someone else's private evening is the 404 of an unknown one.
 */
type Json = Record<string, unknown>;
type Card = { id: number };
type Page = { data: Card[]; next_cursor: string | null };
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let api: ContractClient;
let doc: OpenApiDoc & { paths: Record<string, Record<string, Json>> };
let admin: TestUser;
let organiser: TestUser;
let placeId: number;
/** A key with `evenings:read`, and its service account as a session user. */
let reader: { key: string; account: SessionUser };
let matchesOnly: string;

const fields = (o: Partial<TCreateEveningInput> = {}): TCreateEveningInput => ({
  format: 'mexicano',
  place_id: placeId,
  date: '2026-06-20',
  time: '19:00',
  levels: ['Niveau 3'],
  courts: 2,
  max_players: 8,
  points_per_game: 21,
  ...o,
});

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  api = createClient(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  doc = (await api.call<typeof doc>('GET', '/api/v2/openapi.json')).body;
  api.useDescription(doc);
  admin = await createAdmin(t.deps, { name: 'Admin Soirées' });
  organiser = await createUser(t.deps, { name: 'Organisatrice Leroy' });
  placeId = (await createPlace(t, { name: 'Club des soirées', city: 'Lyon' })).id;
  const issued = await issueApiKey(t.deps, admin, {
    name: 'Site du club',
    scopes: ['evenings:read'],
  });
  const { id, name } = issued.api_key.service_account;
  reader = {
    key: issued.key,
    account: { id, name, email: null, phone: '', level: null, isAdmin: false, sessionId: 0 },
  };
  matchesOnly = (await issueApiKey(t.deps, admin, { name: 'Matchs', scopes: ['matches:read'] }))
    .key;
}, 60_000);
afterAll(() => t.close());

const list = async (key: string, query: Record<string, string | number> = {}) =>
  api.call<Page>('GET', '/api/v2/evenings', { token: key, query });
const one = async (key: string, id: number, query: Record<string, string> = {}) =>
  api.call<Json>('GET', '/api/v2/evenings/{id}', { token: key, params: { id }, query });

describe('GET /api/v2/evenings', () => {
  it('lists public evenings to come and the key’s own, never someone else’s private one', async () => {
    const as = t.caller(organiser);
    const open = await as.evenings.create(fields());
    const secret = await as.evenings.create(fields({ visibility: 'private' }));
    const past = await as.evenings.create(fields({ date: '2026-06-11' }));
    const own = await t
      .caller(reader.account)
      .evenings.create(fields({ visibility: 'private', date: '2026-06-25' }));
    t.clock.set('2026-06-12T08:00:00Z');
    try {
      const res = await list(reader.key, { limit: 100 });
      expect(res.status).toBe(200);
      const ids = res.body.data.map((e) => e.id);
      expect(ids).toContain(open.id);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(secret.id);
      expect(ids).not.toContain(past.id);
      expect(res.body.data.find((e) => e.id === open.id)).toMatchObject({
        format: 'mexicano',
        status: 'open',
        courts: 2,
        max_players: 8,
        points_per_game: 21,
        signed_up: 0,
        place: { id: placeId, name: 'Club des soirées', city: 'Lyon' },
      });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('pages by id with `{ data, next_cursor }`', async () => {
    await t.caller(organiser).evenings.create(fields());
    const first = await list(reader.key, { limit: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.next_cursor).toBe(String(first.body.data[0]!.id));
    const second = await list(reader.key, { limit: 1, cursor: first.body.next_cursor! });
    expect(second.body.data[0]!.id).toBeGreaterThan(first.body.data[0]!.id);
    expect((await list(reader.key, { cursor: 'abc' })).status).toBe(400);
  });
});

describe('GET /api/v2/evenings/{id}', () => {
  it('answers a public evening, and someone else’s private one only with its link', async () => {
    const as = t.caller(organiser);
    const open = await as.evenings.create(fields({ format: 'americano', points_per_game: 24 }));
    const got = await one(reader.key, open.id);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: open.id, format: 'americano', visibility: 'public' });

    const secret = await as.evenings.create(fields({ visibility: 'private' }));
    const hidden = await one(reader.key, secret.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: { code: 'NOT_FOUND', message: EVENING_TEXT.notFound } });
    // The answer to an evening that never existed, word for word.
    expect((await one(reader.key, 2_000_000_000)).body).toEqual(hidden.body);
    const linked = await one(reader.key, secret.id, { token: secret.share_token! });
    expect(linked.status).toBe(200);
    expect(linked.body.share_token).toBeNull();

    const own = await t.caller(reader.account).evenings.create(fields({ visibility: 'private' }));
    expect((await one(reader.key, own.id)).status).toBe(200);
  });
});

describe('the evenings:read scope', () => {
  it('is required on both paths, as the other scopes are; no key is a 401', async () => {
    const e = await t.caller(organiser).evenings.create(fields());
    for (const res of [await list(matchesOnly), await one(matchesOnly, e.id)]) {
      expect(res.status).toBe(403);
      expect((res.body as unknown as { error: { message: string } }).error.message).toMatch(
        /evenings:read/,
      );
    }
    // A key with evenings:read alone reads no match.
    const matches = await api.call<Json>('GET', '/api/v2/matches', { token: reader.key });
    expect(matches.status).toBe(403);
    expect((await api.call('GET', '/api/v2/evenings', {})).status).toBe(401);
    expect((await list(organiser.token)).status).toBe(401);
  });

  it('is described in the document and offered to admins', async () => {
    for (const path of ['/api/v2/evenings', '/api/v2/evenings/{id}'])
      expect(doc.paths[path]?.get).toMatchObject({ 'x-scope': 'evenings:read', tags: ['Soirées'] });
    const issued = await api.call<{ api_key: { scopes: string[] } }>(
      'POST',
      '/api/admin/api-keys',
      { token: admin.token, body: { name: 'Soirées', scopes: ['evenings:read', 'webhooks'] } },
    );
    expect(issued.status).toBe(201);
    expect(issued.body.api_key.scopes).toEqual(['evenings:read', 'webhooks']);
  });
});
