// @playwright/test fixtures for the browser journeys (tests/e2e/journeys/*.spec.ts): the built server,
// its SMTP sink and the admin, started once by the global setup (tests/support/e2e-global-setup.ts)
// and shared by the workers; tests open browser contexts, logged in or not, and check screens with
// axe-core. Journeys create their own players, places and matches, so they run in any order.
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import { browserStatus } from './e2e-browser';
import { apiClient, loginInContext, registerPlayer, type Api, type TestPlayer } from './e2e-app';
import { mailboxClient, type Mailbox } from './e2e-mailbox';

export { expect };

/** The running app, as a worker sees it. */
export interface E2EApp {
  baseUrl: string;
  /** The mails the server sent (its SMTP sink). */
  mail: Mailbox;
  /** An anonymous API client. */
  api: Api;
  registerPlayer(p: {
    name: string;
    email: string;
    phone: string;
    pin?: string;
    keepQuietHours?: boolean;
  }): Promise<TestPlayer>;
}

type Opened = { context: BrowserContext; page: Page };
/**
 * `askPush`: the player has not answered "Être prévenu sur ce téléphone ?" yet, so the app offers
 * it after their first join or create. Otherwise they are a returning player who already did, and
 * the journeys that are not about push are not interrupted by it.
 */
type OpenOptions = BrowserContextOptions & { askPush?: boolean };

interface WorkerFixtures {
  app: E2EApp;
  /** The admin (its e-mail is in ADMIN_EMAILS), registered by the global setup. */
  admin: TestPlayer;
}

interface TestFixtures {
  /** The project's screen, e.g. '390x844', for screenshot names and axe labels. */
  screenName: string;
  /** A new isolated browser context (own cookies and storage) with the project's settings overridden by `options`, and its first page. */
  open: (options?: OpenOptions) => Promise<Opened>;
  /** `open`, then `player` logged in (without the UI) on `path`. */
  loginAs: (player: TestPlayer, path?: string, options?: OpenOptions) => Promise<Opened>;
  skipWithoutChromium: void;
  serverLogOnFailure: void;
}

const chromium = browserStatus();

function fromSetup(name: 'E2E_BASE_URL' | 'E2E_MAILBOX_URL' | 'E2E_ADMIN') {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: the global setup (tests/support/e2e-global-setup.ts) did not run`,
    );
  return value;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Without Chromium (and without E2E_REQUIRED, which the global setup turns into a failure) every
  // journey is skipped; the global setup printed why.
  skipWithoutChromium: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      testInfo.skip(!chromium.available, chromium.reason);
      await use();
    },
    { auto: true },
  ],
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const baseUrl = fromSetup('E2E_BASE_URL');
      const mail = mailboxClient(fromSetup('E2E_MAILBOX_URL'));
      await use({
        baseUrl,
        mail,
        api: apiClient(baseUrl),
        registerPlayer: (p) => registerPlayer(baseUrl, mail, p),
      });
    },
    { scope: 'worker' },
  ],
  admin: [
    async ({ app }, use) => {
      const admin = JSON.parse(fromSetup('E2E_ADMIN')) as Omit<TestPlayer, 'api'>;
      await use({ ...admin, api: apiClient(app.baseUrl, admin.token) });
    },
    { scope: 'worker' },
  ],
  // Through the skip first: the context options (and so every test) ask for the base URL.
  baseURL: async ({ skipWithoutChromium, app }, use) => {
    void skipWithoutChromium;
    await use(app.baseUrl);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  screenName: async ({}, use, testInfo) => {
    await use(testInfo.project.name);
  },
  open: async ({ browser }, use) => {
    // browser.newContext() gets the project's options (baseURL, viewport, locale…) where `options` has none, and is traced.
    const contexts: BrowserContext[] = [];
    await use(async ({ askPush = false, ...options } = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      if (!askPush)
        await context.addInitScript(
          (key) => window.localStorage.setItem(key, '1'),
          STORAGE_KEYS.pushAsked,
        );
      return { context, page: await context.newPage() };
    });
    for (const context of contexts) await context.close();
  },
  loginAs: async ({ open }, use) => {
    await use(async (player, path = '/', options) => {
      const opened = await open(options);
      await loginInContext(opened.context, opened.page, player, path);
      return opened;
    });
  },
  serverLogOnFailure: [
    async ({ skipWithoutChromium, app }, use, testInfo) => {
      void skipWithoutChromium;
      const from = (await app.mail.serverLog()).length;
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        // The server is shared: its lines of this test's time, other workers' requests included.
        await testInfo.attach('server.log', {
          body: (await app.mail.serverLog()).slice(from),
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
});

/** Tags naming the projects (screens) a journey runs on; each project greps for its own. */
export const ON = {
  desktop: { tag: ['@1280x800'] },
  phone: { tag: ['@390x844'] },
  phones: { tag: ['@360x740', '@390x844'] },
  phoneAndDesktop: { tag: ['@390x844', '@1280x800'] },
  narrowPhoneAndDesktop: { tag: ['@360x740', '@1280x800'] },
  everyScreen: { tag: ['@360x740', '@390x844', '@1280x800'] },
};

/**
 * Runs axe-core on the page as it is now and (softly) asserts no violation; the details of any go
 * into the test's report as an attachment.
 */
export async function checkA11y(page: Page, screen: string) {
  // Judge the screen at rest: no hover left by the last click, no colour transition half-way.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
  });
  // Legacy mode: axe.run in the page itself. The app has no frames, and the default mode opens and
  // closes an extra page for every check, which doubles its cost on a busy machine.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  if (violations.length > 0) {
    await test.info().attach(`axe ${screen}.json`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  const found = violations.map(
    (v) =>
      `${v.impact ?? 'minor'} ${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.html)
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect.soft(found, `axe on "${screen}"`).toEqual([]);
}
