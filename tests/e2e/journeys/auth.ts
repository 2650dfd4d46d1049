import { expect, it } from 'vitest';
import { LOGIN_LOCK_MINUTES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { checkA11y, makePng, runJourney, uniquePlayer, type Journey } from '../../support/e2e-harness';
import { STORED_USER_KEY, expectShell, expectText, type Suite } from '../../support/e2e-app';
import type { Page } from 'playwright-core';

/** The heading of the current authentication step. */
const authStep = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title }).waitFor();

/** Login step: e-mail, PIN, Se connecter. */
export async function loginThroughUi(page: Page, email: string, pin: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Code PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens the app logged out and goes to the login step. */
async function openLogin(j: Journey) {
  const { page } = await j.open();
  await page.goto('/');
  await authStep(page, 'Créer un compte');
  await page.getByRole('button', { name: "J'ai déjà un compte" }).click();
  await authStep(page, 'Connexion');
  return page;
}

/**
 * Journey 1 (first part): a new player registers through the e-mail code — a wrong code first,
 * then the right one — chooses a PIN and lands on Home, logged in.
 */
export function registrationJourney(s: Suite) {
  it('a new player registers with the e-mail code (wrong code first), lands on Home, edits the profile, changes the PIN, logs out and in again', async () => {
    const e2e = s.e2e();
    await runJourney(e2e, 'journey 1 registration and profile', async (j) => {
      const player = { ...uniquePlayer('Nouveau'), pin: '4821' };
      const { page } = await j.open();
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
      const code = await e2e.smtp.codeFor(player.email);
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
      await form.getByLabel('Choisir une photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(96) });
      const preview = form.getByRole('img', { name: `Photo de ${player.name}` });
      await expect.poll(() => preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      await form.getByLabel('Niveau').selectOption({ label: 'Niveau 3 — Intermédiaire bas' });
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expectText(page, MSG.profile.updated);
      const photo = page.getByRole('img', { name: `Photo de ${player.name}` });
      await expect.poll(() => photo.getAttribute('src')).toMatch(/^\/api\/users\/\d+\/photo/);
      // The stored photo really loads (decoded by the browser, not a broken image).
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
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
    });
  }, 120_000);
}

/** Journey 6: five wrong PINs in a row show the lock message; the right PIN is then refused too. */
export function lockoutJourney(s: Suite) {
  it('five wrong PINs show the lock message', async () => {
    const e2e = s.e2e();
    await runJourney(e2e, 'journey 6 five wrong PINs', async (j) => {
      const player = await e2e.registerPlayer({ ...uniquePlayer('Verrou'), pin: '4827' });
      const page = await openLogin(j);
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
  });
}
