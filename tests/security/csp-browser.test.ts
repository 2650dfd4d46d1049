import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestContext, type TestContext } from '../support/app';
import { browserStatus, ensureClientBuilt, launchBrowser } from '../support/e2e-browser';
import { createAdmin, type TestUser } from '../support/factories';

/**
 * The built client under the real Content-Security-Policy in Chromium: every screen renders and
 * the browser reports no violation (an inline script or style the policy would block).
 */
const status = browserStatus();
if (!status.available) console.warn(`[security] CSP browser check skipped: ${status.reason}`);

describe.skipIf(!status.available)('the built client under the CSP, in Chromium', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let browser: Browser;
  let base: string;
  let admin: TestUser;

  beforeAll(async () => {
    ensureClientBuilt();
    t = await createTestContext();
    admin = await createAdmin(t.deps);
    app = await buildApp(t.deps, { serveClient: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await t?.close();
  });

  it('renders every screen with no CSP violation in the console', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'padel_session', value: admin.token, url: base }]);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const screens = [
      '/',
      '/find-match',
      '/create-match',
      '/my-matches',
      '/profile',
      '/admin',
      '/api/docs',
    ];
    for (const path of screens) {
      const res = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      // The SPA may still be rendering after the network is idle on a loaded machine: wait for the screen.
      await expect
        .poll(async () => (await page.locator('body').innerText()).trim().length, {
          message: `${path} rendered`,
          timeout: 15_000,
        })
        .toBeGreaterThan(20);
    }
    await context.close();
    console.log(
      `[security] CSP in Chromium: ${screens.length} screens, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
  });
});
