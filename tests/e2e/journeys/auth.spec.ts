import type { Page } from '@playwright/test';
import { Resvg } from '@resvg/resvg-js';
import { LOGIN_LOCK_MINUTES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { STORED_USER_KEY, expectShell, expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { authStep, loginThroughUi } from './helpers';

/** A real PNG photo, `size`×`size`, of one colour. */
const photoPng = (size: number) =>
  new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#14968c"/></svg>`,
  )
    .render()
    .asPng();

/** Opens the app logged out and goes to the login step. */
async function openLogin(page: Page) {
  await page.goto('/');
  await authStep(page, 'Créer un compte');
  await page.getByRole('button', { name: "J'ai déjà un compte" }).click();
  await authStep(page, 'Connexion');
}

/**
 * Journey 1 (first part): a new player registers through the e-mail code — a wrong code first,
 * then the right one — chooses a PIN and lands on Home, logged in.
 */
test(
  'a new player registers with the e-mail code (wrong code first), lands on Home, edits the profile, changes the PIN, logs out and in again',
  ON.desktop,
  async ({ app, page }) => {
    test.setTimeout(120_000);
    const player = { ...uniquePlayer('Nouveau'), pin: '4821' };
    await page.goto('/');
    await authStep(page, 'Créer un compte');
    await checkA11y(page, 'auth: phone (registration start)');
    // Validation before any call.
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expectText(page, MSG.auth.nameRequired);
    await page.getByLabel('Nom complet').fill(player.name);
    await page.getByLabel('Email').fill(player.email);
    await expect.poll(() => page.getByLabel('Pays').inputValue()).toBe('FR');
    await page.getByLabel('Numéro de téléphone').fill(`${player.phone}99`);
    expect(await page.getByLabel('Numéro de téléphone').inputValue()).toBe(player.phone);
    await page.getByRole('button', { name: 'Continuer' }).click();

    await authStep(page, 'Vérifiez votre email');
    await page.getByText(player.email).waitFor();
    await page.getByText(/Renvoyer le code dans \d:\d\d/).waitFor();
    const code = await app.mail.codeFor(player.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Code de vérification').fill(wrong);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expectText(page, MSG.auth.otpWrong);
    await checkA11y(page, 'auth: otp-email (wrong code)');
    await page.getByLabel('Code de vérification').fill(code);
    await page.getByRole('button', { name: 'Vérifier' }).click();

    await authStep(page, 'Finalisez votre compte');
    await checkA11y(page, 'auth: register');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(player.email);
    await page.getByLabel('Code PIN (4 chiffres)').fill(player.pin);
    await page.getByLabel('Confirmer le code PIN').fill('1397');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expectText(page, MSG.auth.pinMismatch);
    await page.getByLabel('Confirmer le code PIN').fill(player.pin);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // Home, logged in.
    await expectShell(page);
    await page.getByRole('heading', { level: 1, name: `Bonjour, ${player.name} !` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await checkA11y(page, 'home');

    // Profile: photo upload (a real PNG through the file picker of the drop area) and level.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('link', { name: 'Mon Profil', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Mon Profil' }).waitFor();
    await page.getByText(player.email).waitFor();
    await checkA11y(page, 'profile');
    await page.getByRole('button', { name: 'Modifier le profil' }).click();
    const form = page.getByRole('form', { name: 'Modifier le profil' });
    await form.waitFor();
    await checkA11y(page, 'profile (edit)');
    await form
      .getByLabel('Choisir une photo')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photoPng(96) });
    const preview = form.getByRole('img', { name: `Photo de ${player.name}` });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await form.getByLabel('Niveau').selectOption({ label: 'Niveau 3 — Intermédiaire bas' });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expectText(page, MSG.profile.updated);
    const photo = page.getByRole('img', { name: `Photo de ${player.name}` });
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/api\/users\/\d+\/photo/);
    // The stored photo really loads (decoded by the browser, not a broken image).
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(96);
    await page.getByText('Niveau 3', { exact: true }).first().waitFor();

    // PIN change in the modal, which closes itself 1.5 s after the success message.
    const newPin = '5930';
    await page.getByRole('button', { name: 'Modifier le code PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le code PIN' });
    await dialog.getByLabel('PIN actuel').fill(player.pin);
    await dialog.getByLabel('Nouveau PIN', { exact: true }).fill(newPin);
    await dialog.getByLabel('Confirmer le nouveau PIN').fill(newPin);
    await checkA11y(page, 'profile (PIN modal)');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText(MSG.auth.pinChanged).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Logout clears the stored user; the old PIN no longer works, the new one does.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await authStep(page, 'Connexion');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_KEY)).toBeNull();
    await loginThroughUi(page, player.email, player.pin);
    await expectText(page, MSG.auth.wrongPin);
    await page.getByLabel('Code PIN', { exact: true }).fill(newPin);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { level: 1, name: `Bonjour, ${player.name} !` }).waitFor();
  },
);

/** Journey 6: five wrong PINs in a row show the lock message; the right PIN is then refused too. */
test('five wrong PINs show the lock message', ON.desktop, async ({ app, page }) => {
  const player = await app.registerPlayer({ ...uniquePlayer('Verrou'), pin: '4827' });
  await openLogin(page);
  await checkA11y(page, 'auth: login');
  const wrongPins = ['1397', '2468', '3579', '4680', '5791'];
  for (const [i, pin] of wrongPins.entries()) {
    // Each try waits for the server's answer (the previous message stays on screen meanwhile).
    const answered = page.waitForResponse((r) => r.url().includes('auth.loginByEmail'));
    await loginThroughUi(page, player.email, pin);
    await answered;
    if (i < wrongPins.length - 1) await expectText(page, MSG.auth.wrongPin);
  }
  await expectText(page, MSG.auth.accountLocked(LOGIN_LOCK_MINUTES));
  await checkA11y(page, 'auth: login (locked)');
  await loginThroughUi(page, player.email, player.pin);
  await expectText(page, /Votre compte est bloqué pendant/);
  expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
  // The way out the message names: the reset-PIN step, which first asks for the e-mail to send a code to.
  await page.getByRole('button', { name: 'Code PIN oublié ?' }).click();
  await authStep(page, 'Réinitialiser le code PIN');
  await page.getByRole('button', { name: 'Recevoir un code' }).waitFor();
  await checkA11y(page, 'auth: reset-pin');
});
