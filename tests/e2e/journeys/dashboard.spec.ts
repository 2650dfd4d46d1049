import { readFileSync } from 'node:fs';
import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Issue 28 in Chromium at 1280×800 and 390×844: « Tableau de bord » opens first, draws its charts
 * (uPlot, a lazy chunk), keeps every table readable without sideways scrolling, downloads CSV, and
 * the « Notifications » tab shows the channels' health; axe finds nothing on either.
 */
test(
  'the admin reads the dashboard and the notices on a phone and a desktop',
  ON.phoneAndDesktop,
  async ({ app, admin, loginAs, screenName }) => {
    // Something to count: a place, a match and a player who fills it.
    const place = await createPlace(admin, 'Club Tableau');
    const organiser = await app.registerPlayer(uniquePlayer('dash'));
    const schedule = await organiser.api.matches.schedule.query();
    const match = await organiser.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 1,
    });
    const player = await app.registerPlayer(uniquePlayer('dash'));
    await player.api.matches.join.mutate({ id: match.id });

    const { page } = await loginAs(admin, '/admin');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect(page.getByRole('tab').first()).toHaveText('Tableau de bord');
    await expect(tab('Tableau de bord')).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { level: 2, name: 'Tableau de bord' }).waitFor();
    await expect(panel.getByText('Matchs créés', { exact: true })).toBeVisible();
    // Both weekly charts are drawn (uPlot's canvas), sized to their card.
    await expect(panel.locator('.dash-chart canvas')).toHaveCount(2);
    await page.waitForLoadState('networkidle');
    await expectNoSideScroll(page, `dashboard ${screenName}`);

    // Every table: open, within its card (no inner scroll needed), at a readable size.
    for (const summary of await panel.getByText('Voir le tableau').all()) await summary.click();
    // Our tables (uPlot's legend is a table of its own, inside the chart).
    const tables = panel.locator('table.dash-table');
    // Weeks, players, notices; no match is played yet in the period (they are all to come), so the
    // places and time slots say so instead of showing an empty table.
    await expect(tables).toHaveCount(3);
    await expect(panel.getByText('Aucune donnée sur cette période.')).toHaveCount(2);
    for (const table of await tables.all()) {
      const fit = await table.evaluate((el) => {
        const wrap = el.parentElement!;
        return {
          table: el.querySelector('thead')?.textContent ?? '',
          width: el.scrollWidth,
          room: wrap.clientWidth,
          fontPx: parseFloat(getComputedStyle(el).fontSize),
        };
      });
      expect(fit.width, fit.table).toBeLessThanOrEqual(fit.room + 1);
      expect(fit.fontPx, fit.table).toBeGreaterThanOrEqual(13);
    }
    await expectNoSideScroll(page, `dashboard tables ${screenName}`);
    await keepScreenshot(page, `admin-dashboard-${screenName}`);
    await checkA11y(page, `admin dashboard (${screenName})`);

    // CSV of a figure, as French spreadsheets read it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel
        .getByRole('button', {
          name: 'Télécharger « Matchs créés et complets par semaine » en CSV',
        })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^matchs-par-semaine_\d{4}-\d{2}-\d{2}_/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFSemaine du;Créés;Complets;Taux\r\n')).toBe(true);

    // One place only: the match created there today, full (its only place taken).
    await panel.getByLabel('Lieu', { exact: true }).selectOption({ label: place.name });
    await expect(panel.getByText('Matchs créés', { exact: true }).locator('+ dd')).toHaveText('1');
    await expect(
      panel.getByText('Taux de remplissage', { exact: true }).locator('+ dd'),
    ).toHaveText(/100\s%/);

    // Notifications: the channels' health and the list (empty here), axe clean.
    await tab('Notifications').click();
    await panel.getByRole('heading', { level: 2, name: 'Notifications' }).waitFor();
    await expect(panel.getByRole('heading', { name: 'État des canaux' })).toBeVisible();
    await expect(panel.getByText(/Dernier envoi réussi/)).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    await expectNoSideScroll(page, `notifications ${screenName}`);
    await keepScreenshot(page, `admin-notifications-${screenName}`);
    await checkA11y(page, `admin notifications (${screenName})`);
  },
);
