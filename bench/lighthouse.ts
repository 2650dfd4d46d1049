/**
 * Lighthouse (mobile preset: a mid-range phone, simulated slow 4G) in Debian's Chromium on the
 * minimal Vite + React page (bench/minimal, built and served by bench/client.ts), `/` (the login
 * screen a new player lands on), `/find-match` logged in (the session cookie of a login by e-mail
 * + PIN, sent as an extra header) and a share page `/m/:id`, in turn, for BENCH_LIGHTHOUSE_RUNS
 * (default 3) interleaved rounds. Budgets, each judged on the median of the rounds with its spread:
 * total blocking time of `/` and of `/find-match` within 200 ms of the minimal page's in the same
 * round; performance 100 on `/m/:id`; accessibility, best practices and SEO 100 on `/` and `/m/:id`.
 *
 * A round of `npm run bench` (bench/index.ts calls `measureLighthouse`), or on its own against a
 * fresh PGlite server with one player and 20 upcoming matches: `npx tsx bench/lighthouse.ts`
 * (after `npm run build`), which writes bench/results/<date>-lighthouse.json and exits non-zero
 * when a budget does not hold.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { sql } from 'drizzle-orm';
import { addDays, localParts } from '../common/schedule';
import { createDb, rowsOf } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDefaults } from '../db/seed';
import { STORAGE_KEYS } from '../client/src/lib/storage';
import { SESSION_COOKIE } from '../server/lib/auth';
import { hashPin } from '../server/lib/pin-hash';
import { createSecrets } from '../server/lib/secrets';
import { serveMinimal } from './client';
import { PIN, SECRET } from './config';
import { ROOT, startNode } from './processes';
import { fmt, median, medianBudget, printBudgets, printTable, type Budget } from './stats';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** How the baseline and the share page are named in the tables and budgets. */
const MINIMAL = 'minimal page';
const SHARE = '/m/:id';

export interface PageScores {
  url: string;
  /** 0–100, median of the runs. */
  scores: Record<Category, number>;
  /** Cumulative Layout Shift, Largest Contentful Paint (ms), Total Blocking Time (ms): medians. */
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Total Blocking Time (ms) round by round: the budgets read it against the minimal page's. */
  tbtRunsMs: number[];
  /** Audits under 100 % in the median-performance run, to say what to fix. */
  failing: string[];
  /** Lighthouse's measure of this machine's speed: under load it falls and TBT rises. */
  benchmarkIndex: number;
}

/** A page to measure: where, and for a logged-in page, as whom. */
interface Target {
  /** As the tables and budgets name it. */
  url: string;
  href: string;
  /**
   * Logged in: the client starts from the user it stored at login (local storage), set before the
   * run, and confirms it with the session cookie, sent as an extra header on every request.
   */
  session?: { cookie: string; storedUser: string };
  /** A request the page makes only when it shows what is measured (the list, logged in). */
  mustRequest?: RegExp;
}

/**
 * What Lighthouse clears on the page's origin before each run, besides the HTTP cache: its
 * defaults and IndexedDB (the offline copy of a session), and local storage (the stored user)
 * except for a logged-in page, so `/` always starts logged out.
 */
const CLEARED = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
] as const;

/** The report of one Lighthouse run; a run whose trace failed (it happens on a loaded machine) is tried once more. */
async function report(browser: Browser, t: Target, tries = 2) {
  const page = await browser.newPage();
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    if (t.session) {
      await page.goto(new URL('/healthz', t.href).href);
      await page.evaluate(
        (key, user) => localStorage.setItem(key, user),
        STORAGE_KEYS.user,
        t.session.storedUser,
      );
    }
    result = await lighthouse(
      t.href,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        clearStorageTypes: t.session ? [...CLEARED] : [...CLEARED, 'local_storage'],
        ...(t.session ? { extraHeaders: { Cookie: t.session.cookie } } : {}),
      },
      undefined,
      page,
    );
  } finally {
    await page.close();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${t.href}`);
  const { lhr } = result;
  if (!lhr.runtimeError) return lhr;
  if (tries > 1) return report(browser, t, tries - 1);
  throw new Error(`Lighthouse on ${t.href}: ${lhr.runtimeError.message}`);
}

/** One Lighthouse run of a page with the default (mobile) settings in a running Chromium. */
async function run(browser: Browser, t: Target) {
  const lhr = await report(browser, t);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a!.id} (${a!.displayValue ?? Math.round((a!.score ?? 0) * 100)})`);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ??
    [];
  if (t.mustRequest && !requests.some((r) => t.mustRequest!.test(r.url)))
    throw new Error(`Lighthouse on ${t.url}: no request matched ${t.mustRequest}`);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    failing: [...new Set(failing)],
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** What the Lighthouse step measures on the app's server. */
export interface LighthouseTargets {
  /** A match whose share page `/m/:id` is measured. */
  matchId: number;
  /** A player who logs in by e-mail + PIN, for `/find-match` logged in. */
  login: { email: string; pin: string };
}

/**
 * A login by e-mail + PIN on the server at `baseUrl`: its session cookie (`name=value`) and the
 * user it answered, as the client stores it.
 */
async function logIn(
  baseUrl: string,
  login: LighthouseTargets['login'],
): Promise<NonNullable<Target['session']>> {
  const res = await fetch(`${baseUrl}/api/auth/login-by-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...login, deviceId: 'bench-lighthouse' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!res.ok || !cookie)
    throw new Error(`login of ${login.email} for Lighthouse: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: unknown };
  return { cookie, storedUser: JSON.stringify(user) };
}

type Run = Awaited<ReturnType<typeof run>>;

/** A page's medians over the rounds, and its TBT round by round. */
function pageScores(url: string, runs: Run[]): PageScores {
  const byPerf = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    url,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
    ) as Record<Category, number>,
    cls: median(runs.map((r) => r.cls)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    tbtRunsMs: runs.map((r) => r.tbtMs),
    failing: byPerf[Math.floor(byPerf.length / 2)]!.failing,
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  };
}

/**
 * The minimal page, `/`, `/find-match` logged in and `/m/:matchId` on the server at `baseUrl`,
 * in turn for each round, and their budgets.
 */
export async function measureLighthouse(
  baseUrl: string,
  targets: LighthouseTargets,
): Promise<{ pages: PageScores[]; budgets: Budget[] }> {
  const session = await logIn(baseUrl, targets.login);
  const minimal = await serveMinimal();
  const pages: Target[] = [
    { url: MINIMAL, href: `${minimal.url}/` },
    { url: '/', href: `${baseUrl}/` },
    {
      url: '/find-match',
      href: `${baseUrl}/find-match`,
      session,
      mustRequest: /\/trpc\/[^?]*matches\.list/,
    },
    { url: SHARE, href: `${baseUrl}/m/${targets.matchId}` },
  ];
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  let browser: Browser | undefined;
  try {
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const runs = new Map<string, Run[]>(pages.map((p) => [p.url, []]));
    for (let i = 0; i < RUNS; i++)
      for (const p of pages) runs.get(p.url)!.push(await run(browser, p));
    const tbt = (url: string) => runs.get(url)!.map((r) => r.tbtMs);
    const base = tbt(MINIMAL);
    const budgets = [
      ...['/', '/find-match'].map((url) =>
        medianBudget(
          `Lighthouse TBT of ${url} − minimal page's`,
          tbt(url).map((ms, i) => ms - base[i]!),
          '<=',
          200,
          ' ms',
        ),
      ),
      medianBudget(
        `Lighthouse performance of ${SHARE}`,
        runs.get(SHARE)!.map((r) => r.scores.performance),
        '>=',
        100,
        '',
      ),
      ...['/', SHARE].flatMap((url) =>
        (['accessibility', 'best-practices', 'seo'] as const).map((c) =>
          medianBudget(
            `Lighthouse ${c} of ${url}`,
            runs.get(url)!.map((r) => r.scores[c]),
            '>=',
            100,
            '',
          ),
        ),
      ),
    ];
    return { pages: pages.map((p) => pageScores(p.url, runs.get(p.url)!)), budgets };
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await minimal.close();
  }
}

/** The scores as a table (medians, TBT round by round), and what kept a page under 100. */
export function printLighthouse(pages: PageScores[]) {
  printTable(
    [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'CLS',
      'LCP ms',
      'TBT ms',
      'TBT rounds',
      'host index',
    ],
    pages.map((p) => [
      p.url,
      ...CATEGORIES.map((c) => String(p.scores[c])),
      fmt(p.cls, 3),
      fmt(p.lcpMs, 0),
      fmt(p.tbtMs, 0),
      p.tbtRunsMs.map((ms) => fmt(ms, 0)).join(' / '),
      fmt(p.benchmarkIndex, 0),
    ]),
  );
  for (const p of pages)
    if (p.failing.length) console.log(`${p.url}: under 100 % — ${p.failing.join(', ')}`);
}

/** The player standalone mode logs in as, with the bench's PIN. */
const PLAYER_EMAIL = 'alice@example.fr';

/**
 * On its own: a fresh PGlite database with one player and 20 upcoming matches (more than
 * `/find-match`'s first page of 12), the built server, Lighthouse.
 */
async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-lighthouse-'));
  try {
    const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
    await runMigrations(handle);
    await seedDefaults(handle.db);
    const today = localParts(new Date(), 'Europe/Paris').date;
    const pinHash = await hashPin(PIN, createSecrets(SECRET).pinPepper);
    const [match] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`
        with u as (insert into users (name, email, phone, level, pin_hash)
                   values ('Alice Martin', ${PLAYER_EMAIL}, '+33611111111', 'Niveau 3', ${pinHash}) returning id),
             p as (insert into places (name, address, city) values ('Padel Club Confluence', '1 rue du Padel', 'Lyon') returning id)
        insert into matches (place_id, date, time, levels, slots, missing_players, created_by)
        select p.id, ${addDays(today, 1)}::date + g, time '18:30', '["Niveau 3","Niveau 4"]'::jsonb, 3, 2, u.id
          from p, u, generate_series(0, 19) g order by g returning id`),
    );
    await handle.close();
    const app = await startNode(
      ['dist/server/index.js'],
      {
        NODE_ENV: 'production',
        APP_SECRET: SECRET,
        PUBLIC_URL: 'https://padel.example.org',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
      '/healthz',
    );
    try {
      const { pages, budgets } = await measureLighthouse(app.url, {
        matchId: match!.id,
        login: { email: PLAYER_EMAIL, pin: PIN },
      });
      printLighthouse(pages);
      printBudgets(budgets);
      const file = join(
        ROOT,
        'bench/results',
        `${new Date().toISOString().slice(0, 10)}-lighthouse.json`,
      );
      mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
      const lighthouseVersion = (
        await import('lighthouse/package.json', { with: { type: 'json' } })
      ).default.version;
      writeFileSync(
        file,
        `${JSON.stringify({ date: new Date().toISOString(), loadAverage: loadavg(), node: process.version, lighthouse: lighthouseVersion, preset: 'mobile', runs: RUNS, pages, budgets }, null, 2)}\n`,
      );
      const failed = budgets.filter((b) => !b.holds);
      console.log(
        `\n${file.slice(ROOT.length)} written; ${failed.length ? `${failed.length} budget(s) NOT held` : 'every budget holds'}`,
      );
      if (failed.length) process.exitCode = 1;
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
