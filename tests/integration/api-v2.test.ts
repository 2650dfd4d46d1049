import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { apiKeys, matches, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { createClient, type ContractClient, type OpenApiDoc } from './contract/client';
import { createPlace, insertMatch } from './matches-support';

/**
 * API v2 as an integrator sees it: a real listening server, plain fetch, every answer (2xx and
 * errors) checked against /api/v2/openapi.json, keys issued by an admin over REST.
 */
type Json = Record<string, unknown>;
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let api: ContractClient;
let doc: OpenApiDoc & Json;
let admin: TestUser;
let player: TestUser;
let placeId: number;
let base: string;
const keys: Record<string, string> = {};

async function issue(name: string, scopes: string[], serviceAccountId?: number) {
  const res = await api.call<{
    key: string;
    api_key: { id: number; service_account: { id: number } };
  }>('POST', '/api/admin/api-keys', {
    token: admin.token,
    body: { name, scopes, ...(serviceAccountId ? { service_account_id: serviceAccountId } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const fields = (o: Json = {}) => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels: ['Niveau 3'],
  slots: 2,
  ...o,
});

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = createClient(base);
  admin = await createAdmin(t.deps, { name: 'Admin Api' });
  player = await createUser(t.deps, { name: 'Joueuse Martin' });
  placeId = (await createPlace(t, { name: 'Club v2', city: 'Lyon' })).id;
  const described = await api.call<OpenApiDoc & Json>('GET', '/api/v2/openapi.json');
  expect(described.status).toBe(200);
  doc = described.body;
  api.useDescription(doc);
  keys.all = (await issue('Site du club', ['matches:read', 'matches:write', 'webhooks'])).key;
  keys.read = (await issue('Lecture seule', ['matches:read'])).key;
}, 60_000);
afterAll(() => t.close());

describe('the v2 document', () => {
  it('is a valid OpenAPI 3.1 document, separate from the legacy one', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    const legacy = await fetch(`${base}/api/openapi.json`).then((r) => r.json() as Promise<Json>);
    const legacyPaths = Object.keys(legacy.paths as Json);
    expect(legacyPaths.filter((p) => p.includes('/v2') || p.includes('api-keys'))).toEqual([]);
    expect(
      Object.keys(doc.paths).every((p) => p.startsWith('/api/v2/') || p.startsWith('/api/admin/')),
    ).toBe(true);
    // The legacy document is unchanged: no path of this branch in it.
  });

  it('serves a script-free reference page with the legacy CSP', async () => {
    const res = await api.call('GET', '/api/v2/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = res.text;
    expect(html).toContain('API v2');
    expect(html).not.toMatch(/<script/);
  });
});

describe('v2 resources, each answer matching the document', () => {
  it('walks every operation with consistent shapes', async () => {
    const token = keys.all!;
    const me = await api.call<Json>('GET', '/api/v2/me', { token });
    expect(me.body).toMatchObject({ type: 'service_account', name: 'Site du club' });

    const places = await api.call<{ data: Json[]; next_cursor: string | null }>(
      'GET',
      '/api/v2/places',
      { token, query: { limit: 1 } },
    );
    expect(places.status).toBe(200);
    expect(places.body.data[0]).toMatchObject({ id: placeId, name: 'Club v2' });
    const levels = await api.call<{ data: { id: number }[]; next_cursor: string | null }>(
      'GET',
      '/api/v2/levels',
      { token, query: { limit: 5 } },
    );
    expect(levels.body.data).toHaveLength(5);
    expect(typeof levels.body.next_cursor).toBe('string');
    const rest = await api.call<{ data: { id: number }[]; next_cursor: string | null }>(
      'GET',
      '/api/v2/levels',
      {
        token,
        query: { limit: 100, cursor: levels.body.next_cursor! },
      },
    );
    expect(rest.body.next_cursor).toBeNull();
    expect(rest.body.data[0]!.id).toBeGreaterThan(levels.body.data[4]!.id);

    const created = await api.call<Json>('POST', '/api/v2/matches', { token, body: fields() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      time: '18:00',
      levels: ['Niveau 3'],
      date: '2026-06-20',
      slots: 2,
      missing_players: 2,
    });
    expect(typeof created.body.id).toBe('number');
    const id = Number(created.body.id);

    const again = await api.call<Json>('POST', '/api/v2/matches', {
      token,
      body: fields(),
      headers: { 'idempotency-key': 'club-site-0001' },
    });
    const repeat = await api.call<Json>('POST', '/api/v2/matches', {
      token,
      body: fields(),
      headers: { 'idempotency-key': 'club-site-0001' },
    });
    expect(repeat.body.id).toBe(again.body.id);

    const got = await api.call<Json>('GET', '/api/v2/matches/{id}', { token, params: { id } });
    expect(got.body).toMatchObject({ id, place_id: placeId, time: '18:00' });

    const page1 = await api.call<{ data: Json[]; next_cursor: string | null }>(
      'GET',
      '/api/v2/matches',
      {
        token,
        query: { limit: 1, city: 'lyon', available: 'true', from: '2026-06-01', to: '2026-06-30' },
      },
    );
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await api.call<{ data: Json[]; next_cursor: string | null }>(
      'GET',
      '/api/v2/matches',
      {
        token,
        query: {
          limit: 1,
          city: 'lyon',
          available: 'true',
          from: '2026-06-01',
          to: '2026-06-30',
          cursor: page1.body.next_cursor!,
        },
      },
    );
    expect(page2.body.data[0]!.id).not.toBe(page1.body.data[0]!.id);

    const updated = await api.call<Json>('PUT', '/api/v2/matches/{id}', {
      token,
      params: { id },
      body: fields({ time: '19:30', slots: 3 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ time: '19:30', slots: 3 });

    // The service account joins a player's match, then leaves; waits on a full one.
    const players = await t.caller(player).matches.create(fields({ slots: 1 }));
    const joined = await api.call<Json>('POST', '/api/v2/matches/{id}/join', {
      token,
      params: { id: players.id },
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: players.id, missing_players: 0 });
    const full = await api.call<Json>('POST', '/api/v2/matches/{id}/join', {
      token,
      params: { id: players.id },
    });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      error: { code: 'CONFLICT', message: expect.stringMatching(/déjà|complet/i) as unknown },
    });
    const left = await api.call<Json>('POST', '/api/v2/matches/{id}/leave', {
      token,
      params: { id: players.id },
    });
    expect(left.body).toMatchObject({ missing_players: 1 });
    const other = await createUser(t.deps);
    await t.caller(other).matches.join({ id: players.id });
    const waiting = await api.call<Json>('POST', '/api/v2/matches/{id}/waitlist', {
      token,
      params: { id: players.id },
    });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toEqual({ match_id: players.id, position: 1 });
    const unwait = await api.call('DELETE', '/api/v2/matches/{id}/waitlist', {
      token,
      params: { id: players.id },
    });
    expect(unwait.status).toBe(204);

    // Someone else's match is not the key's to edit or cancel.
    const notOwn = await api.call<Json>('POST', '/api/v2/matches/{id}/cancel', {
      token,
      params: { id: players.id },
      body: {},
    });
    expect(notOwn.status).toBe(403);
    const cancelled = await api.call<Json>('POST', '/api/v2/matches/{id}/cancel', {
      token,
      params: { id },
      body: { reason: 'Terrain indisponible' },
    });
    expect(cancelled.body).toEqual({ id, status: 'cancelled' });
    const gone = await api.call<Json>('GET', '/api/v2/matches/{id}', { token, params: { id } });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String) as unknown },
    });

    const hook = await api.call<{ id: number; secret: string }>('POST', '/api/v2/webhooks', {
      token,
      body: { url: 'http://127.0.0.1:9/hook', events: ['match.created'] },
    });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_/);
    const hooks = await api.call<{ data: { id: number }[] }>('GET', '/api/v2/webhooks', { token });
    expect(hooks.body.data.map((h) => h.id)).toContain(hook.body.id);
    expect(JSON.stringify(hooks.body)).not.toContain('whsec_');
    const unhook = await api.call('DELETE', '/api/v2/webhooks/{id}', {
      token,
      params: { id: hook.body.id },
    });
    expect(unhook.status).toBe(204);
  });

  it('refuses bad input in French with { error: { code, message } }, changing nothing', async () => {
    const token = keys.all!;
    const bad = await api.call<Json>('POST', '/api/v2/matches', {
      token,
      body: fields({ levels: 'Niveau 3' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/niveau/i) as unknown },
    });
    const limit = await api.call<Json>('GET', '/api/v2/matches', { token, query: { limit: 500 } });
    expect(limit.status).toBe(400);
    const cursor = await api.call<Json>('GET', '/api/v2/places', {
      token,
      query: { cursor: 'abc' },
    });
    expect(cursor.status).toBe(400);
    const unknown = await fetch(`${base}/api/v2/nowhere`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String) as unknown },
    });
  });
});

describe('API keys', () => {
  it('are shown once, stored hashed, listed with their last use, and act as a service account', async () => {
    const issued = await issue('Outil de réservation', ['matches:read']);
    expect(issued.key).toMatch(/^pm_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.db.select().from(apiKeys).where(eq(apiKeys.id, issued.api_key.id));
    expect(row!.keyHash).not.toContain(issued.key.slice(8));
    expect(JSON.stringify(row)).not.toContain(issued.key);
    const before = await api.call<Json[]>('GET', '/api/admin/api-keys', { token: admin.token });
    expect(JSON.stringify(before.body)).not.toContain(issued.key);
    expect(before.body.find((k) => k.id === issued.api_key.id)).toMatchObject({
      last_used_at: null,
      prefix: issued.key.slice(0, 12),
    });
    await api.call('GET', '/api/v2/me', { token: issued.key });
    const after = await api.call<Json[]>('GET', '/api/admin/api-keys', { token: admin.token });
    expect(after.body.find((k) => k.id === issued.api_key.id)?.last_used_at).toEqual(
      expect.any(String),
    );

    const [service] = await t.db.db
      .select()
      .from(users)
      .where(eq(users.id, issued.api_key.service_account.id));
    expect(service).toMatchObject({ isService: true, email: null, isAdmin: false });
    // A service account never logs in: it has no e-mail, and its "phone" is no phone number.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: service!.phone, pin: '0000' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    // A second key may act as the same service account.
    const twin = await issue('Outil (2)', ['matches:read'], service!.id);
    expect(twin.api_key.service_account.id).toBe(service!.id);
  });

  it('are checked for their scope on every v2 operation', async () => {
    const read = keys.read!;
    const write = (await issue('Écriture seule', ['matches:write'])).key;
    const hooks = (await issue('Webhooks seuls', ['webhooks'])).key;
    const denied = async (
      key: string,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      body?: Json,
    ) => {
      const res = await api.call<Json>(method, path, { token: key, params: { id: 1 }, body });
      return res.status === 403 ? (res.body as { error: { message: string } }).error.message : null;
    };
    expect(await denied(read, 'POST', '/api/v2/matches', fields())).toMatch(/matches:write/);
    expect(await denied(read, 'POST', '/api/v2/matches/{id}/join')).toMatch(/matches:write/);
    expect(await denied(read, 'GET', '/api/v2/webhooks')).toMatch(/webhooks/);
    expect(await denied(write, 'GET', '/api/v2/matches')).toMatch(/matches:read/);
    expect(await denied(write, 'GET', '/api/v2/places')).toMatch(/matches:read/);
    expect(await denied(hooks, 'GET', '/api/v2/matches/{id}')).toMatch(/matches:read/);
    expect(await denied(hooks, 'PUT', '/api/v2/matches/{id}', fields())).toMatch(/matches:write/);
    expect(await denied(hooks, 'GET', '/api/v2/me')).toBeNull();
  });

  it('are refused once revoked, and never accepted on the legacy API or as a session', async () => {
    const issued = await issue('À révoquer', ['matches:read']);
    expect((await api.call('GET', '/api/v2/me', { token: issued.key })).status).toBe(200);
    const legacy = await fetch(`${base}/api/matches/mine`, {
      headers: { authorization: `Bearer ${issued.key}` },
    });
    expect(legacy.status).toBe(401);
    const revoked = await api.call<Json>('DELETE', '/api/admin/api-keys/{id}', {
      token: admin.token,
      params: { id: issued.api_key.id },
    });
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    const after = await api.call<Json>('GET', '/api/v2/me', { token: issued.key });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Clé d’API invalide ou révoquée.' },
    });
    const none = await api.call<Json>('GET', '/api/v2/matches', {});
    expect(none.status).toBe(401);
    // A player's session token is not a key.
    expect((await api.call('GET', '/api/v2/me', { token: player.token })).status).toBe(401);
  });

  it('are issued and revoked by admins only', async () => {
    const res = await api.call<Json>('POST', '/api/admin/api-keys', {
      token: player.token,
      body: { name: 'x', scopes: ['matches:read'] },
    });
    expect(res.status).toBe(403);
    const bad = await api.call<Json>('POST', '/api/admin/api-keys', {
      token: admin.token,
      body: { name: 'x', scopes: ['tout'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/droit/) as unknown },
    });
  });
});

describe('private matches', () => {
  it('are a 404 to a key, as to any stranger, unless it brings the link’s token', async () => {
    const open = await insertMatch(t, {
      placeId,
      createdBy: player.id,
      date: '2026-06-21',
      time: '18:00',
    });
    const hidden = await insertMatch(t, {
      placeId,
      createdBy: player.id,
      date: '2026-06-21',
      time: '18:00',
    });
    const token = 'Prive_v2_0123456789abc';
    await t.db.db
      .update(matches)
      .set({ visibility: 'private', shareToken: token })
      .where(eq(matches.id, hidden.id));
    const read = (id: number, query?: Record<string, string>) =>
      api.call<Json>('GET', '/api/v2/matches/{id}', { token: keys.read!, params: { id }, query });
    const refused = await read(hidden.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: { code: 'NOT_FOUND', message: MSG.match.notFound } });
    expect((await read(hidden.id, { token: 'Prive_v2_wrong_tokenxx' })).status).toBe(404);
    const shown = await read(hidden.id, { token });
    expect(shown.status).toBe(200);
    const publicOne = await read(open.id);
    expect(Object.keys(shown.body).sort()).toEqual(Object.keys(publicOne.body).sort());
  });
});

describe('coverage', () => {
  it('walked every operation of the v2 document with a 2xx answer', () => {
    const described = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => [m.toUpperCase() as 'GET', path] as const),
    );
    const adminPaths = new Set([
      'POST /api/admin/webhooks',
      'GET /api/admin/webhooks',
      'DELETE /api/admin/webhooks/{id}',
      'POST /api/admin/webhooks/{id}/enable',
      'GET /api/admin/webhooks/deliveries',
      'POST /api/admin/webhooks/deliveries/{id}/replay',
    ]);
    // The webhook admin paths are walked by tests/integration/webhooks.test.ts, the evenings by
    // tests/integration/api-v2-evenings.test.ts.
    const evenings = new Set(['GET /api/v2/evenings', 'GET /api/v2/evenings/{id}']);
    expect(api.missing(described).filter((k) => !adminPaths.has(k) && !evenings.has(k))).toEqual(
      [],
    );
  });
});
