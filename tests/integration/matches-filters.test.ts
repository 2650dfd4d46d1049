import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, insertMatch, trpcError } from './matches-support';

// 10:00 in Paris on 10 June 2026.
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let alice: TestUser;
let lyonA: number;
let lyonB: number;
let nice: number;
const ids: Record<string, number> = {};

// key, place, date, time, levels, slots, free places
type Row = [string, 'lyonA' | 'lyonB' | 'nice', string, string, string[], number, number];
const ROWS: Row[] = [
  ['past', 'lyonA', '2026-06-09', '18:00', ['Niveau 3'], 4, 1],
  ['a', 'lyonA', '2026-06-10', '18:00', ['Niveau 3', 'Niveau 4'], 4, 2],
  ['b', 'nice', '2026-06-11', '09:00', ['Niveau 3'], 4, 0],
  ['c', 'lyonB', '2026-06-11', '20:00', ['Niveau 5'], 4, 1],
  ['d', 'nice', '2026-06-12', '10:00', ['Niveau 4'], 2, 1],
  ['e', 'lyonA', '2026-06-13', '08:00', ['Niveau 4', 'Niveau 5'], 3, 3],
  ['f', 'lyonB', '2026-06-13', '08:00', ['Niveau 3'], 3, 2],
  ['g', 'nice', '2026-06-20', '19:00', ['Niveau 3', 'Niveau 5'], 4, 1],
];

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  alice = await createUser(t.deps, { name: 'Alice Martin' });
  lyonA = (await createPlace(t, { name: 'Lyon Padel', city: 'Lyon' })).id;
  lyonB = (await createPlace(t, { name: 'Padel Club Villeurbanne', city: 'LYON' })).id;
  nice = (await createPlace(t, { name: 'Nice Padel', city: 'Nice' })).id;
  const place = { lyonA, lyonB, nice };
  for (const [key, p, date, time, levels, slots, missing] of ROWS)
    ids[key] = (
      await insertMatch(t, {
        placeId: place[p],
        createdBy: alice.id,
        date,
        time,
        levels,
        slots,
        missing,
      })
    ).id;
});
afterAll(() => t.close());

const keyOf = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0];
type ListInput = Parameters<ReturnType<TestContext['caller']>['matches']['list']>[0];

/** Every page of a tRPC listing, `limit` at a time, so paging is exercised under every filter. */
async function trpcAll(input: ListInput & object, limit = 2) {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await t.caller().matches.list({ ...input, limit, cursor });
    out.push(...page.items.map((m) => keyOf(m.id)!));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** Every page of the REST twin, following `x-next-cursor`. */
async function restAll(query: string, limit = 2) {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await restAs(
      t,
      null,
      'GET',
      `/matches?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body as unknown as { id: number }[]).map((m) => keyOf(m.id)!));
    cursor = res.headers['x-next-cursor'] as string | undefined;
  } while (cursor);
  return out;
}

describe('list filters, alone and combined, over tRPC and REST, paged two at a time', () => {
  const cases: [string, ListInput & object, () => string, string[]][] = [
    ['no filter', {}, () => '', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    ['place', { placeId: 0 }, () => `place_id=${lyonA}`, ['a', 'e']],
    ['city, any case', { city: 'lYoN' }, () => 'city=lYoN', ['a', 'c', 'e', 'f']],
    ['level', { level: 'Niveau 5' }, () => 'level=Niveau%205', ['c', 'e', 'g']],
    ['from (inclusive)', { from: '2026-06-13' }, () => 'from=2026-06-13', ['e', 'f', 'g']],
    ['to (inclusive)', { to: '2026-06-11' }, () => 'to=2026-06-11', ['a', 'b', 'c']],
    [
      'one day',
      { from: '2026-06-11', to: '2026-06-11' },
      () => 'from=2026-06-11&to=2026-06-11',
      ['b', 'c'],
    ],
    ['free places only', { available: true }, () => 'available=1', ['a', 'c', 'd', 'e', 'f', 'g']],
    [
      'city + level + free places + range',
      { city: 'lyon', level: 'Niveau 3', available: true, from: '2026-06-10', to: '2026-06-13' },
      () => 'city=lyon&level=Niveau%203&available=1&from=2026-06-10&to=2026-06-13',
      ['a', 'f'],
    ],
    [
      'place + level',
      { placeId: 0, level: 'Niveau 4' },
      () => `place_id=${lyonA}&level=Niveau%204`,
      ['a', 'e'],
    ],
    ['nothing matches', { city: 'Paris' }, () => 'city=Paris', []],
  ];
  for (const [name, input, query, expected] of cases) {
    it(name, async () => {
      const withPlace = 'placeId' in input ? { ...input, placeId: lyonA } : input;
      expect(await trpcAll(withPlace)).toEqual(expected);
      expect(await restAll(query())).toEqual(expected);
    });
  }
});

describe('order=need', () => {
  it('puts the fewest free places first (full matches left out), then the soonest, and pages', async () => {
    // Free places: a 2, b 0, c 1, d 1, e 3, f 2, g 1.
    const expected = ['c', 'd', 'g', 'a', 'f', 'e'];
    for (const limit of [1, 2, 4, 10])
      expect(await trpcAll({ order: 'need' }, limit)).toEqual(expected);
    expect(await restAll('order=need', 2)).toEqual(expected);
    expect(await trpcAll({ order: 'need', city: 'lyon' }, 1)).toEqual(['c', 'a', 'f', 'e']);
    expect(await restAll('order=need&level=Niveau%203&to=2026-06-13', 1)).toEqual(['a', 'f']);
  });

  it('refuses a cursor of the other order', async () => {
    const byDate = await t.caller().matches.list({ limit: 1 });
    const byNeed = await t.caller().matches.list({ limit: 1, order: 'need' });
    expect(
      await trpcError(t.caller().matches.list({ order: 'need', cursor: byDate.nextCursor! })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.cursorInvalid,
    });
    expect(await trpcError(t.caller().matches.list({ cursor: byNeed.nextCursor! }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.cursorInvalid,
    });
  });
});

describe('bad values: a French 400, never a 500', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  const rest: [string, string][] = [
    ['from=2026-02-30', MSG.match.filterDateInvalid],
    ['from=garbage', MSG.match.filterDateInvalid],
    ['to=2026-13-01', MSG.match.filterDateInvalid],
    ['from=2026-06-20&to=2026-06-10', MSG.match.filterRangeInvalid],
    ['place_id=abc', MSG.match.filterPlaceInvalid],
    ['place_id=0', MSG.match.filterPlaceInvalid],
    ['place_id=99999999999', MSG.match.filterPlaceInvalid],
    ['city=', MSG.match.filterCityInvalid],
    [`city=${'x'.repeat(101)}`, MSG.match.filterCityInvalid],
    ['city=a&city=b', MSG.match.filterCityInvalid],
    ['level=%20', MSG.match.filterLevelInvalid],
    ['available=yes', MSG.match.filterAvailableInvalid],
    ['order=price', MSG.match.filterOrderInvalid],
    ['limit=0', MSG.match.pageSizeInvalid(100)],
    ['limit=abc', MSG.match.pageSizeInvalid(100)],
    [`cursor=${b64('2026-02-30|10:00|5')}`, MSG.match.cursorInvalid],
    [`cursor=${b64('2026-06-12|10:00|99999999999')}`, MSG.match.cursorInvalid],
    [`cursor=${b64('n|1|2026-06-31|10:00|5')}&order=need`, MSG.match.cursorInvalid],
    ['cursor=%00%FF', MSG.match.cursorInvalid],
  ];
  for (const [query, error] of rest) {
    it(`GET /api/matches?${query.slice(0, 40)}`, async () => {
      expect(await restAs(t, null, 'GET', `/matches?${query}`)).toMatchObject({
        status: 400,
        body: { error },
      });
    });
  }

  it('over tRPC too', async () => {
    const bad: [ListInput & object, string][] = [
      [{ from: '2026-02-30' }, MSG.match.filterDateInvalid],
      [{ to: 'garbage' }, MSG.match.filterDateInvalid],
      [{ from: '2026-06-20', to: '2026-06-10' }, MSG.match.filterRangeInvalid],
      [{ city: '   ' }, MSG.match.filterCityInvalid],
      [{ placeId: 2 ** 31 }, MSG.match.filterPlaceInvalid],
      [{ order: 'price' as 'need' }, MSG.match.filterOrderInvalid],
      [{ cursor: b64('2026-06-12|10:00|99999999999') }, MSG.match.cursorInvalid],
    ];
    for (const [input, message] of bad)
      expect(await trpcError(t.caller().matches.list(input))).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
  });
});

describe('the OpenAPI description', () => {
  it('documents every filter of GET /api/matches, in French', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
    }>();
    const params = doc.paths['/api/matches']!.get.parameters;
    const described = Object.fromEntries(params.map((p) => [p.name, p.description ?? '']));
    for (const name of [
      'place_id',
      'city',
      'level',
      'from',
      'to',
      'available',
      'order',
      'cursor',
      'limit',
    ])
      expect(described[name], name).toMatch(/\S/);
    expect(described.order).toContain('need');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/matches/{id}', '/api/matches/{id}/calendar.ics']),
    );
  });
});
