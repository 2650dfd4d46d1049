import { WANT_TEXT, WANT_UI } from '../../../common/messages-wants';
import { createPlace, expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Issue 41 in a real browser: from « Trouver », a player opens « Mes alertes », is told what is
 * missing, saves an alert for Saturday and Sunday evenings at one club, and renews it in one tap.
 * Nothing is wider than the screen.
 */
test(
  '« Je veux jouer »: a player saves an alert from « Trouver » and renews it',
  ON.narrowPhoneAndDesktop,
  async ({ app, admin, loginAs, screenName }) => {
    const place = await createPlace(admin, 'Club Alerte');
    const player = await app.registerPlayer(uniquePlayer('Alice'));
    const { page } = await loginAs(player, '/find-match');
    await page.getByRole('link', { name: WANT_UI.link }).click({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: WANT_UI.title }).waitFor();
    await expectText(page, WANT_UI.empty);

    const form = page.getByRole('form', { name: WANT_UI.add });
    await form.getByRole('button', { name: WANT_UI.save }).click();
    await expectText(page, WANT_TEXT.weekdays);
    await form.getByRole('button', { name: 'samedi' }).click();
    await form.getByRole('button', { name: 'dimanche' }).click();
    await form.getByLabel(WANT_UI.fromLabel, { exact: true }).selectOption('17:00');
    await form.getByLabel(WANT_UI.toLabel, { exact: true }).selectOption('21:30');
    await form.getByLabel(`${place.name} — ${place.city}`, { exact: true }).check();
    await expectNoSideScroll(page, 'alerts form');
    await checkA11y(page, `alerts (${screenName})`);
    await form.getByRole('button', { name: WANT_UI.save }).click();
    await expectText(page, WANT_TEXT.created);

    const summary = `sam., dim. · 17:00–21:30 · ${place.name} · ${WANT_UI.levelMine}`;
    await expect(page.getByText(summary)).toBeVisible();
    await page.getByRole('button', { name: WANT_UI.renewLabel(summary) }).click();
    await expectText(page, WANT_TEXT.renewed);
    await expectNoSideScroll(page, 'alerts list');
    // The docs keep the narrow phone's; other screens keep theirs with the test's artifacts.
    if (screenName === '360x740')
      await page.screenshot({ path: 'docs/screenshots/alerts-360.png', fullPage: true });
    else await keepScreenshot(page, `alerts-${screenName}`);
  },
);
