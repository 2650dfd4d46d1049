import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../../common/messages';
import { createPlace, findAt, uniquePlayer, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

async function top(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator.toString()}`);
  return b;
}

const viewport = (page: Page) =>
  page.evaluate(() => ({
    height: innerHeight,
    width: innerWidth,
    scroll: document.documentElement.scrollWidth,
  }));

/** Six matches at one place over the next days, created through the API. */
async function sixMatches(organiser: TestPlayer, placeId: number) {
  const { createDates } = await organiser.api.matches.schedule.query();
  for (let i = 0; i < 6; i += 1) {
    await organiser.api.matches.create.mutate({
      place_id: placeId,
      date: createDates[1 + i]!,
      time: '19:00',
      levels: ['Niveau 3', 'Niveau 4'],
      slots: 3,
    });
  }
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-artifacts/e2e/density/${name}.png` });

/**
 * Issue 21, phone-first density: the find filters fold into a row of chips opening a sheet, and
 * compact cards put at least two matches on a phone's first screen (Trouver and Accueil); on a
 * desktop the find screen is a grid.
 */
test(
  'phones: two matches on the first screen of Trouver and Accueil; the chips open a sheet whose buttons are in view',
  ON.phones,
  async ({ app, admin, loginAs, screenName: name }) => {
    const place = await createPlace(admin, 'Club Densité');
    const organiser = await app.registerPlayer(uniquePlayer('Dense'));
    await sixMatches(organiser, place.id);
    const player = await app.registerPlayer(uniquePlayer('Pouce'));

    const { page } = await loginAs(player, '/find-match');
    // Every card counts (earlier journeys' matches too): the first screen is what is measured.
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2);
    const v = await viewport(page);
    expect((await top(cards.nth(1))).y).toBeLessThan(v.height);
    expect(v.scroll).toBe(v.width);
    await shot(page, `find-${name}`);
    await checkA11y(page, `find (chips, ${name})`);

    const chips = page.getByRole('group', { name: 'Filtres' });
    await chips.getByRole('button', { name: MSG.find.allDays }).waitFor();
    await chips.getByRole('button', { name: /^Filtres/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.waitFor();
    await sheet.getByLabel('Niveau', { exact: true }).selectOption('Niveau 4');
    for (const button of [MSG.find.showMatches, MSG.find.clear]) {
      const b = await top(sheet.getByRole('button', { name: button }));
      expect(b.y + b.height).toBeLessThanOrEqual(v.height);
      expect(b.x + b.width).toBeLessThanOrEqual(v.width);
    }
    expect((await viewport(page)).scroll).toBe(v.width);
    await shot(page, `find-sheet-${name}`);
    await checkA11y(page, `find (filter sheet, ${name})`);
    await sheet.getByRole('button', { name: MSG.find.showMatches }).click();
    await sheet.waitFor({ state: 'detached' });
    await chips.getByRole('button', { name: 'Niveau 4' }).waitFor();
    await chips.getByRole('button', { name: 'Filtres (1)' }).waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2);

    await page.goto('/');
    const recent = page.getByRole('article');
    await expect.poll(() => recent.count()).toBeGreaterThanOrEqual(2);
    expect((await top(recent.nth(1))).y).toBeLessThan(v.height);
    expect((await viewport(page)).scroll).toBe(v.width);
    await shot(page, `home-${name}`);
    await checkA11y(page, `home (${name})`);
  },
);

test(
  'desktop: the find screen is a grid, three cards a row',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Grille');
    const organiser = await app.registerPlayer(uniquePlayer('Grille'));
    await sixMatches(organiser, place.id);
    const player = await app.registerPlayer(uniquePlayer('Bureau'));
    const { page } = await loginAs(player, '/find-match');
    await findAt(page, player, place.id);
    await page.getByRole('article', { name: place.name }).first().waitFor();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => top(cards.nth(i))));
    expect(b!.y).toBe(a!.y);
    expect(c!.y).toBe(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    await shot(page, 'find-1280x800');
    await page
      .getByRole('group', { name: 'Filtres' })
      .getByRole('button', { name: /^Filtres/ })
      .click();
    await page.getByRole('dialog', { name: 'Filtres' }).waitFor();
    await shot(page, 'find-sheet-1280x800');
    await checkA11y(page, 'find (filter sheet, desktop)');
  },
);
