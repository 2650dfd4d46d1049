import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll } from './helpers';

/**
 * The admin's API tab on a phone (and at 360 and 1280 px): a key is issued and shown once (gone
 * after a reload, only its prefix listed), then revoked; a webhook is added and its secret shown
 * once. axe on each state.
 */
test(
  'an admin issues an API key, sees it once, then revokes it; adds a webhook',
  ON.everyScreen,
  async ({ admin, loginAs }) => {
    const { page } = await loginAs(admin, '/admin?onglet=api');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { level: 2, name: 'API' }).waitFor();
    await page.waitForLoadState('networkidle');
    await checkA11y(page, 'admin: API');
    await expectNoSideScroll(page, 'admin: API');

    const keyForm = panel.getByRole('form', { name: 'Créer une clé d’API' });
    await keyForm.getByRole('button', { name: 'Créer la clé' }).click();
    await expect(keyForm.getByRole('alert')).toContainText('nom');
    const name = `Site du club ${Date.now()}`;
    await keyForm.getByLabel('Nom de la clé').fill(name);
    await keyForm.getByLabel(/matches:write/).check();
    await keyForm.getByRole('button', { name: 'Créer la clé' }).click();
    const shown = panel.getByTestId('secret-once');
    await expect(shown).toHaveText(/^pm_live_[A-Za-z0-9_-]{43}$/);
    const key = (await shown.textContent()) ?? '';
    await expect(
      panel.getByText('elle ne sera plus jamais affichée', { exact: false }),
    ).toBeVisible();
    await expect(panel.getByText(name)).toBeVisible();
    await checkA11y(page, 'admin: API (key shown once)');
    await expectNoSideScroll(page, 'admin: API (key shown once)');

    // The key works on API v2.
    const me = await page.request.get('/api/v2/me', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(me.status()).toBe(200);

    // Shown once: after a reload only its prefix remains.
    await page.reload();
    await panel.getByRole('heading', { level: 2, name: 'API' }).waitFor();
    await expect(panel.getByText(name)).toBeVisible();
    await expect(panel.getByTestId('secret-once')).toHaveCount(0);
    expect(await page.content()).not.toContain(key);
    await expect(panel.getByText(`${key.slice(0, 12)}…`)).toBeVisible();

    await panel.getByRole('button', { name: `Révoquer la clé ${name}` }).click();
    await expect(panel.getByRole('button', { name: `Révoquer la clé ${name}` })).toHaveCount(0);
    const after = await page.request.get('/api/v2/me', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(after.status()).toBe(401);

    const hookUrl = `http://127.0.0.1:9/recepteur-${Date.now()}`;
    const hookForm = panel.getByRole('form', { name: 'Ajouter un webhook' });
    await hookForm.getByLabel('Adresse (URL)').fill(hookUrl);
    await hookForm.getByLabel('participant.joined').check();
    await hookForm.getByRole('button', { name: 'Ajouter le webhook' }).click();
    await expect(panel.getByTestId('secret-once')).toHaveText(/^whsec_/);
    // « le secret »: masculine, unlike the key.
    await expect(
      panel.getByText('Copiez-le maintenant : il ne sera plus jamais affiché.', { exact: false }),
    ).toBeVisible();
    await expect(panel.getByText(hookUrl)).toBeVisible();
    await checkA11y(page, 'admin: API (webhook added)');
    await expectNoSideScroll(page, 'admin: API (webhook added)');
    await panel.getByRole('button', { name: `Supprimer le webhook ${hookUrl}` }).click();
    await expect(panel.getByText(hookUrl)).toHaveCount(0);
  },
);
