import { MSG } from '../../../common/messages';
import { SETTING_DESCRIPTIONS } from '../../../common/limits';
import { expectText } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

const ADMIN_TABS = [
  'Tableau de bord',
  'Lieux',
  'Niveaux',
  'Twilio (SMS)',
  'SMTP',
  'Utilisateurs',
  'Paramètres',
  'Historique',
  'Résultats',
  'Notifications',
  'API',
];

/**
 * Journey 2: the admin adds a place and a level and sets 5 places per match; the create-match
 * form then offers the new place, the new level and 5 place buttons. Every admin tab is checked
 * with axe on the way.
 */
test(
  'an admin adds a place and a level, changes the settings, and the create-match form reflects them',
  ON.desktop,
  async ({ admin, loginAs }) => {
    const { page } = await loginAs(admin, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const panel = page.getByRole('tabpanel');

    // Every tab renders and passes axe.
    for (const name of ADMIN_TABS) {
      await tab(name).click();
      await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
      await panel.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await checkA11y(page, `admin: ${name}`);
    }

    // A place.
    const placeName = 'Padel Arena E2E';
    await tab('Lieux').click();
    await panel.getByRole('button', { name: 'Ajouter un lieu' }).click();
    const placeForm = panel.getByRole('form', { name: 'Ajouter un lieu' });
    await placeForm.getByRole('button', { name: 'Ajouter' }).click();
    await placeForm.getByRole('alert').waitFor();
    await placeForm.getByLabel('Nom').fill(placeName);
    await placeForm.getByLabel('Ville').fill('Bordeaux');
    await placeForm.getByLabel('Adresse').fill('12 quai des Chartrons');
    await checkA11y(page, 'admin: Lieux (add form)');
    await placeForm.getByRole('button', { name: 'Ajouter' }).click();
    await expectText(page, MSG.admin.saved);
    await panel.getByRole('heading', { name: placeName }).waitFor();

    // A level.
    const niveau = 'Niveau E2E';
    await tab('Niveaux').click();
    await panel.getByRole('button', { name: 'Ajouter un niveau' }).click();
    const levelForm = panel.getByRole('form', { name: 'Ajouter un niveau' });
    await levelForm.getByLabel('Niveau', { exact: true }).fill(niveau);
    await levelForm.getByLabel('Libellé').fill('Testeur');
    await levelForm.getByLabel('Ordre').fill('9');
    await levelForm.getByLabel('Couleur', { exact: true }).fill('#3366CC');
    await checkA11y(page, 'admin: Niveaux (add form)');
    await levelForm.getByRole('button', { name: 'Ajouter' }).click();
    await expectText(page, MSG.admin.saved);
    await panel.getByRole('heading', { name: 'Testeur' }).waitFor();

    // Settings: 5 places per match.
    await tab('Paramètres').click();
    const maxPlaces = panel.getByLabel(SETTING_DESCRIPTIONS.max_places);
    await maxPlaces.fill('11');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expectText(page, MSG.admin.settingRange(SETTING_DESCRIPTIONS.max_places, 10));
    await maxPlaces.fill('5');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expectText(page, MSG.admin.settingsUpdated);

    // The create-match form reflects all three.
    await page.getByRole('link', { name: 'Créer un match' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Créer un match' }).waitFor();
    await page.getByLabel('Lieu').waitFor();
    const options = await page.getByLabel('Lieu').locator('option').allTextContents();
    expect(options).toContain(`${placeName} — Bordeaux`);
    const counts = page.getByRole('group', { name: 'Nombre de places' }).getByRole('button');
    await expect.poll(() => counts.count()).toBe(5);
    await page.getByRole('button', { name: '5 places', exact: true }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${niveau}\\b`) }).waitFor();
    await checkA11y(page, 'create match');
  },
);
