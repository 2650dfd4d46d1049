import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { ROOT } from './processes';
import { median } from './stats';

export interface AssetSizes {
  files: string[];
  jsRaw: number;
  jsGzip: number;
  jsBrotli: number;
  cssRaw: number;
  cssGzip: number;
  cssBrotli: number;
  /** Whether a chunk of the admin screens is loaded with `/` (it must not be). */
  adminInInitial: boolean;
  /** What a logged-out player's `/` loads before the login form shows: `/`'s JS and the login screen's chunks. */
  login: { files: string[]; jsGzip: number };
}

const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const br = (b: Buffer) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * What `/` makes the browser fetch before anything lazy: the entry script, its modulepreloads and
 * its stylesheets, as listed in the built index.html, with their gzip and brotli sizes.
 */
export function initialAssets(distDir: string): AssetSizes {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const files = [...new Set(refs)];
  const sizes = { jsRaw: 0, jsGzip: 0, jsBrotli: 0, cssRaw: 0, cssGzip: 0, cssBrotli: 0 };
  for (const f of files) {
    const b = readFileSync(join(distDir, f));
    const kind = f.endsWith('.js') ? 'js' : 'css';
    sizes[`${kind}Raw`] += b.length;
    sizes[`${kind}Gzip`] += gz(b);
    sizes[`${kind}Brotli`] += br(b);
  }
  return {
    files,
    ...sizes,
    adminInInitial: files.some((f) => /Admin/i.test(f)),
    login: loginScreenJs(distDir, files),
  };
}

/** The static imports of a built chunk (`import{…}from"./x.js"`, `import"./x.js"`), as /assets paths. */
const staticImports = (code: string) =>
  [...code.matchAll(/import(?:\{[^}]*\}from)?"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);

/**
 * The JS a logged-out player waits for on `/`: the initial scripts and the lazy login screen
 * (`AuthScreen-*.js`) with every chunk it imports, followed to the end, gzip summed once each.
 */
function loginScreenJs(distDir: string, initial: string[]) {
  const screen = readdirSync(join(distDir, 'assets')).find((f) => /^AuthScreen-.*\.js$/.test(f));
  const seen = new Set(initial.filter((f) => f.endsWith('.js')));
  const queue = [...seen, ...(screen ? [`/assets/${screen}`] : [])];
  while (queue.length) {
    const f = queue.pop()!;
    seen.add(f);
    for (const dep of staticImports(readFileSync(join(distDir, f), 'utf8')))
      if (!seen.has(dep)) queue.push(dep);
  }
  const files = [...seen];
  return {
    files,
    jsGzip: screen ? files.reduce((n, f) => n + gz(readFileSync(join(distDir, f))), 0) : NaN,
  };
}

/** Builds the minimal Vite React page (bench/minimal) into a temporary directory. */
async function buildMinimal(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'padel-minimal-'));
  await build({
    root: join(ROOT, 'bench/minimal'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true },
  });
  return out;
}

/**
 * The minimal page, built, served compressed by a plain Fastify static server on a free port: the
 * baseline of the FCP here and of Lighthouse's total blocking time (bench/lighthouse.ts).
 * `close` stops the server and removes the build.
 */
export async function serveMinimal(): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = await buildMinimal();
  const server = Fastify();
  try {
    await server.register(fastifyCompress);
    await server.register(fastifyStatic, { root: dir });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    return {
      url,
      close: async () => {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** First Contentful Paint of `url` in a fresh context, 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down / 750 kbps up. */
async function fcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  const value = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return value;
}

export interface FcpResult {
  appMs: number;
  minimalMs: number;
  runs: { app: number[]; minimal: number[] };
}

/**
 * FCP of the app's `/` against the minimal page served compressed by a plain Fastify static
 * server, alternating, `rounds` times each; medians.
 */
export async function measureFcp(appUrl: string, rounds: number): Promise<FcpResult> {
  const minimal = await serveMinimal();
  const minimalUrl = minimal.url;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const runs = { app: [] as number[], minimal: [] as number[] };
  try {
    await fcp(browser, `${appUrl}/`); // warm-up: the server's first static answers
    for (let i = 0; i < rounds; i++) {
      runs.app.push(await fcp(browser, `${appUrl}/`));
      runs.minimal.push(await fcp(browser, `${minimalUrl}/`));
    }
  } finally {
    await browser.close();
    await minimal.close();
  }
  return { appMs: median(runs.app), minimalMs: median(runs.minimal), runs };
}
