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
  const build = spawnSync('node', ['scripts/build.mjs', '--client', '--if-stale'], { stdio: 'inherit' });
  expect(build.status).toBe(0);
  t = await createTestContext();
  app = await buildApp(t.deps, { serveClient: true });
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.close();
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('serving the built client', () => {
  it.each(['/', '/find-match', '/profile', '/admin', '/no/such/page'])('answers %s with the app shell', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

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
