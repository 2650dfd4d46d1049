import type { Locator, Page } from '@playwright/test';
import { NOTICE_TIMEOUT_MS } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import {
  createPlace,
  findAt,
  setLevelFirst,
  uniquePlayer,
  type TestPlayer,
} from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { box, expectInViewAndOnTop, expectNoSideScroll, keepScreenshot } from './helpers';

/** Whether the element is wholly inside the viewport as the page is scrolled now. */
async function inViewport(page: Page, locator: Locator) {
  const b = await box(locator);
  const v = page.viewportSize();
  if (!v) throw new Error('no viewport');
  return b.y >= 0 && b.x >= 0 && b.y + b.height <= v.height && b.x + b.width <= v.width;
}

const background = (locator: Locator) =>
  locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const PRIMARY = 'rgb(15, 118, 110)';

/** A few matches at one place, spread over the next days, created through the API. */
async function matchesAt(organiser: TestPlayer, placeId: number, count: number, slots = 2) {
  const schedule = await organiser.api.matches.schedule.query();
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const date = schedule.createDates[Math.min(1 + i, schedule.createDates.length - 1)]!;
    out.push(
      await organiser.api.matches.create.mutate({
        place_id: placeId,
        date,
        time: '18:00',
        levels: ['Niveau 3'],
        slots,
      }),
    );
  }
  return out;
}

/**
 * Issue 13, items 8, 10 and 11 in a real browser: notices in view, the find filters, My matches on
 * a phone, admin tabs on a phone, the header at 900 px, touch screens, the favicon.
 */
test(
  'phone: joining from a card low in the list shows the outcome in view ("Match complet" too)',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Toast');
    const organiser = await app.registerPlayer(uniquePlayer('Orga'));
    const player = await app.registerPlayer(uniquePlayer('Joueur'));
    const rival = await app.registerPlayer(uniquePlayer('Rival'));
    const matches = await matchesAt(organiser, place.id, 8, 1);
    const last = matches[matches.length - 1]!;

    const { page } = await loginAs(player, '/find-match');
    // The notices' 5 s run on a clock the test moves on, rather than waited out.
    await page.clock.install();
    await findAt(page, player, place.id);
    const cards = page.getByRole('article', { name: place.name });
    await expect.poll(() => cards.count()).toBe(8);

    const lowCard = cards.last();
    await lowCard.scrollIntoViewIfNeeded();
    await lowCard.getByRole('button', { name: 'Rejoindre' }).click();
    // The player has no level yet: asked for it first. Meanwhile someone else takes the last
    // place (before, the card would show it by itself: it follows joins live).
    await page.getByRole('dialog', { name: MSG.levelFirst.title }).waitFor();
    await rival.api.matches.join.mutate({ id: last.id });
    await setLevelFirst(page);
    const alert = page.getByRole('alert').filter({ hasText: MSG.match.full });
    await alert.waitFor();
    expect(await inViewport(page, alert)).toBe(true);
    await checkA11y(page, 'find (error toast, mobile)');
    // It stays until dismissed, past the time after which a passing notice goes.
    await page.clock.fastForward(NOTICE_TIMEOUT_MS + 500);
    expect(await alert.isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'Fermer le message' }).click();
    await alert.waitFor({ state: 'detached' });

    const other = cards.nth(6);
    await other.scrollIntoViewIfNeeded();
    await other.getByRole('button', { name: 'Rejoindre' }).click();
    const status = page.locator('.notice-toast').filter({ hasText: MSG.match.joined });
    await status.waitFor();
    expect(await status.getAttribute('role')).toBe('status');
    expect(await inViewport(page, status)).toBe(true);
    // A passing notice does go by itself on that clock: the alert above stayed of its own accord.
    await page.clock.fastForward(NOTICE_TIMEOUT_MS + 500);
    // Sooner than the real 5 s: only the clock moved on can have taken it away.
    await status.waitFor({ state: 'detached', timeout: NOTICE_TIMEOUT_MS / 2 });
  },
);

test(
  'phone: the chosen day and order look chosen, and the two order buttons share one row',
  ON.phone,
  async ({ app, loginAs }) => {
    const player = await app.registerPlayer(uniquePlayer('Filtre'));
    const { page } = await loginAs(player, '/find-match');
    await page
      .getByRole('group', { name: 'Filtres' })
      .getByRole('button', { name: 'Tous les jours' })
      .click();
    const days = page
      .getByRole('dialog', { name: 'Filtres' })
      .getByRole('radiogroup', { name: 'Jour' });
    const allDays = days.getByRole('radio', { name: 'Tous les jours' });
    await allDays.waitFor();
    expect(await allDays.getAttribute('aria-checked')).toBe('true');
    expect(await background(allDays)).toBe(PRIMARY);
    const aDay = days.getByRole('radio').nth(2);
    expect(await background(aDay)).not.toBe(PRIMARY);
    await aDay.click();
    await page.mouse.move(0, 0);
    await expect.poll(() => background(aDay)).toBe(PRIMARY);
    await expect.poll(() => background(allDays)).not.toBe(PRIMARY);

    const order = page.getByRole('radiogroup', { name: 'Ordre' });
    const near = order.getByRole('radio', { name: MSG.find.orderDate });
    const need = order.getByRole('radio', { name: MSG.find.orderNeed });
    expect((await box(near)).y).toBe((await box(need)).y);
    await need.click();
    await page.mouse.move(0, 0);
    await expect.poll(() => background(need)).toBe(PRIMARY);
    expect(await background(near)).not.toBe(PRIMARY);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await checkA11y(page, 'find (filters chosen, mobile)');
  },
);

test(
  'phone: My matches keeps Modifier and Supprimer together; the participants panel fits, organiser first',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Panneau');
    const organiser = await app.registerPlayer(uniquePlayer('Organisatrice'));
    const guest = await app.registerPlayer(uniquePlayer('Invitée'));
    const [match] = await matchesAt(organiser, place.id, 1, 3);
    await guest.api.matches.join.mutate({ id: match!.id });

    const { page } = await loginAs(organiser, '/my-matches');
    const card = page.getByRole('article', { name: place.name });
    const edit = card.getByRole('button', { name: 'Modifier' });
    const remove = card.getByRole('button', { name: 'Supprimer' });
    await remove.waitFor();
    expect((await box(remove)).y).toBe((await box(edit)).y);

    await card.getByRole('button', { name: 'Participants (2)' }).click();
    const panel = card.getByRole('group', { name: 'Participants' });
    await panel.getByText(guest.name).waitFor();
    const rows = panel.getByRole('listitem');
    // The organiser is a co-player (issue 38 item 12): named in full, like the other players.
    expect(await rows.first().textContent()).toContain(organiser.name);
    expect(await rows.first().textContent()).toContain('Organisateur');
    const joined = panel.getByText(/^Inscrit le /);
    const lines = await joined.evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBe(1);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await checkA11y(page, 'my matches (participants, mobile)');
  },
);

test(
  'phone: every admin tab is in sight (the strip wraps)',
  ON.phone,
  async ({ admin, loginAs }) => {
    const { page } = await loginAs(admin, '/admin');
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBe(11);
    for (let i = 0; i < count; i += 1) expect(await inViewport(page, tabs.nth(i))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await checkA11y(page, 'admin tabs (mobile)');
  },
);

test(
  '900 px: the header stays on one row with a long name',
  ON.desktop,
  async ({ app, loginAs }) => {
    const player = await app.registerPlayer({
      ...uniquePlayer('x'),
      name: 'Maximilien-Alexandre de La Rochefoucauld-Montmorency',
    });
    const { page } = await loginAs(player, '/', { viewport: { width: 900, height: 800 } });
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.waitFor();
    const header = await box(page.locator('.topnav-inner'));
    const items = [
      page.locator('.brand'),
      ...['Trouver un match', 'Créer un match', 'Mes matchs', 'Groupes'].map((name) =>
        nav.getByRole('link', { name }),
      ),
      page.getByRole('button', { name: /menu du compte/ }),
    ];
    for (const item of items) {
      const b = await box(item);
      expect(b.height).toBeLessThanOrEqual(48);
      expect(b.y).toBeGreaterThanOrEqual(header.y);
      expect(b.y + b.height).toBeLessThanOrEqual(header.y + header.height);
      expect(b.x + b.width).toBeLessThanOrEqual(900);
    }
  },
);

test(
  'phones: no screen scrolls sideways (the match page after joining included); dialogs keep their buttons in view',
  ON.phones,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club du Boulevard Maréchal-de-Lattre-de-Tassigny');
    const organiser = await app.registerPlayer({
      ...uniquePlayer('x'),
      name: 'Jean-Baptiste-Emmanuel Villeneuve-Loubet',
    });
    const [match] = await matchesAt(organiser, place.id, 1, 3);
    const { page } = await loginAs(admin, '/');
    await admin.api.matches.join.mutate({ id: match!.id });
    for (const path of [
      '/',
      '/find-match',
      '/create-match',
      '/my-matches',
      '/profile',
      '/admin',
      `/matches/${match!.id}`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSideScroll(page, path);
    }
    // The match page as a co-player: phones and their WhatsApp links shown.
    await page
      .getByRole('link', { name: /sur WhatsApp$/ })
      .first()
      .waitFor();
    await expectNoSideScroll(page, 'match page (joined, phones)');
    await keepScreenshot(page, `fit-match-page-${screen}`);

    // A form dialog: its footer buttons stay in view and on top.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Modifier le code PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le code PIN' });
    await dialog.waitFor();
    for (const name of ['Annuler', 'Enregistrer'])
      await expectInViewAndOnTop(page, dialog.getByRole('button', { name, exact: true }));
    await expectNoSideScroll(page, 'PIN dialog');
    await checkA11y(page, `PIN dialog (${screen})`);
    await keepScreenshot(page, `fit-pin-dialog-${screen}`);
  },
);

test(
  'touch screens are not offered drag and drop; a mouse is; the app has a favicon',
  ON.phoneAndDesktop,
  async ({ app, loginAs, screenName: screen }) => {
    const player = await app.registerPlayer(uniquePlayer('Tactile'));
    // The phone project has a touch screen, the desktop one a mouse.
    const offered = screen === '1280x800';
    const { page } = await loginAs(player, '/profile');
    await page.getByRole('button', { name: 'Modifier le profil' }).click();
    await page.getByText('Choisir une photo').waitFor();
    expect(await page.getByText('Glissez-déposez une photo ici').count()).toBe(offered ? 1 : 0);
    if (offered) {
      const href = await page
        .locator('link[rel="icon"][type="image/svg+xml"]')
        .getAttribute('href');
      expect(href).toBe('/favicon.svg');
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('image/svg+xml');
      // Browsers also ask for /favicon.ico whatever the page links; it is there too.
      expect((await page.request.get('/favicon.ico')).status()).toBe(200);
    }
  },
);
