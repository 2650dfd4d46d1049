import { MSG } from '../../../common/messages';
import { expectPath, expectShell, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

test(
  'serves the client and the health check; the ADMIN_EMAILS address registers as an admin',
  ON.desktop,
  async ({ app, admin }) => {
    const res = await fetch(`${app.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    for (const path of ['/find-match', '/', '/no-such-page']) {
      const page = await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(await page.text()).toContain('<div id="root">');
    }
    expect(admin.isAdmin).toBe(true);
  },
);

/** Journey 4: a standard player opening /admin sees 'Accès refusé' and a way back home. */
test(
  "a standard player opening /admin sees 'Accès refusé'",
  ON.desktop,
  async ({ app, loginAs }) => {
    const player = await app.registerPlayer(uniquePlayer('Standard'));
    const { page } = await loginAs(player, '/admin');
    await expectShell(page);
    await page.getByText(MSG.admin.accessDenied, { exact: false }).first().waitFor();
    await checkA11y(page, 'admin (access denied)');
    // No Administration entry in the user menu either.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('link', { name: 'Mon Profil', exact: true }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Administration' }).count(),
      'a standard player sees the Administration link',
    ).toBe(0);
    await page.keyboard.press('Escape');
    await page
      .getByRole('link', { name: /accueil/i })
      .first()
      .click();
    await expectPath(page, '/');
  },
);

/** Journey 5: on a 390×844 screen the sliding menu opens, navigates, and closes. */
test('mobile: the sliding menu opens, navigates and closes', ON.phone, async ({ app, loginAs }) => {
  const player = await app.registerPlayer(uniquePlayer('Mobile'));
  const { page } = await loginAs(player, '/');
  await page.getByRole('heading', { level: 1, name: /^Bonjour/ }).waitFor();
  await checkA11y(page, 'home (mobile)');
  const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
  await toggle.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  for (const section of ['Navigation', 'Votre compte', 'Assistance'])
    await menu.getByRole('heading', { name: section }).waitFor();
  await menu.getByRole('link', { name: 'Aide' }).waitFor();
  await checkA11y(page, 'mobile menu');
  // Navigating closes it (after the slide-out).
  await menu.getByRole('link', { name: 'Mes matchs' }).click();
  await expectPath(page, '/my-matches');
  await menu.waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1, name: 'Mes matchs' }).waitFor();
  // The close button closes it too.
  await toggle.click();
  await menu.waitFor();
  await menu.getByRole('button', { name: 'Fermer le menu' }).click();
  await menu.waitFor({ state: 'detached' });
  // No screen is wider than the phone (a wider page makes mobile browsers zoom out).
  for (const [path, title] of [
    ['/find-match', 'Trouver un match'],
    ['/create-match', 'Créer un match'],
    ['/my-matches', 'Mes matchs'],
    ['/profile', 'Mon Profil'],
    ['/admin', MSG.admin.accessDenied],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: 390 });
    await checkA11y(page, `${title} (mobile)`);
  }
  // And the logout button of the menu ends the session.
  await toggle.click();
  await menu.getByRole('button', { name: 'Déconnexion' }).click();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .waitFor({ state: 'detached' });
});
