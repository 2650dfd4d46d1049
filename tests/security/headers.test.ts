import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/lib/logger';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PAGES = [
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/api/settings'],
  ['GET', '/api/openapi.json'],
  ['GET', '/trpc/settings.get'],
  ['GET', '/api/users/1'],
  ['GET', '/nowhere'],
  ['POST', '/api/auth/login'],
] as const;

describe('security headers', () => {
  it.each(PAGES)(
    '%s %s carries the CSP, frame-ancestors none, Referrer-Policy and nosniff',
    async (method, url) => {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('the REST reference page keeps its own stricter policy (no script at all), unframeable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.body).not.toContain('<script');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('request URLs in the log', () => {
  const trpcGet = (path: string, input: unknown) =>
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

  it('never carry the e-mails and phones of tRPC GET inputs or query strings', async () => {
    t.logs.lines.splice(0);
    await t.app.inject({
      method: 'GET',
      url: trpcGet('auth.checkUserByEmail', { email: 'lea.secret@example.fr' }),
    });
    await t.app.inject({
      method: 'GET',
      url: trpcGet('auth.checkUser', { phone: '06 12 34 56 78' }),
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/matches?city=Paris&contact=lea.secret%40example.fr&tel=%2B33612345678',
    });
    const log = t.logs.text();
    expect(log).toContain('incoming request');
    expect(log).toContain('/trpc/auth.checkUserByEmail?input=[redacted]');
    expect(log).toContain('/api/matches?city=Paris&contact=[redacted]&tel=[redacted]');
    for (const secret of ['lea.secret', '12%2034', '06 12 34', '612345678'])
      expect(log).not.toContain(secret);
  });

  it('keep what is not personal (paths, dates, ids, filters)', () => {
    expect(redactUrl('/api/matches/12/join')).toBe('/api/matches/12/join');
    expect(
      redactUrl('/api/matches?from=2026-03-01&to=2026-04-30&place_id=3&level=Niveau%204'),
    ).toBe('/api/matches?from=2026-03-01&to=2026-04-30&place_id=3&level=Niveau%204');
    expect(redactUrl('/trpc/matches.list,places.list?batch=1&input=%7B%7D')).toBe(
      '/trpc/matches.list,places.list?batch=1&input=[redacted]',
    );
    expect(redactUrl('/x?email=a%40b.fr&bad=%E0%A4%A')).toBe('/x?email=[redacted]&bad=%E0%A4%A');
  });
});
