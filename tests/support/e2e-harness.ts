// The e2e harness: the real server as a child process (tests/support/server-process.ts) with an
// in-process SMTP server, Debian's Chromium driven by playwright-core (never a downloaded browser),
// browser contexts that keep a screenshot and the console log when a journey fails, and axe-core.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createTRPCClient, httpLink } from '@trpc/client';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppRouter } from '../../server/trpc/root';
import { ROOT, startServerProcess, type ServerProcess } from './server-process';
import { startSmtpServer, type SmtpTestServer } from './smtp';

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
export const ADMIN_EMAIL = 'admin.e2e@padel-match.test';
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');

export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

/**
 * Whether the e2e run can happen here. Without Chromium the suite is skipped with a printed reason,
 * unless E2E_REQUIRED is set (CI), where the missing browser is a failure.
 */
export function browserStatus(): { available: boolean; required: boolean; reason: string } {
  const available = existsSync(CHROMIUM);
  const required = ['1', 'true'].includes(process.env.E2E_REQUIRED ?? '');
  return { available, required, reason: available ? '' : `${CHROMIUM} is missing (apt-get install chromium)` };
}

/** Every file of dist/client/assets as built at the start of the run. */
function snapshotAssets(): Map<string, Buffer> {
  const dir = join(ROOT, 'dist', 'client', 'assets');
  const files = new Map<string, Buffer>();
  if (existsSync(dir)) for (const name of readdirSync(dir)) files.set(`/assets/${name}`, readFileSync(join(dir, name)));
  return files;
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
};

/** Builds dist/client when it is missing or older than its sources (same script as `npm install`). */
export function ensureClientBuilt() {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--client', '--if-stale'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`client build failed:\n${r.stdout}\n${r.stderr}`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type Api = ReturnType<typeof apiClient>;

/** A typed tRPC client on the running server, optionally acting with a session token. */
export function apiClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}

export interface TestPlayer {
  id: number;
  name: string;
  email: string;
  phone: string;
  pin: string;
  token: string;
  isAdmin: boolean;
  api: Api;
}

let playerSeq = 0;
/** Unique e-mail / phone for a player of this run. */
export function uniquePlayer(prefix: string) {
  playerSeq += 1;
  const n = `${Date.now() % 1_000_000}${playerSeq}`.slice(-6).padStart(6, '0');
  return {
    name: `${prefix} ${playerSeq}`,
    email: `${prefix.toLowerCase().replace(/[^a-z]/g, '')}.${n}@padel-match.test`,
    phone: `06${n}${String(playerSeq % 100).padStart(2, '0')}`,
  };
}

export interface E2E {
  server: ServerProcess;
  smtp: SmtpTestServer;
  browser: Browser;
  baseUrl: string;
  api: Api;
  /**
   * The client's hashed assets as built at the start. dist/client is shared with whoever runs
   * `npm run build` or `npm start` meanwhile (other work on the same tree); a page loaded before
   * such a rebuild still asks for the old chunk names, so those are served from here (with a
   * warning) instead of failing as 404. A clean CI run never needs it.
   */
  assets: Map<string, Buffer>;
  /** Registers a player through the API, as the client does: send-otp-email, code from the mail, verify, register. */
  registerPlayer(o: { name: string; email: string; phone: string; pin?: string }): Promise<TestPlayer>;
}

/** Starts SMTP, the client build, the server and Chromium. */
export async function startE2E(): Promise<E2E> {
  const t0 = Date.now();
  const smtp = await startSmtpServer();
  ensureClientBuilt();
  let server: ServerProcess;
  try {
    server = await startServerProcess({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '100000' } });
  } catch (e) {
    await smtp.close();
    throw e;
  }
  const assets = snapshotAssets();
  const browser = await launchBrowser();
  console.log(
    `[e2e] server ${server.url} (${server.database}), SMTP ${smtp.url}, Chromium ${browser.version()} — ready in ${Date.now() - t0} ms`,
  );
  const baseUrl = server.url;
  const api = apiClient(baseUrl);
  return {
    server,
    smtp,
    browser,
    baseUrl,
    api,
    assets,
    async registerPlayer({ name, email, phone, pin = '4827' }) {
      await api.auth.sendOtpEmail.mutate({ email });
      const code = await smtp.codeFor(email);
      await api.auth.verifyOtpEmail.mutate({ email, code });
      const r = await api.auth.register.mutate({ name, email, phone, pin, confirmPin: pin });
      return { id: r.user.id, name, email, phone, pin, token: r.token, isAdmin: r.user.is_admin, api: apiClient(baseUrl, r.token) };
    },
  };
}

export async function stopE2E(e: Partial<E2E>) {
  await e.browser?.close().catch(() => {});
  if (e.server) {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'server.log'), e.server.output());
    await e.server.stop();
  }
  await e.smtp?.close();
}

// ---------------------------------------------------------------------------------------------
// Journeys: browser contexts tracked for failure artefacts

export interface Journey {
  /** A new isolated browser context (own cookies and storage) and its first page. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Every page opened so far, with its console log. */
  pages: { page: Page; log: string[] }[];
}

function slug(name: string) {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 80);
}

/**
 * Runs `fn` with fresh browser contexts; on failure keeps a screenshot and the console log of
 * every page under test-artifacts/e2e/<test name>/ (the folder is printed), then rethrows.
 */
export async function runJourney(e2e: E2E, name: string, fn: (j: Journey) => Promise<void>) {
  const contexts: BrowserContext[] = [];
  const journey: Journey = {
    pages: [],
    async open(options = DESKTOP) {
      // axe is injected as an inline script, which the app's CSP rightly refuses; the CSP itself is
      // checked in tests/security/csp-browser.test.ts.
      const context = await e2e.browser.newContext({
        baseURL: e2e.baseUrl,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        bypassCSP: true,
        ...options,
      });
      context.setDefaultTimeout(10_000);
      await context.route(`${e2e.baseUrl}/assets/**`, async (route) => {
        const path = new URL(route.request().url()).pathname;
        const kept = e2e.assets.get(path);
        try {
          const res = await route.fetch();
          if (res.status() !== 404 || !kept) return await route.fulfill({ response: res });
          console.warn(`[e2e] dist/client was rebuilt during the run; ${path} served from the start-of-run build`);
          await route.fulfill({
            status: 200,
            body: kept,
            contentType: CONTENT_TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream',
          });
        } catch {
          // The page or its context closed while the request was in flight.
        }
      });
      context.on('page', (page) => {
        const log: string[] = [];
        journey.pages.push({ page, log });
        page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
        page.on('pageerror', (err) => log.push(`[pageerror] ${err.message}`));
        page.on('requestfailed', (r) => log.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
      });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
  };
  try {
    await fn(journey);
  } catch (err) {
    const dir = join(ARTIFACTS, slug(name));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let i = 0;
    for (const { page, log } of journey.pages) {
      i += 1;
      if (!page.isClosed()) {
        await page.screenshot({ path: join(dir, `page-${i}.png`) }).catch(() => {});
        log.push(`[url] ${page.url()}`);
      }
      writeFileSync(join(dir, `page-${i}-console.log`), log.join('\n') + '\n');
    }
    writeFileSync(join(dir, 'error.txt'), err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err));
    writeFileSync(join(dir, 'server.log'), e2e.server.output().split('\n').slice(-300).join('\n'));
    console.warn(`[e2e] "${name}" failed: screenshots and console logs in ${dir}`);
    throw err;
  } finally {
    for (const c of contexts) {
      await c.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => {});
      await c.close().catch(() => {});
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Accessibility (axe-core in the page)

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];

interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** Violation counts by impact, per screen, for the table the run prints. */
export const a11yTable = new Map<string, Record<Impact, number>>();

/**
 * Runs axe-core on the page as it is now, records the counts under `screen`, saves the details of
 * any violation under test-artifacts/e2e/axe/, and (softly) asserts no serious or critical one.
 */
export async function checkA11y(page: Page, screen: string) {
  // Judge the screen at rest: no hover left by the last click, no colour transition half-way.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1000))]);
  });
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(r.violations)) as unknown;
  })) as AxeViolation[];
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) counts[v.impact ?? 'minor'] += 1;
  a11yTable.set(screen, counts);
  if (violations.length > 0) {
    const dir = join(ARTIFACTS, 'axe');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${slug(screen)}.json`), JSON.stringify(violations, null, 2));
  }
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.html)
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect.soft(blocking, `axe on "${screen}"`).toEqual([]);
}

export function printA11yTable() {
  if (a11yTable.size === 0) return;
  const rows = [...a11yTable.entries()].map(([screen, c]) => ({ screen, ...c }));
  const w = Math.max(6, ...rows.map((r) => r.screen.length));
  const line = (cells: string[]) =>
    `${cells[0]!.padEnd(w)}  ${cells
      .slice(1)
      .map((c) => c.padStart(8))
      .join(' ')}`;
  const out = [line(['screen', ...IMPACTS]), ...rows.map((r) => line([r.screen, ...IMPACTS.map((i) => String(r[i]))]))];
  console.log(`[e2e] axe-core violations by impact per screen:\n${out.join('\n')}`);
}

// ---------------------------------------------------------------------------------------------
// Test data

/** A valid PNG (solid colour, `size`×`size`, RGB) built in memory, for the photo upload. */
export function makePng(size = 64, rgb: [number, number, number] = [20, 150, 140]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const idat = deflateSync(raw);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
