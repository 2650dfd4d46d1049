import type { Page, Request } from '@playwright/test';
import { MSG } from '../../../common/messages';
import { createPlace, expectText, setLevelFirst, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectInViewAndOnTop, expectNoSideScroll, keepScreenshot, matchOf } from './helpers';

/** Every 401 answer and console error of the page from now on. */
/** The 401s and console errors the page gets, and how many of its requests are still open. */
function watchRefusals(page: Page) {
  const seen: string[] = [];
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  page.on('response', (r) => {
    if (r.status() === 401) seen.push(`401 ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  return { seen, open: () => open.size };
}

/**
 * Issue 21 on the match page, at 360×740, 390×844 and 1280×800: the waiting list of a full match,
 * the page after joining (no sideways scroll, the leave sheet's buttons in view), sharing on
 * WhatsApp and the co-players' phones, and deleting one's account.
 */
test(
  "a full match's page offers the waiting list, shows the position, lists it in My matches, and lets the player leave it",
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Complet');
    const organiser = await app.registerPlayer(uniquePlayer('Organisa'));
    const player = await app.registerPlayer(uniquePlayer('Joueuse'));
    const early = await app.registerPlayer(uniquePlayer('Premier'));
    const waiting = await app.registerPlayer(uniquePlayer('Attente'));
    const match = await matchOf(organiser, place.id, 1);
    await player.api.matches.join.mutate({ id: match.id });
    await early.api.matches.joinWaitlist.mutate({ id: match.id });

    const { page } = await loginAs(waiting, `/matches/${match.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await expectText(page, MSG.match.full);
    expect(await page.getByRole('button', { name: 'Rejoindre', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: MSG.waitlist.join }).click();
    await expectText(page, MSG.waitlist.joined(2));
    await expectText(page, "Vous êtes n°2 sur la liste d'attente");
    await page.getByRole('button', { name: MSG.waitlist.leave }).waitFor();
    await expectNoSideScroll(page, 'match page (waiting)');
    await checkA11y(page, `match page (waiting, ${screen})`);
    await keepScreenshot(page, `match-page-waiting-${screen}`);

    await page.goto('/my-matches');
    const card = page.getByRole('article', { name: place.name });
    await card.getByText("Vous êtes n°2 sur la liste d'attente").waitFor();
    const counter = page.locator('.counter').filter({ hasText: MSG.waitlist.counter });
    await expect.poll(() => counter.locator('.counter-value').textContent()).toBe('1');
    await expectNoSideScroll(page, 'my matches (waiting)');
    await checkA11y(page, `my matches (waiting, ${screen})`);
    await keepScreenshot(page, `my-matches-waiting-${screen}`);

    // The first in the queue leaves it: this player moves up, on the match page too.
    await early.api.matches.leaveWaitlist.mutate({ id: match.id });
    await page.goto(`/matches/${match.id}`);
    await expectText(page, "Vous êtes n°1 sur la liste d'attente");
    await page.getByRole('button', { name: MSG.waitlist.leave }).click();
    await expectText(page, MSG.waitlist.left);
    await page.getByRole('button', { name: MSG.waitlist.join }).waitFor();
    expect(await organiser.api.matches.byId.query({ id: match.id })).toMatchObject({
      missing_players: 0,
    });
    expect(await waiting.api.matches.myWaitlist.query()).toEqual([]);
  },
);

test(
  "after joining, the match page fits the screen, shares on WhatsApp, gives the co-players' phones, and its leave sheet's buttons are in view",
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club de la Très Longue Avenue des Sports');
    const organiser = await app.registerPlayer({
      ...uniquePlayer('x'),
      name: 'Maximilienne-Alexandrine Delacroix-Montmorency',
    });
    const player = await app.registerPlayer(uniquePlayer('Joueur'));
    const match = await matchOf(organiser, place.id, 3);

    const { page } = await loginAs(player, `/matches/${match.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    const time = match.time.slice(0, 5);
    await expect
      .poll(() => page.title())
      .toMatch(new RegExp(`^Match du \\S+ \\d+ \\S+ à ${time} — Padel Match$`));
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
    const chat = page.getByRole('link', {
      name: /^Écrire à Maximilienne-Alexandrine D\. sur WhatsApp$/,
    });
    expect(await chat.getAttribute('href')).toBe(`https://wa.me/${e164.slice(1)}`);
    const share = page.getByRole('link', { name: 'Envoyer sur WhatsApp' });
    const href = (await share.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(href).toContain(encodeURIComponent(`${app.baseUrl}/m/${match.id}`));
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toMatch(
      new RegExp(
        `^2 places disponibles — Niveau 3 — .* ${time} — ${place.name}\\n${app.baseUrl}/m/${match.id}$`,
      ),
    );
    await expectNoSideScroll(page, 'match page (joined)');
    await checkA11y(page, `match page (joined, ${screen})`);
    await keepScreenshot(page, `match-page-joined-${screen}`);

    // The leave sheet: both buttons in view and tappable, whatever the scroll.
    await page.getByRole('button', { name: 'Quitter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Quitter ce match ?' });
    await dialog.waitFor();
    for (const name of ['Annuler', 'Quitter'])
      await expectInViewAndOnTop(page, dialog.getByRole('button', { name, exact: true }));
    await expectNoSideScroll(page, 'match page (leave sheet)');
    await checkA11y(page, `match page (leave sheet, ${screen})`);
    await keepScreenshot(page, `match-page-leave-sheet-${screen}`);
    await dialog.getByRole('button', { name: 'Quitter', exact: true }).click();
    await expectText(page, MSG.match.left);
    await page.getByRole('button', { name: 'Rejoindre', exact: true }).waitFor();
  },
);

test(
  "deleting one's account says so, starts afresh with nothing filled in and no 401, and the organiser is told",
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Adieu');
    const organiser = await app.registerPlayer(uniquePlayer('Orga'));
    const leaving = await app.registerPlayer(uniquePlayer('Partant'));
    const match = await matchOf(organiser, place.id, 2);
    await leaving.api.matches.join.mutate({ id: match.id });

    const { page } = await loginAs(leaving, '/profile');
    await page.getByRole('button', { name: MSG.account.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: MSG.account.deleteButton });
    await dialog.getByLabel(MSG.account.deleteConfirmPin).fill(leaving.pin);
    const submit = dialog.getByRole('button', { name: MSG.account.deleteButton });
    await expectInViewAndOnTop(page, submit);
    await checkA11y(page, `delete account (dialog, ${screen})`);
    const refusals = watchRefusals(page);
    await submit.click();

    await expectText(page, MSG.account.deleted);
    await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('padel-match:user'))).toBeNull();
    await expectNoSideScroll(page, 'after deletion');
    await checkA11y(page, `after deletion (${screen})`);
    await keepScreenshot(page, `account-deleted-${screen}`);
    // Every call still under way has had its answer: none was refused.
    await expect.poll(refusals.open).toBe(0);
    expect(refusals.seen).toEqual([]);

    expect(await organiser.api.matches.byId.query({ id: match.id })).toMatchObject({
      missing_players: 2,
    });
    const told = async () =>
      (await app.mail.mails()).filter(
        (m) =>
          m.to.includes(organiser.email.toLowerCase()) &&
          m.text.includes(`${MSG.notify.formerPlayer} a quitté votre match`),
      );
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
    expect((await told())[0]!.text).not.toContain(leaving.name);
  },
);
