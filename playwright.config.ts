import { register } from 'node:module';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP, MOBILE } from './tests/support/e2e-browser';

/**
 * The browser journeys (tests/e2e/journeys/*.spec.ts) in Debian's Chromium, never a downloaded
 * browser. One project per screen; a journey's tags (ON in tests/support/e2e-fixtures.ts) say on
 * which screens it runs. The global setup starts one built server (scratch database, SMTP sink) that
 * every worker shares; journeys create their own players and matches, so they run in parallel.
 */
// In the runner and in every worker (each loads this file): JSON imports as the bundlers read them.
register('./scripts/playwright-json-loader.mjs', import.meta.url);

export default defineConfig({
  testDir: 'tests/e2e/journeys',
  testMatch: '*.spec.ts',
  outputDir: 'test-artifacts/e2e/results',
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The JSON report keeps each test's steps (fixtures included) with their times, for a slow run.
  reporter: [['list'], ['json', { outputFile: 'test-artifacts/e2e/report.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: '360x740',
      grep: /@360x740/,
      use: { ...MOBILE, viewport: { width: 360, height: 740 } },
    },
    { name: '390x844', grep: /@390x844/, use: MOBILE },
    { name: '1280x800', grep: /@1280x800/, use: DESKTOP },
  ],
});
