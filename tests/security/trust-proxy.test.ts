import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { createTestContext, type TestContext } from '../support/app';

const LIMIT = 5;

describe('TRUST_PROXY forms', () => {
  const parse = (value: string) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default and accepts a hop count or proxy addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(parse('10.0.0.0/8, 192.168.1.1,::1/128')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1/128',
    ]);
  });

  it('refuses "true" (trust every hop) and anything that is not an address, with a clear message', () => {
    expect(() => parse('true')).toThrow(/TRUST_PROXY: true would trust every hop/);
    expect(() => parse('TRUE')).toThrow(/TRUST_PROXY/);
    expect(() => parse('proxy.local')).toThrow(
      /not a hop count nor an IP address\/CIDR: "proxy.local"/,
    );
    expect(() => parse('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parse('-1')).toThrow(/TRUST_PROXY/);
  });
});

describe.each(['1', '127.0.0.1/32'])('behind one trusted proxy (TRUST_PROXY=%s)', (trustProxy) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      env: { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: String(LIMIT) },
    });
  });
  afterAll(() => t.close());

  const check = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/check-user-by-email',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'lea@example.fr' },
    });

  it('a client prepending X-Forwarded-For values cannot escape the per-IP limit', async () => {
    // The proxy appends the real client address last; everything before it is the client's own.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 3; i++)
      statuses.push((await check(`198.51.100.${i}, 10.1.${i}.1, 203.0.113.7`)).statusCode);
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    const refused = await check('1.2.3.4, 203.0.113.7');
    expect(refused.json()).toMatchObject({
      error: 'Trop de requêtes. Veuillez patienter une minute avant de réessayer.',
    });
  });

  it('another client behind the same proxy keeps its own allowance', async () => {
    expect((await check('203.0.113.8')).statusCode).toBe(200);
  });
});
