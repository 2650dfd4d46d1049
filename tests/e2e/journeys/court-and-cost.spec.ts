import { MSG } from '../../../common/messages';
import { COST_TEXT, COURT_TEXT, GENDER_TEXT, KIND_TEXT } from '../../../common/messages-court';
import { createPlace, expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectInViewAndOnTop, expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Issue 42 in a real browser, from « on est 4 » to « on joue »: the organiser creates a
 * « Compétitif » match with the court's price; a second player joins, marks the court booked and
 * their share paid; the organiser then reads who booked and « Qui a payé ». Nothing is wider than
 * the screen, on the narrowest phone and on a desktop.
 */
test(
  'the organiser prices the court, a player books it and pays their share, the organiser sees who paid',
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName }) => {
    const created = await createPlace(admin, 'Club Terrain');
    const place = await admin.api.admin.places.update.mutate({
      id: created.id,
      name: created.name,
      address: created.address,
      city: created.city,
      is_active: true,
      booking_url: 'https://playtomic.io/club-terrain',
      indoor: true,
    });
    const organiser = await app.registerPlayer(uniquePlayer('Julie'));
    const player = await app.registerPlayer(uniquePlayer('Bruno'));
    for (const p of [organiser, player])
      await p.api.users.update.mutate({ name: p.name, level: 'Niveau 3' });

    // The organiser creates the match through the form: « Compétitif », 40 € the court.
    const { page } = await loginAs(organiser, '/create-match');
    await page.getByLabel('Lieu', { exact: true }).selectOption({ label: `${place.name} — Lyon` });
    await page
      .getByRole('radiogroup', { name: 'Jours disponibles' })
      .getByRole('radio')
      .nth(1)
      .click();
    await page
      .getByRole('radiogroup', { name: 'Horaires disponibles' })
      .getByRole('radio', { name: '18:00' })
      .click();
    await page.getByRole('button', { name: /Niveau 3/ }).click();
    await page
      .getByRole('radiogroup', { name: KIND_TEXT.label })
      .getByRole('radio', { name: KIND_TEXT.names.competitif })
      .click();
    await page.getByLabel(COST_TEXT.priceLabel).fill('40');
    await expectNoSideScroll(page, 'create form with kind and price');
    await keepScreenshot(page, `match-create-kind-${screenName}`);
    await page.getByRole('button', { name: 'Créer le match' }).click();
    await page.getByRole('heading', { name: MSG.match.created }).waitFor();
    await page.getByRole('link', { name: 'Voir le match' }).click();
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    const matchPath = new URL(page.url()).pathname;
    await expect(page.locator('.match-detail').getByText(KIND_TEXT.names.competitif)).toBeVisible();

    // The second player joins, marks the court booked, then their own share paid.
    const second = await loginAs(player, matchPath);
    const p2 = second.page;
    await expect(p2.getByText(COST_TEXT.total('40,00'))).toBeVisible();
    await p2.getByRole('button', { name: 'Rejoindre' }).click();
    await expectText(p2, MSG.match.joined);
    const court = p2.getByRole('region', { name: COURT_TEXT.title });
    await expect(court.getByRole('link', { name: new RegExp(COURT_TEXT.book) })).toHaveAttribute(
      'href',
      'https://playtomic.io/club-terrain',
    );
    await court.getByRole('button', { name: COURT_TEXT.iBooked }).click();
    await expect(court.getByText(COURT_TEXT.bookedBy(''), { exact: false })).toBeVisible();
    await expect(court.getByText(COST_TEXT.share('20,00'))).toBeVisible();
    await court.getByRole('button', { name: COST_TEXT.iPaid }).click();
    await expectText(p2, COST_TEXT.savedPaid);
    await expect(court.getByRole('button', { name: COST_TEXT.undo, exact: true })).toBeVisible();
    await expectNoSideScroll(p2, 'match page of the player who paid');

    // The organiser reads who booked and who paid (the live stream or a reload brings it).
    await page.reload();
    const block = page.getByRole('region', { name: COURT_TEXT.title });
    const bruno = player.name.split(' ')[0]!;
    await expect(block.getByText(new RegExp(`^${COURT_TEXT.bookedBy(bruno)}`))).toBeVisible();
    await expect(block.getByRole('heading', { name: COST_TEXT.whoPaid })).toBeVisible();
    const rows = block.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(COST_TEXT.unpaid);
    await expect(rows.nth(1)).toContainText(bruno);
    await expect(rows.nth(1)).toContainText(COST_TEXT.paid);
    await expect(block.getByRole('button', { name: COST_TEXT.iPaid })).toBeVisible();
    await expectNoSideScroll(page, 'match page with court and payments');
    await block.scrollIntoViewIfNeeded();
    await checkA11y(page, `match court and cost (${screenName})`);
    // From the top: a full-page shot taken scrolled down draws the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot = { '360x740': 'match-court-360', '1280x800': 'match-court-1280' }[screenName];
    if (shot) await page.screenshot({ path: `docs/screenshots/${shot}.png`, fullPage: true });
    else await keepScreenshot(page, `match-court-${screenName}`);
    await keepScreenshot(p2, `match-court-player-${screenName}`);

    // « Trouver »: the kind and gender filters fit the sheet, its buttons in view.
    await p2.goto('/find-match');
    await p2.getByRole('button', { name: /^Filtres/ }).click();
    const sheet = p2.getByRole('dialog', { name: MSG.find.filters });
    await sheet.getByLabel(KIND_TEXT.label).selectOption({ label: KIND_TEXT.names.competitif });
    await sheet.getByLabel(GENDER_TEXT.label).selectOption({ label: GENDER_TEXT.filterAll });
    await expectNoSideScroll(p2, 'find filters sheet');
    await expectInViewAndOnTop(p2, sheet.getByRole('button', { name: MSG.find.showMatches }));
    await keepScreenshot(p2, `find-filters-kind-${screenName}`);
  },
);
