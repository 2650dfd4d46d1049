import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../server/app';
import { issueApiKey } from '../../server/services/integrations/api-keys';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { matchGuests, matchParticipants } from '../../db/schema';
import { createPlace, insertMatch } from '../integration/matches-support';
import {
  callProcedure,
  changedTables,
  errorText,
  isFrench,
  procedures,
  restOperations,
  snapshotTables,
  type Procedure,
  type RestOperation,
} from './surface';

/**
 * Property-based fuzzing of every tRPC procedure and every REST operation with input that must be
 * refused: each case carries at least one value no field accepts (a control character or a lone
 * surrogate, a wrong type, an out-of-range number, an impossible date), mixed with SQL and HTML
 * fragments, huge strings, missing and extra fields; plus malformed JSON, non-object bodies, bad
 * path ids and oversized bodies. Every answer must be a 4xx with a French error, and no row of
 * any table may change.
 */
/** Cases per target and per kind (FUZZ_RUNS to explore more locally). */
const RUNS_PER_TARGET = Number(process.env.FUZZ_RUNS ?? 16);

const SQL = [
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "%' UNION SELECT pin_hash FROM users --",
  "'); DELETE FROM matches; --",
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg onload=alert(1)>',
  '{{constructor}}',
];
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f'];
const SURROGATE = ['\ud800', '\udbff', '\udc00', '\udfff'];
const BAD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '2025-02-29',
  '0000-01-01',
  'garbage',
  '2026-2-3',
  '9999-99-99',
  '2026-04-31T00:00',
];
const BAD_NUMBERS = [2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, -1, 0, 1.5, 2_147_483_648];
const BAD_ID_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '%F0%9F',
  '0x10',
  "1'%20OR%201=1",
  '%3Cscript%3E',
];

const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...SQL, ...HTML));
/** A string no text field accepts, whatever it is (a name, an e-mail, an id, a boolean). */
const badText = fc.oneof(
  fc.tuple(text, fc.constantFrom(...CONTROL), text).map(([a, c, b]) => a + c + b),
  // A lone surrogate, then an ASCII letter so it can never pair with what follows.
  fc.tuple(text, fc.constantFrom(...SURROGATE)).map(([a, s]) => `${a}${s}x`),
  fc
    .tuple(fc.integer({ min: 10_000, max: 20_000 }), fc.constantFrom(...CONTROL, ...SURROGATE))
    .map(([n, c]) => 'a'.repeat(n) + c),
);
/** A value of the wrong type for every field (objects and arrays of objects are nowhere an input scalar). */
const wrongType = fc.oneof(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), {
    minKeys: 1,
    maxKeys: 3,
  }),
  fc.constant({}),
  fc.array(fc.constant({ $gt: '' }), { minLength: 1, maxLength: 2 }),
);
/**
 * REST booleans keep the legacy 1/0 the old clients send (`legacyBool` in server/rest/admin.ts), so
 * 0 is a valid value there and not a refusal to expect; tRPC booleans still get it.
 */
const REST_LEGACY_BOOLEANS = new Set([
  'is_active',
  'is_admin',
  'secure',
  'skip_cert_verify',
  'isLive',
  // `GET /api/evenings?mine=0|1`.
  'mine',
]);
const badValue = (field: string, door: 'trpc' | 'rest') => {
  const numbers =
    door === 'rest' && REST_LEGACY_BOOLEANS.has(field)
      ? BAD_NUMBERS.filter((n) => n !== 0)
      : BAD_NUMBERS;
  const choices = [badText, wrongType, fc.constantFrom(...numbers)];
  if (/date|^from$|^to$/i.test(field)) choices.push(fc.constantFrom(...BAD_DATES));
  return fc.oneof(...choices);
};
/** A query-string value, lone surrogates sent as the invalid UTF-8 a raw client could send. */
const queryValue = (v: unknown) =>
  encodeURIComponent(
    (typeof v === 'string' ? v : JSON.stringify(v)).replace(/\p{Cs}/gu, '\u0001LONE'),
  ).replace(/%01LONE/g, '%ED%A0%80');
/** Whatever a field may also hold in a case: something plausible, junk, or nothing. */
const filler = fc.option(
  fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 3000 })),
  { nil: undefined },
);
const extraFields = fc.dictionary(
  fc.constantFrom('is_admin', 'isAdmin', 'role', '__proto__x', 'user_id', 'extra', '$where'),
  fc.jsonValue({ maxDepth: 2 }),
  {
    maxKeys: 3,
  },
);

/** An object with every known field filled, missing or broken, at least one of them broken. */
function brokenObject(
  fields: string[],
  door: 'trpc' | 'rest',
): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0) return fc.constant({});
  return fc
    .tuple(
      fc.constantFrom(...fields).chain((f) => badValue(f, door).map((v) => [f, v] as const)),
      fc.tuple(...fields.map(() => filler)),
      extraFields,
    )
    .map(([[badField, bad], fills, extra]) => {
      const o: Record<string, unknown> = { ...extra };
      fields.forEach((f, i) => {
        if (fills[i] !== undefined) o[f] = fills[i];
      });
      o[badField] = bad;
      return o;
    });
}

/** Inputs that are not an object at all (`null` counts as no input, which input-less calls allow). */
const NON_OBJECTS: unknown[] = ['texte', 42, [1], true];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"id": 1,}',
  "{'id': 1}",
  '[1, 2',
  'null null',
  '{"x":"\\u00"}',
  '\u0000',
];

let t: TestContext;
let player: TestUser;
let admin: TestUser;
let matchId: number;
/** A public evening the player organises: the evening paths' valid id. */
let eveningId: number;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T10:00:00Z' });
  player = await createUser(t.deps);
  admin = await createAdmin(t.deps);
  const place = await createPlace(t);
  matchId = (
    await insertMatch(t, {
      placeId: place.id,
      createdBy: player.id,
      date: '2026-03-20',
      time: '18:00',
    })
  ).id;
  eveningId = (
    await t.caller(player).evenings.create({
      format: 'americano',
      place_id: place.id,
      date: '2026-03-20',
      time: '19:00',
      levels: ['Niveau 3'],
      courts: 1,
      max_players: 4,
      points_per_game: 24,
    })
  ).id;
});
afterAll(() => t.close());

const stats = { cases: 0, fiveHundreds: 0 };

/** A refusal as the issue asks: a 4xx with a French error. Returns the problem, or null. */
function refusal(res: LightMyRequestResponse): string | null {
  stats.cases++;
  if (res.statusCode >= 500) stats.fiveHundreds++;
  if (res.statusCode < 400 || res.statusCode >= 500)
    return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const message = errorText(res);
  return isFrench(message)
    ? null
    : `error not in French: ${JSON.stringify(message)?.slice(0, 200)}`;
}

const bearer = (u: TestUser) => ({ authorization: `Bearer ${u.token}` });
const tokenFor = (adminOnly: boolean) => bearer(adminOnly ? admin : player);

function restUrl(op: RestOperation, id: string) {
  return op.path.replace(/\{\w+\}/g, id);
}
const validId = (op: RestOperation) =>
  String(
    op.path.startsWith('/api/users/')
      ? player.id
      : op.path.startsWith('/api/matches/')
        ? matchId
        : op.path.startsWith('/api/evenings/') || op.path.startsWith('/api/v2/evenings/')
          ? eveningId
          : 1,
  );

describe('fuzzing every input', () => {
  it(
    'refuses malformed input everywhere with a French 4xx, never a 5xx, never a changed row',
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      const before = await snapshotTables(t.db.db);
      const procs = procedures().filter(
        (p): p is Procedure & { fields: string[] } => p.fields !== null,
      );
      const ops = (await restOperations(t.app)).filter((o) => o.path.startsWith('/api/'));
      const check = async (label: string, run: () => Promise<LightMyRequestResponse>) => {
        const problem = refusal(await run());
        expect(problem, label).toBeNull();
      };

      for (const p of procs) {
        const headers = tokenFor(p.path.startsWith('admin.'));
        if (p.fields.length)
          await fc.assert(
            fc.asyncProperty(brokenObject(p.fields, 'trpc'), (input) =>
              check(`tRPC ${p.path} ${JSON.stringify(input).slice(0, 300)}`, () =>
                callProcedure(t.app, p, input, headers),
              ),
            ),
            { numRuns: RUNS_PER_TARGET, endOnFailure: true },
          );
        for (const input of NON_OBJECTS)
          await check(`tRPC ${p.path} ${JSON.stringify(input)}`, () =>
            callProcedure(t.app, p, input, headers),
          );
        for (const raw of MALFORMED_JSON) {
          await check(`tRPC ${p.path} malformed ${raw}`, () =>
            p.kind === 'query'
              ? t.app.inject({
                  method: 'GET',
                  url: `/trpc/${p.path}?input=${encodeURIComponent(raw)}`,
                  headers,
                })
              : t.app.inject({
                  method: 'POST',
                  url: `/trpc/${p.path}`,
                  headers: { ...headers, 'content-type': 'application/json' },
                  payload: raw,
                }),
          );
        }
      }

      for (const op of ops) {
        const headers = tokenFor(op.path.startsWith('/api/admin/'));
        const hasBody = op.method !== 'GET' && op.bodyFields.length > 0;
        if (hasBody) {
          await fc.assert(
            fc.asyncProperty(brokenObject(op.bodyFields, 'rest'), (body) =>
              check(`${op.key} ${JSON.stringify(body).slice(0, 300)}`, () =>
                t.app.inject({
                  method: op.method,
                  url: restUrl(op, validId(op)),
                  headers,
                  payload: body,
                }),
              ),
            ),
            { numRuns: RUNS_PER_TARGET, endOnFailure: true },
          );
          for (const body of NON_OBJECTS) {
            await check(`${op.key} body ${JSON.stringify(body)}`, () =>
              t.app.inject({
                method: op.method,
                url: restUrl(op, validId(op)),
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              }),
            );
          }
          for (const raw of MALFORMED_JSON) {
            await check(`${op.key} malformed ${raw}`, () =>
              t.app.inject({
                method: op.method,
                url: restUrl(op, validId(op)),
                headers: { ...headers, 'content-type': 'application/json' },
                payload: raw,
              }),
            );
          }
        }
        if (op.queryFields.length) {
          await fc.assert(
            fc.asyncProperty(brokenObject(op.queryFields, 'rest'), (query) => {
              const qs = Object.entries(query)
                .map(([k, v]) => `${encodeURIComponent(k)}=${queryValue(v)}`)
                .join('&');
              return check(`${op.key} ?${qs.slice(0, 300)}`, () =>
                t.app.inject({
                  method: op.method,
                  url: `${restUrl(op, validId(op))}?${qs}`,
                  headers,
                }),
              );
            }),
            { numRuns: RUNS_PER_TARGET, endOnFailure: true },
          );
        }
        if (op.pathParams.length) {
          for (const id of BAD_ID_SEGMENTS) {
            await check(`${op.key} id ${id}`, () =>
              t.app.inject({
                method: op.method,
                url: restUrl(op, id),
                headers,
                ...(op.method === 'GET' ? {} : { payload: {} }),
              }),
            );
          }
        }
      }

      // The live streams never end once open, so only input that must be refused is sent to them:
      // it is refused before the stream starts (bad ids, a Last-Event-ID over 40 characters, a
      // malformed link token).
      for (const path of ['/api/evenings/{id}/live', '/api/evenings/{id}/live?token=x']) {
        for (const id of BAD_ID_SEGMENTS)
          await check(`GET ${path} id ${id}`, () =>
            t.app.inject({ method: 'GET', url: path.replace('{id}', id), headers: bearer(player) }),
          );
      }
      for (const token of ['x', 'a'.repeat(23), '%00'.repeat(22), "'%20OR%201=1--", '%ED%A0%80'])
        await check(`GET /api/evenings/{id}/live token ${token}`, () =>
          t.app.inject({
            method: 'GET',
            url: `/api/evenings/${eveningId}/live?token=${token}`,
            headers: bearer(player),
          }),
        );
      for (const path of ['/api/polls/{id}/events', '/api/matches/{id}/events']) {
        for (const id of BAD_ID_SEGMENTS)
          await check(`GET ${path} id ${id}`, () =>
            t.app.inject({ method: 'GET', url: path.replace('{id}', id), headers: bearer(player) }),
          );
        await check(`GET ${path} last-event-id`, () =>
          t.app.inject({
            method: 'GET',
            url: path.replace('{id}', String(matchId)),
            headers: { ...bearer(player), 'last-event-id': '9'.repeat(41) },
          }),
        );
      }

      const oversized = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT), level: 'Niveau 3' });
      for (const url of [
        '/api/auth/register',
        '/api/matches',
        '/trpc/users.update',
        `/api/users/${player.id}`,
      ]) {
        await check(`oversized ${url}`, () =>
          t.app.inject({
            method: url.startsWith('/api/users') ? 'PUT' : 'POST',
            url,
            headers: { ...bearer(player), 'content-type': 'application/json' },
            payload: oversized,
          }),
        );
      }

      const changed = changedTables(before, await snapshotTables(t.db.db));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `[security] fuzzing: ${stats.cases} cases over ${procs.length} procedures and ${ops.length} REST operations in ${seconds} s; 5xx answers: ${stats.fiveHundreds}; tables with changed rows: ${changed.length}`,
      );
      expect(changed).toEqual([]);
      expect(stats.fiveHundreds).toBe(0);
      expect(stats.cases).toBeGreaterThanOrEqual(2000);
    },
  );
});

/**
 * The result inputs where they matter: a match that started yesterday, with two reserved seats, its
 * organiser entering (so every refusal is about the body, not about who sends it). Each case holds
 * at least one team entry or set no rule accepts — a foreign player, a seat of another match, a
 * guest twice, a malformed `{ guest }`, a wrong type, an out-of-range number, a broken set — mixed
 * with valid entries. Every answer is a French 4xx on both doors, no row changes.
 */
describe('fuzzing the result inputs (teams with guests, sets)', () => {
  it('refuses every broken result with a French 4xx, never a 5xx, never a changed row', async () => {
    const organiser = await createUser(t.deps);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    const place = await createPlace(t);
    const match = async () =>
      (
        await insertMatch(t, {
          placeId: place.id,
          createdBy: organiser.id,
          date: '2026-03-01',
          time: '18:00',
          missing: 0,
        })
      ).id;
    const id = await match();
    const elsewhere = await match();
    await t.db.db.insert(matchParticipants).values([
      { matchId: id, userId: a.id },
      { matchId: id, userId: b.id },
    ]);
    const seats = await t.db.db
      .insert(matchGuests)
      .values([
        { matchId: id, name: 'Marc' },
        { matchId: id, name: 'Jean' },
        { matchId: elsewhere, name: 'Zoé' },
      ])
      .returning({ id: matchGuests.id });
    const [marc, jean, zoe] = seats.map((s) => ({ guest: s.id }));
    const valid = [organiser.id, a.id, b.id, marc!, jean!];
    const badEntry = fc.oneof(
      fc.constantFrom<unknown>(
        admin.id,
        player.id,
        zoe,
        { guest: 0 },
        { guest: -1 },
        { guest: 2 ** 31 },
        { guest: 1.5 },
        { guest: 'Marc' },
        { guest: null },
        { guest: marc!.guest, name: 'Marc' },
        { invite: marc!.guest },
        {},
        [],
        [marc!.guest],
        null,
        true,
        'Marc',
      ),
      fc.constantFrom(...BAD_NUMBERS),
      fc.constantFrom(...SQL, ...HTML),
      badText,
    );
    const entry = fc.oneof(fc.constantFrom<unknown>(...valid), badEntry);
    const goodSets = [
      [6, 4],
      [6, 4],
    ];
    const badSets = fc.oneof(
      fc.constant<unknown>([[6, 4]]),
      fc.constant<unknown>([
        [6, 4],
        [6, 6],
      ]),
      fc.constant<unknown>([
        [6, 4],
        [4, 6],
        [10, 9],
      ]),
      fc.array(fc.array(fc.oneof(fc.integer(), fc.constantFrom<unknown>(...BAD_NUMBERS, 'six')))),
      wrongType,
    );
    // At least one broken part: an entry (at a random place among the four), or the sets.
    const body = fc
      .tuple(
        fc.array(entry, { minLength: 4, maxLength: 4 }),
        fc.nat(3),
        badEntry,
        fc.boolean(),
        badSets,
      )
      .map(([four, at, bad, breakSets, sets]) => {
        const teams = [...four];
        teams[at] = bad;
        return {
          teams: [teams.slice(0, 2), teams.slice(2)],
          sets: breakSets ? sets : goodSets,
        };
      });
    const shapes = fc.oneof(
      body,
      // Teams of the wrong shape, valid entries only: one team, three teams, a team of three.
      fc.constantFrom<object>(
        { teams: [[organiser.id, a.id]], sets: goodSets },
        { teams: [[organiser.id], [a.id], [b.id]], sets: goodSets },
        { teams: [[organiser.id, a.id, marc], [b.id]], sets: goodSets },
        {
          teams: [
            [organiser.id, marc],
            [jean, marc],
          ],
          sets: goodSets,
        },
        {
          teams: [
            [marc, jean],
            [{ guest: 999 }, { guest: 998 }],
          ],
          sets: goodSets,
        },
        { teams: 'deux équipes', sets: goodSets },
      ),
    );
    const before = await snapshotTables(t.db.db);
    const headers = bearer(organiser);
    const seen = { cases: 0, fiveHundreds: 0 };
    await fc.assert(
      fc.asyncProperty(shapes, fc.boolean(), async (input, viaRest) => {
        const res = viaRest
          ? await t.app.inject({
              method: 'PUT',
              url: `/api/matches/${id}/result`,
              headers,
              payload: input,
            })
          : await t.app.inject({
              method: 'POST',
              url: '/trpc/results.enter',
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify({ id, ...input }),
            });
        seen.cases++;
        if (res.statusCode >= 500) seen.fiveHundreds++;
        const label = `${viaRest ? 'REST' : 'tRPC'} ${JSON.stringify(input).slice(0, 300)}`;
        expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(isFrench(errorText(res)), `${label} → ${res.body.slice(0, 200)}`).toBe(true);
      }),
      { numRuns: Math.max(200, RUNS_PER_TARGET * 10), endOnFailure: true },
    );
    const changed = changedTables(before, await snapshotTables(t.db.db));
    console.log(
      `[security] result fuzzing: ${seen.cases} cases on both doors; 5xx answers: ${seen.fiveHundreds}; tables with changed rows: ${changed.length}`,
    );
    expect(changed).toEqual([]);
    expect(seen.fiveHundreds).toBe(0);
  }, 120_000);
});

/**
 * Texts that show nothing (issue 38): any mix of zero-width characters, joiners, the BOM, direction
 * marks, embeddings, overrides, isolates, fillers and spaces is an empty text for every field that
 * needs one; a direction control inside a one-line name is refused. Over both doors of the chat,
 * groups, API keys, places and profiles: a French 4xx each time, no row changed.
 */
describe('fuzzing texts of invisible characters and names with a direction control', () => {
  const INVISIBLES = [
    ...'\u200B\u200C\u200D\u2060\uFEFF\u200E\u200F\u00AD\u034F\u3164\u2800',
    ...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069',
    ' ',
    '\u00A0',
  ];
  const CONTROLS = [...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069'];
  // At least one invisible character (a text of spaces alone is an empty text already covered).
  const blank = fc
    .tuple(
      fc.constantFrom(...INVISIBLES.filter((c) => c.trim() !== '')),
      fc.array(fc.constantFrom(...INVISIBLES), { maxLength: 30 }),
    )
    .map(([one, rest]) => [...rest.slice(0, 3), one, ...rest.slice(3)].join(''));
  const visible = fc
    .string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' })
    .filter((s) => s.trim() !== '');
  // Inside the name (at an end it is stripped like any invisible character, and the name kept).
  const overridden = fc
    .tuple(visible, fc.constantFrom(...CONTROLS), visible)
    .map(([a, c, b]) => `${a.trim()}${c}${b.trim()}`);

  type Target = {
    label: string;
    oneLine: boolean;
    send: (text: string) => Promise<LightMyRequestResponse>;
  };
  const rest =
    (u: TestUser, method: 'POST' | 'PUT', url: string, body: (s: string) => object) =>
    (s: string) =>
      t.app.inject({ method, url, headers: bearer(u), payload: body(s) });
  const trpc = (u: TestUser, path: string, input: (s: string) => object) => (s: string) =>
    callProcedure(t.app, { path, kind: 'mutation', fields: [] }, input(s), bearer(u));
  const targets = (): Target[] => [
    {
      label: 'POST /api/matches/{id}/messages',
      oneLine: false,
      send: rest(player, 'POST', `/api/matches/${matchId}/messages`, (text) => ({ text })),
    },
    {
      label: 'chat.post',
      oneLine: false,
      send: trpc(player, 'chat.post', (text) => ({ id: matchId, text })),
    },
    {
      label: 'POST /api/groups',
      oneLine: true,
      send: rest(player, 'POST', '/api/groups', (name) => ({ name })),
    },
    {
      label: 'groups.create',
      oneLine: true,
      send: trpc(player, 'groups.create', (name) => ({ name })),
    },
    {
      label: 'POST /api/admin/api-keys',
      oneLine: true,
      send: rest(admin, 'POST', '/api/admin/api-keys', (name) => ({
        name,
        scopes: ['matches:read'],
      })),
    },
    {
      label: 'integrations.issueApiKey',
      oneLine: true,
      send: trpc(admin, 'integrations.issueApiKey', (name) => ({ name, scopes: ['matches:read'] })),
    },
    {
      label: 'POST /api/admin/places',
      oneLine: true,
      send: rest(admin, 'POST', '/api/admin/places', (name) => ({
        name,
        address: '1 rue du Padel',
        city: 'Lyon',
      })),
    },
    {
      label: 'admin.places.create',
      oneLine: true,
      send: trpc(admin, 'admin.places.create', (name) => ({
        name,
        address: '1 rue du Padel',
        city: 'Lyon',
      })),
    },
    {
      label: 'PUT /api/users/{id}',
      oneLine: true,
      send: rest(player, 'PUT', `/api/users/${player.id}`, (name) => ({ name, level: 'Niveau 3' })),
    },
    {
      label: 'users.update',
      oneLine: true,
      send: trpc(player, 'users.update', (name) => ({ name, level: 'Niveau 3' })),
    },
  ];

  it('answers a French 4xx for each, and changes no row', { timeout: 120_000 }, async () => {
    const before = await snapshotTables(t.db.db);
    let cases = 0;
    for (const target of targets())
      for (const texts of target.oneLine ? [blank, overridden] : [blank])
        await fc.assert(
          fc.asyncProperty(texts, async (text) => {
            cases++;
            const problem = refusal(await target.send(text));
            expect(problem, `${target.label} ${JSON.stringify(text)}`).toBeNull();
          }),
          { numRuns: RUNS_PER_TARGET, endOnFailure: true },
        );
    console.log(`[security] invisible texts: ${cases} cases over ${targets().length} doors`);
    expect(changedTables(before, await snapshotTables(t.db.db))).toEqual([]);
  });
});

/**
 * The webhook doors of API v2 as a key with the `webhooks` scope calls them (issue 38): ids of
 * endpoints it does not own (another key's, the admin's), broken ids and broken bodies are each a
 * French 4xx, and no row changes.
 */
describe('fuzzing the v2 webhook doors with a key', () => {
  it(
    "refuses with a French 4xx, never touching another owner's endpoint",
    { timeout: 60_000 },
    async () => {
      const issue = async (name: string) =>
        `Bearer ${(await issueApiKey(t.deps, admin, { name, scopes: ['webhooks'] })).key}`;
      const [mine, theirs] = [await issue('Fuzz A'), await issue('Fuzz B')];
      const register = (authorization: string, url: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { authorization },
          payload: { url: 'http://127.0.0.1:9/fuzz', events: ['match.created'] },
        });
      const foreign = [
        (await register(theirs, '/api/v2/webhooks')).json<{ id: number }>().id,
        (await register(`Bearer ${admin.token}`, '/api/admin/webhooks')).json<{ id: number }>().id,
      ];
      const before = await snapshotTables(t.db.db);
      let cases = 0;
      const check = (label: string, res: LightMyRequestResponse) => {
        cases++;
        expect(refusal(res), label).toBeNull();
      };
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constantFrom(...foreign.map(String), ...BAD_ID_SEGMENTS),
            fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
          ),
          async (id) =>
            check(
              `DELETE /api/v2/webhooks/${id}`,
              await t.app.inject({
                method: 'DELETE',
                url: `/api/v2/webhooks/${id}`,
                headers: { authorization: mine },
              }),
            ),
        ),
        { numRuns: RUNS_PER_TARGET * 4, endOnFailure: true },
      );
      await fc.assert(
        fc.asyncProperty(brokenObject(['url', 'events'], 'rest'), async (body) =>
          check(
            `POST /api/v2/webhooks ${JSON.stringify(body).slice(0, 200)}`,
            await t.app.inject({
              method: 'POST',
              url: '/api/v2/webhooks',
              headers: { authorization: mine },
              payload: body,
            }),
          ),
        ),
        { numRuns: RUNS_PER_TARGET * 2, endOnFailure: true },
      );
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/v2/webhooks?limit=100',
        headers: { authorization: mine },
      });
      expect(listed.json()).toEqual({ data: [], next_cursor: null });
      console.log(`[security] v2 webhook doors: ${cases} cases`);
      // A key's own row counts its requests (rate window, last use): that is the only change.
      expect(changedTables(before, await snapshotTables(t.db.db))).toEqual(['public.api_keys']);
    },
  );
});
