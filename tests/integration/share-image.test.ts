import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../common/messages';
import { levels, places } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { createPlace } from './matches-support';

const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let alice: TestUser;
let bob: TestUser;
let matchId: number;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  alice = await createUser(t.deps, {
    name: 'Alice Martin',
    phone: '+33611111111',
    email: 'alice@example.fr',
  });
  bob = await createUser(t.deps, { name: 'Bob Durand', phone: '+33622222222', level: 'Niveau 4' });
  placeId = (await createPlace(t, { name: 'Padel Club Confluence', city: 'Lyon' })).id;
  matchId = (
    await t.caller(alice).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:30',
      levels: ['Niveau 3', 'Niveau 4'],
      slots: 3,
    })
  ).id;
});
afterAll(() => t.close());

const image = (
  id: number | string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) => t.app.inject({ method: 'GET', url: `/m/${id}/og.png`, headers, remoteAddress });

/** Width and height from the IHDR chunk, which a PNG must start with (after its 8-byte signature). */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('GET /m/{id}/og.png, the preview image of a shared match', () => {
  it('is named by the share page with its size and a text alternative, for Open Graph and Twitter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/m/${matchId}`,
      headers: { accept: 'text/html' },
    });
    const url = `http://127.0.0.1:3000/m/${matchId}/og.png`;
    expect(res.body).toContain(`<meta property="og:image" content="${url}">`);
    expect(res.body).toContain('<meta property="og:image:type" content="image/png">');
    expect(res.body).toContain('<meta property="og:image:width" content="1200">');
    expect(res.body).toContain('<meta property="og:image:height" content="630">');
    const alt =
      'Match de padel à Padel Club Confluence (Lyon), samedi 20 juin à 18:30 — Niveau 3, Niveau 4 — 3 places libres';
    expect(res.body).toContain(`<meta property="og:image:alt" content="${alt}">`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.body).toContain(`<meta name="twitter:image" content="${url}">`);
  });

  it('is a 1200×630 PNG with a validator, answered 304 while it has not changed', async () => {
    const res = await image(matchId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{10,}"$/);

    const again = await image(matchId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await image(matchId)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('changes when what it shows changes: the time, the free places, the place name, a level colour', async () => {
    const seen = new Set<string>();
    const current = async () => {
      const res = await image(matchId);
      expect(res.statusCode).toBe(200);
      expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
      const etag = String(res.headers.etag);
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
      return res;
    };
    const first = await current();
    await t.caller(alice).matches.update({
      id: matchId,
      place_id: placeId,
      date: '2026-06-20',
      time: '19:00',
      levels: ['Niveau 3', 'Niveau 4'],
      slots: 3,
    });
    const edited = await current();
    expect(edited.rawPayload.equals(first.rawPayload)).toBe(false);
    // The old validator no longer matches: a chat app that kept the old copy gets the new one.
    expect((await image(matchId, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      200,
    );

    await t.caller(bob).matches.join({ id: matchId });
    await current();
    await t.db.db.update(places).set({ name: 'Padel Club Gerland' }).where(eq(places.id, placeId));
    await current();
    await t.db.db.update(levels).set({ couleur: '#123456' }).where(eq(levels.niveau, 'Niveau 3'));
    await current();
  });

  it('answers 404 for an unknown, deleted or malformed match', async () => {
    const gone = (
      await t.caller(alice).matches.create({
        place_id: placeId,
        date: '2026-06-21',
        time: '10:00',
        levels: ['Niveau 2'],
        slots: 3,
      })
    ).id;
    expect((await image(gone)).statusCode).toBe(200);
    await t.caller(alice).matches.delete({ id: gone });
    for (const id of [gone, 999999, 'abc', '99999999999']) {
      const res = await image(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG.match.notFound });
    }
  });

  it('is limited to 120 requests a minute per address, with a French 429 and Retry-After', async () => {
    for (let i = 0; i < 120; i++)
      expect((await image(999999, {}, '198.51.100.7')).statusCode).toBe(404);
    const refused = await image(matchId, {}, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MSG.auth.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await image(matchId, {}, '198.51.100.8')).statusCode).toBe(200);
  });
});
