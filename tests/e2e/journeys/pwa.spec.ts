import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { z } from 'zod';
import { OFFLINE_CACHE, SNAPSHOT_KEY } from '../../../client/src/lib/offline-snapshot';
import { CHROMIUM, CHROMIUM_ARGS } from '../../support/e2e-browser';
import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, matchOf } from './helpers';

/** Issue 24, the installable app: at a phone's 360 px and a desktop's 1280 px. */
const ON_PHONE_AND_DESKTOP = { tag: ['@360x740', '@1280x800'] };

/** Until the service worker registered from `/` controls the page (it claims it on first install). */
async function waitForWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Every URL held in the page's Cache Storage, cache by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all.push(new URL(request.url).pathname);
    }
    return all;
  });

/** The width and height a PNG says it is (its IHDR chunk). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test(
  'Chromium finds the app installable from /, with a French manifest and real icons, linked from every page',
  ON_PHONE_AND_DESKTOP,
  async ({ app, admin, viewport, isMobile, hasTouch }) => {
    // Chromium never offers to install from an incognito profile, which every new context is:
    // this test has a profile of its own on disk.
    const profile = await mkdtemp(join(tmpdir(), 'padel-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: app.baseUrl,
      locale: 'fr-FR',
      viewport,
      isMobile,
      hasTouch,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto('/');
      await waitForWorker(page);

      const cdp = await page.context().newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
        .toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${app.baseUrl}/manifest.webmanifest`);
      expect(errors).toEqual([]);

      const res = await page.request.get('/manifest.webmanifest');
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest: unknown = await res.json();
      expect(manifest).toMatchObject({
        name: 'Padel Match',
        short_name: 'Padel Match',
        lang: 'fr',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#f4f7f6',
      });
      const { icons } = z
        .object({
          icons: z.array(z.object({ src: z.string(), sizes: z.string(), purpose: z.string() })),
        })
        .parse(manifest);
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of [...icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
        const png = await page.request.get(icon.src);
        expect(png.headers()['content-type'], icon.src).toBe('image/png');
        expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
      }

      // The worker's script is never kept stale by the HTTP cache; the policy lets it and the manifest load.
      const sw = await page.request.get('/sw.js');
      expect(sw.headers()['cache-control']).toBe('no-cache');
      expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'");
      expect(sw.headers()['content-security-policy']).toContain("manifest-src 'self'");

      // Every page links the manifest: the app's own, the public share page, the unsubscribe page.
      const organiser = await app.registerPlayer(uniquePlayer('Manifeste'));
      const place = await createPlace(admin, 'Club Manifeste');
      const match = await matchOf(organiser, place.id, 2);
      for (const path of ['/', '/my-matches', `/m/${match.id}`, '/unsubscribe?token=x']) {
        const html = await (
          await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'text/html' } })
        ).text();
        expect(html, path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
        expect(html, path).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon\.png"/);
        expect(html, path).toMatch(/<meta name="theme-color" content="#0f766e"/);
      }
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  },
);

test(
  'offline, a page shows "Vous êtes hors ligne" with the last My matches seen; nothing of /trpc or /api is cached; logout forgets it',
  ON_PHONE_AND_DESKTOP,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Hors Ligne');
    const organiser = await app.registerPlayer(uniquePlayer('Orgahl'));
    const player = await app.registerPlayer(uniquePlayer('Nomade'));
    const match = await matchOf(organiser, place.id, 3);
    await player.api.matches.join.mutate({ id: match.id });

    const { context, page } = await loginAs(player, '/my-matches');
    await page.getByRole('article', { name: place.name }).waitFor();
    await waitForWorker(page);
    // The list as shown is kept for the offline page, on this device.
    await expect
      .poll(() =>
        page.evaluate(
          async ([name, key]) => (await (await caches.open(name)).match(key))?.text() ?? null,
          [OFFLINE_CACHE, SNAPSHOT_KEY] as const,
        ),
      )
      .toContain(place.name);
    // Browse a little more: the match page, the find screen.
    await page.goto(`/matches/${match.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await page.goto('/find-match');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const cached = await cachedUrls(page);
    expect(cached, 'the app shell is precached').toContain('/index.html');
    expect(
      cached.filter((p) => /^\/(trpc|api)(\/|$)/.test(p)),
      'no tRPC or REST answer in Cache Storage',
    ).toEqual([]);

    await context.setOffline(true);
    await page.goto('/my-matches');
    await page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mes matchs' }).waitFor();
    await expect(page.getByText(place.name, { exact: true })).toBeVisible();
    await expect(page.getByText('Lyon', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('2 places disponibles')).toBeVisible();
    await expectNoSideScroll(page, `offline page (${screen})`);
    await checkA11y(page, `offline page (${screen})`);

    // Back online, "Réessayer" brings My matches back.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Réessayer' }).click();
    await page.getByRole('article', { name: place.name }).waitFor();

    // Logging out removes the copy: offline again, the page has nothing of the player left.
    if (screen === '360x740') {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('button', { name: 'Déconnexion' })
        .click();
    } else {
      await page.getByRole('button', { name: /menu du compte/ }).click();
      await page.getByRole('button', { name: 'Déconnexion' }).click();
    }
    await expect.poll(() => cachedUrls(page)).not.toContain(SNAPSHOT_KEY);
    await context.setOffline(true);
    await page.goto('/my-matches');
    await page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
    expect(await page.getByText(place.name).count()).toBe(0);
    await context.setOffline(false);
  },
);

test(
  "a co-player's phone is a tel: link and a WhatsApp chat (match page, My matches); a stranger sees neither",
  ON_PHONE_AND_DESKTOP,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Contact');
    const organiser = await app.registerPlayer({ ...uniquePlayer('x'), name: 'Inès Fontaine' });
    const player = await app.registerPlayer(uniquePlayer('Partenaire'));
    const stranger = await app.registerPlayer(uniquePlayer('Passant'));
    const match = await matchOf(organiser, place.id, 3);
    await player.api.matches.join.mutate({ id: match.id });
    const e164 = (phone: string) => phone.replace(/^0/, '+33');
    const phoneLinks = 'a[href^="tel:"], a[href^="https://wa.me/3"]';

    // A stranger: the server sends no phone, the page links none.
    const seen = await stranger.api.matches.byId.query({ id: match.id });
    expect(JSON.stringify(seen)).not.toContain(e164(organiser.phone).slice(3));
    const { page: strangerPage } = await loginAs(stranger, `/matches/${match.id}`);
    await strangerPage.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await strangerPage.getByRole('button', { name: 'Rejoindre', exact: true }).waitFor();
    expect(await strangerPage.locator(phoneLinks).count()).toBe(0);

    // A co-player: call or write to the organiser from the match page.
    const { page } = await loginAs(player, `/matches/${match.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    const call = page.getByRole('link', { name: e164(organiser.phone), exact: true });
    expect(await call.getAttribute('href')).toBe(`tel:${e164(organiser.phone)}`);
    expect(await call.getAttribute('title')).toBe('Appeler Inès F.');
    const chat = page.getByRole('link', { name: 'Écrire à Inès F. sur WhatsApp', exact: true });
    expect(await chat.getAttribute('href')).toBe(`https://wa.me/${e164(organiser.phone).slice(1)}`);
    expect(await chat.getAttribute('rel')).toContain('noopener');
    await expectNoSideScroll(page, `match page contacts (${screen})`);

    // The organiser reaches the player from My matches' participants.
    const { page: own } = await loginAs(organiser, '/my-matches');
    const card = own.getByRole('article', { name: place.name });
    await card.getByRole('button', { name: /Participants/ }).click();
    const panel = card.getByRole('group', { name: 'Participants' });
    const playerPhone = e164(player.phone);
    await panel.getByRole('link', { name: playerPhone, exact: true }).waitFor();
    expect(
      await panel.getByRole('link', { name: playerPhone, exact: true }).getAttribute('href'),
    ).toBe(`tel:${playerPhone}`);
    const write = panel.locator(`a[href="https://wa.me/${playerPhone.slice(1)}"]`);
    expect(await write.getAttribute('aria-label')).toMatch(/^Écrire à .+ sur WhatsApp$/);
    await expectNoSideScroll(own, `my matches contacts (${screen})`);
    await checkA11y(own, `my matches contacts (${screen})`);
  },
);
