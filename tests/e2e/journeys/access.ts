import { expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { checkA11y, MOBILE, runJourney, uniquePlayer } from '../../support/e2e-harness';
import { expectPath, expectShell, loginInContext, type Suite } from '../../support/e2e-app';

/** Journey 4: a standard player opening /admin sees 'Accès refusé' and a way back home. */
export function adminAccessJourney(s: Suite) {
  it("a standard player opening /admin sees 'Accès refusé'", async () => {
    const e2e = s.e2e();
    await runJourney(e2e, 'journey 4 admin access denied', async (j) => {
      const player = await e2e.registerPlayer(uniquePlayer('Standard'));
      const { context, page } = await j.open();
      await loginInContext(context, page, player, '/admin');
      await expectShell(page);
      await page.getByText(MSG.admin.accessDenied, { exact: false }).first().waitFor();
      await checkA11y(page, 'admin (access denied)');
      // No Administration entry in the user menu either.
      await page.getByRole('button', { name: /menu du compte/ }).click();
      await page.getByRole('link', { name: 'Mon Profil', exact: true }).waitFor();
      if ((await page.getByRole('link', { name: 'Administration' }).count()) !== 0)
        throw new Error('a standard player sees the Administration link');
      await page.keyboard.press('Escape');
      await page
        .getByRole('link', { name: /accueil/i })
        .first()
        .click();
      await expectPath(page, '/');
    });
  });
}

/** Journey 5: on a 390×844 screen the sliding menu opens, navigates, and closes. */
export function mobileMenuJourney(s: Suite) {
  it('mobile: the sliding menu opens, navigates and closes', async () => {
    const e2e = s.e2e();
    await runJourney(e2e, 'journey 5 mobile menu', async (j) => {
      const player = await e2e.registerPlayer(uniquePlayer('Mobile'));
      const { context, page } = await j.open(MOBILE);
      await loginInContext(context, page, player, '/');
      await page.getByRole('heading', { level: 1, name: /^Bonjour/ }).waitFor();
      await checkA11y(page, 'home (mobile)');
      const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      for (const section of ['Navigation', 'Votre compte', 'Assistance']) await menu.getByRole('heading', { name: section }).waitFor();
      await menu.getByText('Compte Standard').waitFor();
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
      await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor({ state: 'detached' });
    });
  });
}
