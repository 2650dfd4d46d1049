import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildApp } from '../../server/app';
import { createTestContext, type TestContext } from '../support/app';
import { browserStatus, ensureClientBuilt, launchBrowser } from '../support/e2e-browser';

/**
 * The app shell (client/index.html) in Chromium on a phone: what a visitor sees before and
 * without the scripts, and that the first screen does not jump when React replaces the boot line.
 */
const status = browserStatus();
if (!status.available) console.warn(`[shell] browser check skipped: ${status.reason}`);

describe.skipIf(!status.available)('the app shell in Chromium', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let browser: Browser;
  let base: string;
  const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 };

  beforeAll(async () => {
    ensureClientBuilt();
    t = await createTestContext();
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

  it('without JavaScript, says why in French instead of "Chargement..." forever', async () => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(base);
    const text = await page.locator('body').innerText();
    expect(text).toContain(MSG.http.noScript);
    expect(text).not.toContain('Chargement');
    await context.close();
  });

  it('with JavaScript, shows the login screen with no layout shift (CLS ≤ 0.1)', async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    // Registered before the page's own scripts: every shift from the first paint on is counted.
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(base);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('body').innerText()).not.toContain(MSG.http.noScript);
    // Settled: fonts and images in, two frames drawn, and the observer's reports delivered (they
    // are queued before the browser's idle time).
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await new Promise((r) => requestIdleCallback(r, { timeout: 1000 }));
    });
    expect(
      await page.evaluate(() => (window as unknown as { __cls: number }).__cls),
    ).toBeLessThanOrEqual(0.1);
    await context.close();
  });
});
