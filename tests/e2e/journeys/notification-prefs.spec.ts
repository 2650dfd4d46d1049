import { PREFS_TEXT } from '../../../common/notification-types';
import { expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Issue 41 in a real browser: on « Mon Profil », a player turns chat notices off in one tap and
 * moves the quiet hours; both hold after a reload. Nothing is wider than the screen.
 */
test(
  'notification choices: a type off in one tap, quiet hours moved, both kept',
  ON.narrowPhoneAndDesktop,
  async ({ app, loginAs, screenName }) => {
    const player = await app.registerPlayer({ ...uniquePlayer('Nina'), keepQuietHours: true });
    const { page } = await loginAs(player, '/profile');
    const chat = page.getByRole('checkbox', { name: PREFS_TEXT.types.chat, exact: true });
    await expect(chat).toBeChecked({ timeout: 30_000 });
    // Saved at once: the box shows what the server keeps.
    await chat.click();
    await expect(chat).not.toBeChecked();
    await expectText(page, PREFS_TEXT.saved);

    const from = page.getByLabel(PREFS_TEXT.quietFrom, { exact: true });
    await expect(from).toHaveValue('22:00');
    await from.fill('23:30');
    await from.blur();
    await expect(page.getByText(PREFS_TEXT.saved).first()).toBeVisible();
    await expectNoSideScroll(page, 'notification choices');
    await checkA11y(page, `notification choices (${screenName})`);

    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: PREFS_TEXT.types.chat, exact: true }),
    ).not.toBeChecked({ timeout: 30_000 });
    await expect(page.getByLabel(PREFS_TEXT.quietFrom, { exact: true })).toHaveValue('23:30');
    await page.getByRole('heading', { name: PREFS_TEXT.title }).scrollIntoViewIfNeeded();
    if (screenName === '360x740')
      await page.screenshot({ path: 'docs/screenshots/notifications-360.png', fullPage: true });
    else await keepScreenshot(page, `notifications-${screenName}`);
  },
);
