import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, CLIENT_DIST } from '../../server/app';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  // Same step as `npm install`: build the client when it is missing or stale.
  const build = spawnSync('node', ['scripts/build.mjs', '--client', '--if-stale'], {
    stdio: 'inherit',
  });
  expect(build.status).toBe(0);
  t = await createTestContext();
  app = await buildApp(t.deps, { serveClient: true });
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.close();
});

const page = (url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('serving the built client', () => {
  it.each(['/', '/find-match', '/profile', '/admin', '/no/such/page'])(
    'answers %s with the app shell',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const asset = readdirSync(`${CLIENT_DIST}/assets`).find((f) => f.endsWith('.js'));
    const res = await app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404s, not the app shell', async () => {
    const res = await page('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Ressource introuvable.' });
  });
});

describe('errors outside /api', () => {
  it('refuses an oversized tRPC body with a French message', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(8 * 1024 * 1024) });
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/users.update',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La requête est trop volumineuse.' });
  });
});

describe('files browsers and crawlers ask for by name', () => {
  it('/robots.txt is plain text that lets crawlers read the pages but not the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /trpc/');
    expect(lines.filter((l) => /^Disallow: \/(m\/?)?$/.test(l))).toEqual([]);
  });

  it('/favicon.ico is an icon of PNG images at 16, 32 and 48 px, from the SVG icon', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => {
      const entry = 6 + 16 * i;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(png.readUInt32BE(16)).toBe(ico.readUInt8(entry));
      return ico.readUInt8(entry);
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('the app shell describes the app for search results and previews', async () => {
    const shell = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(shell.body).toMatch(
      /<meta\s+name="description"\s+content="Trouvez, créez et rejoignez des matchs de padel[^"]+"/,
    );
  });

  it('the app shell and the share page link both icons', async () => {
    const shell = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const share = await app.inject({
      method: 'GET',
      url: '/m/1',
      headers: { accept: 'text/html' },
    });
    for (const html of [shell.body, share.body]) {
      expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico" sizes="32x32"/);
      expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"/);
    }
  });
});
