import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { ARTIFACTS, checkA11y, DESKTOP, MOBILE, runJourney, uniquePlayer, type TestPlayer } from '../../support/e2e-harness';
import { createPlace, expectText, loginInContext, setLevelFirst, type Suite } from '../../support/e2e-app';

/** The three screens of issue 21: two phones and a laptop. */
export const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: '360x740', options: { ...MOBILE, viewport: { width: 360, height: 740 } } },
  { name: '390x844', options: MOBILE },
  { name: '1280x800', options: DESKTOP },
];

export const SCREENSHOTS = join(ARTIFACTS, 'screens');

/** Keeps a screenshot of the page as it is now, to be looked at (test-artifacts/e2e/screens/). */
export async function keepScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Nothing on the page is wider than the screen: no sideways scroll. Measured against the screen's
 * own width, since a phone browser widens its layout viewport (innerWidth) to fit wide content.
 */
export async function expectNoSideScroll(page: Page, where: string) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect({ where, scrollWidth, innerWidth }).toEqual({ where, scrollWidth: Math.min(scrollWidth, screenWidth), innerWidth: screenWidth });
}

/** The element is wholly inside the viewport as the page is scrolled now, and is what a tap there hits. */
export async function expectInViewAndOnTop(page: Page, locator: Locator) {
  const b = await locator.boundingBox();
  const v = page.viewportSize();
  if (!b || !v) throw new Error(`no box for ${locator.toString()}`);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(v.width);
  expect(b.y + b.height).toBeLessThanOrEqual(v.height);
  const hit = await locator.evaluate(
    (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
    [b.x + b.width / 2, b.y + b.height / 2],
  );
  expect(hit).toBe(true);
}

/** A match of one place on the second day offered, at 18:00, made through the API. */
async function matchOf(organiser: TestPlayer, placeId: number, slots: number) {
  const { createDates } = await organiser.api.matches.schedule.query();
  return organiser.api.matches.create.mutate({ place_id: placeId, date: createDates[1]!, time: '18:00', levels: ['Niveau 3'], slots });
}

/** Every 401 answer and console error of the page from now on. */
function watchRefusals(page: Page) {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) seen.push(`401 ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  return seen;
}

/**
 * Issue 21 on the match page, at 360×740, 390×844 and 1280×800: the waiting list of a full match,
 * the page after joining (no sideways scroll, the leave sheet's buttons in view), sharing on
 * WhatsApp and the co-players' phones, and deleting one's account.
 */
export function matchPageJourneys(s: Suite) {
  for (const screen of SCREENS) {
    it(`${screen.name}: a full match's page offers the waiting list, shows the position, lists it in My matches, and lets the player leave it`, async () => {
      const e2e = s.e2e();
      await runJourney(e2e, `match page waitlist ${screen.name}`, async (j) => {
        const place = await createPlace(s.admin(), 'Club Complet');
        const organiser = await e2e.registerPlayer(uniquePlayer('Organisa'));
        const player = await e2e.registerPlayer(uniquePlayer('Joueuse'));
        const early = await e2e.registerPlayer(uniquePlayer('Premier'));
        const waiting = await e2e.registerPlayer(uniquePlayer('Attente'));
        const match = await matchOf(organiser, place.id, 1);
        await player.api.matches.join.mutate({ id: match.id });
        await early.api.matches.joinWaitlist.mutate({ id: match.id });

        const { context, page } = await j.open(screen.options);
        await loginInContext(context, page, waiting, `/matches/${match.id}`);
        await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
        await expectText(page, MSG.match.full);
        expect(await page.getByRole('button', { name: 'Rejoindre', exact: true }).count()).toBe(0);
        await page.getByRole('button', { name: MSG.waitlist.join }).click();
        await expectText(page, MSG.waitlist.joined(2));
        await expectText(page, "Vous êtes n°2 sur la liste d'attente");
        await page.getByRole('button', { name: MSG.waitlist.leave }).waitFor();
        await expectNoSideScroll(page, 'match page (waiting)');
        await checkA11y(page, `match page (waiting, ${screen.name})`);
        await keepScreenshot(page, `match-page-waiting-${screen.name}`);

        await page.goto('/my-matches');
        const card = page.getByRole('article', { name: place.name });
        await card.getByText("Vous êtes n°2 sur la liste d'attente").waitFor();
        const counter = page.locator('.counter').filter({ hasText: MSG.waitlist.counter });
        await expect.poll(() => counter.locator('.counter-value').textContent()).toBe('1');
        await expectNoSideScroll(page, 'my matches (waiting)');
        await checkA11y(page, `my matches (waiting, ${screen.name})`);
        await keepScreenshot(page, `my-matches-waiting-${screen.name}`);

        // The first in the queue leaves it: this player moves up, on the match page too.
        await early.api.matches.leaveWaitlist.mutate({ id: match.id });
        await page.goto(`/matches/${match.id}`);
        await expectText(page, "Vous êtes n°1 sur la liste d'attente");
        await page.getByRole('button', { name: MSG.waitlist.leave }).click();
        await expectText(page, MSG.waitlist.left);
        await page.getByRole('button', { name: MSG.waitlist.join }).waitFor();
        expect(await organiser.api.matches.byId.query({ id: match.id })).toMatchObject({ missing_players: 0 });
        expect(await waiting.api.matches.myWaitlist.query()).toEqual([]);
      });
    });

    it(`${screen.name}: after joining, the match page fits the screen, shares on WhatsApp, gives the co-players' phones, and its leave sheet's buttons are in view`, async () => {
      const e2e = s.e2e();
      await runJourney(e2e, `match page fit ${screen.name}`, async (j) => {
        const place = await createPlace(s.admin(), 'Club de la Très Longue Avenue des Sports');
        const organiser = await e2e.registerPlayer({ ...uniquePlayer('x'), name: 'Maximilienne-Alexandrine Delacroix-Montmorency' });
        const player = await e2e.registerPlayer(uniquePlayer('Joueur'));
        const match = await matchOf(organiser, place.id, 3);

        const { context, page } = await j.open(screen.options);
        await loginInContext(context, page, player, `/matches/${match.id}`);
        await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
        const time = match.time.slice(0, 5);
        await expect.poll(() => page.title()).toMatch(new RegExp(`^Match du \\S+ \\d+ \\S+ à ${time} — Padel Match$`));
        // Not a co-player yet: no phone, no chat link.
        expect(await page.locator('a[href^="tel:"], a[href^="https://wa.me/3"]').count()).toBe(0);
        await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
        // A new player has no level yet: the levelled match asks for it first.
        await setLevelFirst(page);
        await expectText(page, MSG.match.joined);

        const tel = page.getByRole('link', { name: organiser.phone.replace(/^0/, '+33') });
        await tel.waitFor();
        const e164 = organiser.phone.replace(/^0/, '+33');
        expect(await tel.getAttribute('href')).toBe(`tel:${e164}`);
        const chat = page.getByRole('link', { name: /^Écrire à Maximilienne-Alexandrine D\. sur WhatsApp$/ });
        expect(await chat.getAttribute('href')).toBe(`https://wa.me/${e164.slice(1)}`);
        const share = page.getByRole('link', { name: 'Envoyer sur WhatsApp' });
        const href = (await share.getAttribute('href')) ?? '';
        expect(href.startsWith('https://wa.me/?text=')).toBe(true);
        expect(href).toContain(encodeURIComponent(`${e2e.baseUrl}/m/${match.id}`));
        expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toMatch(
          new RegExp(`^2 places disponibles — Niveau 3 — .* ${time} — ${place.name}\\n${e2e.baseUrl}/m/${match.id}$`),
        );
        await expectNoSideScroll(page, 'match page (joined)');
        await checkA11y(page, `match page (joined, ${screen.name})`);
        await keepScreenshot(page, `match-page-joined-${screen.name}`);

        // The leave sheet: both buttons in view and tappable, whatever the scroll.
        await page.getByRole('button', { name: 'Quitter', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Quitter ce match ?' });
        await dialog.waitFor();
        for (const name of ['Annuler', 'Quitter']) await expectInViewAndOnTop(page, dialog.getByRole('button', { name, exact: true }));
        await expectNoSideScroll(page, 'match page (leave sheet)');
        await checkA11y(page, `match page (leave sheet, ${screen.name})`);
        await keepScreenshot(page, `match-page-leave-sheet-${screen.name}`);
        await dialog.getByRole('button', { name: 'Quitter', exact: true }).click();
        await expectText(page, MSG.match.left);
        await page.getByRole('button', { name: 'Rejoindre', exact: true }).waitFor();
      });
    });

    it(`${screen.name}: deleting one's account says so, starts afresh with nothing filled in and no 401, and the organiser is told`, async () => {
      const e2e = s.e2e();
      await runJourney(e2e, `account deletion ${screen.name}`, async (j) => {
        const place = await createPlace(s.admin(), 'Club Adieu');
        const organiser = await e2e.registerPlayer(uniquePlayer('Orga'));
        const leaving = await e2e.registerPlayer(uniquePlayer('Partant'));
        const match = await matchOf(organiser, place.id, 2);
        await leaving.api.matches.join.mutate({ id: match.id });

        const { context, page } = await j.open(screen.options);
        await loginInContext(context, page, leaving, '/profile');
        await page.getByRole('button', { name: MSG.account.deleteButton }).click();
        const dialog = page.getByRole('dialog', { name: MSG.account.deleteButton });
        await dialog.getByLabel(MSG.account.deleteConfirmPin).fill(leaving.pin);
        const submit = dialog.getByRole('button', { name: MSG.account.deleteButton });
        await expectInViewAndOnTop(page, submit);
        await checkA11y(page, `delete account (dialog, ${screen.name})`);
        const refusals = watchRefusals(page);
        await submit.click();

        await expectText(page, MSG.account.deleted);
        await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
        expect(await page.getByLabel('Email').inputValue()).toBe('');
        expect(await page.evaluate(() => localStorage.getItem('padel-match:user'))).toBeNull();
        // Give any late call the time to be refused.
        await page.waitForTimeout(500);
        expect(refusals).toEqual([]);
        await expectNoSideScroll(page, 'after deletion');
        await checkA11y(page, `after deletion (${screen.name})`);
        await keepScreenshot(page, `account-deleted-${screen.name}`);

        expect(await organiser.api.matches.byId.query({ id: match.id })).toMatchObject({ missing_players: 2 });
        const told = () =>
          e2e.smtp.mails.filter(
            (m) => m.to.includes(organiser.email.toLowerCase()) && m.text.includes(`${MSG.notify.formerPlayer} a quitté votre match`),
          );
        await expect.poll(() => told().length, { timeout: 20_000 }).toBe(1);
        expect(told()[0]!.text).not.toContain(leaving.name);
      });
    });
  }
}
