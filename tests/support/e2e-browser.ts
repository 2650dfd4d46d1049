// Debian's Chromium for every browser test (never a downloaded browser): the launch settings shared
// by playwright.config.ts, the vitest browser checks (tests/security/*-browser) and `npm run screenshots`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

// Not server-process's ROOT: playwright.config.ts loads this file, and that one loads the server.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};
export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

/**
 * Whether the browser tests can run here. Without Chromium they are skipped with a printed reason,
 * unless E2E_REQUIRED is set (CI), where the missing browser is a failure.
 */
export function browserStatus(): { available: boolean; required: boolean; reason: string } {
  const available = existsSync(CHROMIUM);
  const required = ['1', 'true'].includes(process.env.E2E_REQUIRED ?? '');
  return {
    available,
    required,
    reason: available ? '' : `${CHROMIUM} is missing (apt-get install chromium)`,
  };
}

/** Builds what is missing or older than its sources in dist/ (the same script as `npm install`). */
export function ensureBuilt(what: '--client' | '--server' | 'all' = 'all') {
  const args = ['scripts/build.mjs', '--if-stale', ...(what === 'all' ? [] : [what])];
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Builds dist/client when it is missing or older than its sources. */
export const ensureClientBuilt = () => ensureBuilt('--client');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
