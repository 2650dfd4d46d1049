import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserStatus, printA11yTable, startE2E, stopE2E, type E2E } from '../support/e2e-harness';

/**
 * Padel Match in a real Chromium against the real server (child process), a fresh database and
 * an in-process SMTP server. One server and one browser for the whole run; each journey opens its
 * own browser contexts. The journeys live in ./journeys and register their tests here.
 */
const status = browserStatus();

if (!status.available) {
  if (status.required) {
    it('Chromium is installed (E2E_REQUIRED)', () => {
      throw new Error(`E2E_REQUIRED is set but ${status.reason}`);
    });
  } else {
    console.warn(`[e2e] skipped: ${status.reason}`);
  }
}

describe.skipIf(!status.available)('Padel Match in Chromium', () => {
  const ctx: { e2e?: E2E } = {};
  const e2e = () => {
    if (!ctx.e2e) throw new Error('the e2e harness did not start');
    return ctx.e2e;
  };
  const started = Date.now();

  beforeAll(async () => {
    ctx.e2e = await startE2E();
  });
  afterAll(async () => {
    printA11yTable();
    if (ctx.e2e) await stopE2E(ctx.e2e);
    console.log(`[e2e] run time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('serves the client and the health check', async () => {
    const res = await fetch(`${e2e().baseUrl}/healthz`);
    expect(res.status).toBe(200);
  });
});
