/** Operations: Prometheus metrics behind METRICS_TOKEN, and a request id in answers and log lines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { rest } from '../support/http';
import { createPlace, insertMatch } from './matches-support';

const TOKEN = 'metrics-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample in Prometheus text, 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `)
        ? wanted.every((w) => l.includes(w))
        : false,
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  it('refuses without the token, or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
  });

  it('does not exist when METRICS_TOKEN is not set', async () => {
    const plain = await createTestContext();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers Prometheus text and counts a request by its route pattern, not its URL', async () => {
    const before = await scrape();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/987654' });
    expect(res.statusCode).toBe(401);
    const after = await scrape();
    const labels = { method: 'GET', route: '/api/users/:id', status_code: '401' };
    expect(sample(after, 'http_requests_total', labels)).toBe(
      sample(before, 'http_requests_total', labels) + 1,
    );
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654');
    expect(after).toContain('# TYPE http_request_duration_seconds histogram');
    expect(after).toMatch(/^padel_db_pool_max \d+$/m);
    expect(after).toMatch(/^padel_outbox_backlog 0$/m);
    expect(after).toContain('process_cpu_seconds_total');
  });

  it('labels tRPC calls by procedure, and only known ones', async () => {
    await t.app.inject({ method: 'GET', url: '/trpc/settings.get' });
    await t.app.inject({ method: 'GET', url: '/trpc/no.such.thing' });
    const text = await scrape();
    expect(
      sample(text, 'http_requests_total', { route: '/trpc/settings.get', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no.such.thing');
  });

  it('counts login failures, codes sent and joins', async () => {
    const before = await scrape();
    const u = await createUser(t.deps);
    await rest(t.app, 'POST', '/auth/login-by-email', { email: u.email, pin: '9513' });
    await rest(t.app, 'POST', '/auth/login-by-email', {
      email: 'personne@example.fr',
      pin: '9513',
    });
    await rest(t.app, 'POST', '/auth/send-otp-email', { email: 'nouveau@example.fr' });
    const owner = await createUser(t.deps);
    const place = await createPlace(t);
    const m = await insertMatch(t, {
      placeId: place.id,
      createdBy: owner.id,
      date: '2099-01-10',
      time: '18:00:00',
    });
    expect((await rest(t.app, 'POST', `/matches/${m.id}/join`, {}, u.headers)).status).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels?: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('padel_login_failures_total', { reason: 'wrong_pin' })).toBe(1);
    expect(delta('padel_login_failures_total', { reason: 'unknown_account' })).toBe(1);
    expect(delta('padel_codes_sent_total', { channel: 'email' })).toBe(1);
    expect(delta('padel_match_joins_total')).toBe(1);
  });
});

describe('request id', () => {
  it('answers every request with one, and keeps a safe incoming X-Request-Id', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    for (const unsafe of ['a b', 'x'.repeat(65), '{"level":60}', 'id\\u000a']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { 'x-request-id': unsafe },
      });
      expect(res.headers['x-request-id']).not.toBe(unsafe);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is on every log line of the request, a service’s own lines included', async () => {
    const id = 'trace-otp-1';
    const from = t.logs.lines.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp-email',
      headers: { 'x-request-id': id, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'trace@example.fr' }),
    });
    const lines = t.logs.lines
      .slice(from)
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const mail = lines.find((l) => l.msg.includes('mail not sent'));
    expect(mail?.reqId).toBe(id);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.reqId !== id)).toEqual([]);
    expect(lines.every((l) => JSON.stringify(l).split('"reqId"').length === 2)).toBe(true);
  });
});
