import type { Page } from '@playwright/test';
import { MSG } from '../../../common/messages';
import {
  createPlace,
  expectShell,
  expectText,
  uniquePlayer,
  type TestPlayer,
} from '../../support/e2e-app';
import { checkA11y, expect, ON, test, type E2EApp } from '../../support/e2e-fixtures';
import { authStep } from './helpers';
import { MOBILE } from '../../support/e2e-browser';

// Issue 13 ("journeys without dead ends"): the journeys that broke, walked again in Chromium.

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (
      el?.getAttribute('aria-label') ??
      (el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el?.textContent
    );
  });

/** Item 2: back and forth between the sign-up steps, never waiting for a new code nor retyping a used one. */
test(
  'sign-up: back and forth between the steps without waiting; the proven e-mail stays proven and read-only',
  ON.phone,
  async ({ app, page }) => {
    test.setTimeout(90_000);
    const player = uniquePlayer('Allerretour');
    await page.goto('/');
    await authStep(page, 'Créer un compte');
    await page.getByLabel('Nom complet').fill(player.name);
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Numéro de téléphone').fill(player.phone);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await authStep(page, 'Vérifiez votre email');
    expect(await page.title()).toBe('Vérifiez votre email — Padel Match');
    // The code field has the focus on its step.
    await expect.poll(() => focusedLabel(page)).toBe('Code de vérification');
    const code = await app.mail.codeFor(player.email);
    // (a) Modifier l'email, then Continuer with the same e-mail: back to the code, no new mail, no wait.
    await page.getByRole('button', { name: "Modifier l'email" }).click();
    await authStep(page, 'Créer un compte');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await authStep(page, 'Vérifiez votre email');
    await page.getByText(/Renvoyer le code dans [0-4]:\d\d/).waitFor();
    expect((await app.mail.mails()).filter((m) => m.to.includes(player.email))).toHaveLength(1);
    await page.getByLabel('Code de vérification').fill(code);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await authStep(page, 'Finalisez votre compte');
    // (c) The proven e-mail cannot be edited here.
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    // (b) Retour: the e-mail is shown as verified, nothing to retype, Continuer goes on.
    await page.getByRole('button', { name: 'Retour' }).click();
    await authStep(page, 'Vérifiez votre email');
    await expectText(page, MSG.auth.emailVerifiedStep);
    await checkA11y(page, 'auth: otp-email (already verified)');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await authStep(page, 'Finalisez votre compte');
    await page.getByLabel('Code PIN (4 chiffres)').fill('4826');
    await page.getByLabel('Confirmer le code PIN').fill('4826');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByRole('heading', { level: 1, name: `Bonjour, ${player.name} !` }).waitFor();
  },
);

test(
  'sign-up: a refused resend shows the wait left in m:ss (another tab asked for a code moments ago)',
  ON.desktop,
  async ({ app, page }) => {
    const player = uniquePlayer('Patience');
    // Another tab already asked for a code for this e-mail.
    await app.api.auth.sendOtpEmail.mutate({ email: player.email });
    await page.goto('/');
    await authStep(page, 'Créer un compte');
    await page.getByLabel('Nom complet').fill(player.name);
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Numéro de téléphone').fill(player.phone);
    await page.getByRole('button', { name: 'Continuer' }).click();
    // Not a dead end: the code step, with the code already sent and the wait before a new one.
    await authStep(page, 'Vérifiez votre email');
    await expectText(page, MSG.auth.otpAlreadySent);
    await page.getByText(/Renvoyer le code dans [0-4]:\d\d/).waitFor();
    await page.getByLabel('Code de vérification').fill(await app.mail.codeFor(player.email));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await authStep(page, 'Finalisez votre compte');
  },
);

/** A new place and a new player, logged in on the create-match screen. */
async function onCreateMatch(
  app: E2EApp,
  admin: TestPlayer,
  loginAs: (player: TestPlayer, path: string) => Promise<{ page: Page }>,
  club: string,
  name: string,
) {
  const place = await createPlace(admin, club);
  const player = await app.registerPlayer(uniquePlayer(name));
  const { page } = await loginAs(player, '/create-match');
  await page.getByRole('heading', { level: 1, name: 'Créer un match' }).waitFor();
  return { place, player, page };
}

/** Item 1: a double click on "Créer le match" makes one match. */
test(
  'a double click on "Créer le match" creates one match',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const { place, player, page } = await onCreateMatch(
      app,
      admin,
      loginAs,
      'Club Double',
      'Doubleclic',
    );
    await page.getByLabel('Lieu').selectOption({ label: `${place.name} — ${place.city}` });
    await page
      .getByRole('radiogroup', { name: 'Jours disponibles' })
      .getByRole('radio')
      .nth(2)
      .click();
    await page.getByRole('radio', { name: '19:00', exact: true }).click();
    await page.getByRole('button', { name: /^Niveau 4\b/ }).click();
    // Hold the answer until both clicks have landed, so the second comes while the first create
    // is still running.
    let release = () => {};
    const clicked = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/matches.create*', async (route) => {
      await clicked;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Créer le match' }).dblclick();
    release();
    await page.getByRole('heading', { name: MSG.match.created }).waitFor();
    const mine = await player.api.matches.mine.query();
    expect(mine.matches.filter((m) => m.place_id === place.id)).toHaveLength(1);
  },
);

/** Item 6 (and 7): a session ended elsewhere, then a logout, both lead to the login step. */
test(
  'a PIN change in another browser sends this one to the login step with "Votre session a expiré"; logout shows the login step',
  ON.desktop,
  async ({ app, loginAs }) => {
    const player = await app.registerPlayer({ ...uniquePlayer('Ailleurs'), pin: '4827' });
    const { page } = await loginAs(player, '/find-match');
    await page.getByRole('heading', { level: 1, name: 'Trouver un match' }).waitFor();
    // Another browser (the API session of the same player) changes the PIN: this session ends.
    await player.api.auth.changePin.mutate({
      currentPin: '4827',
      newPin: '5938',
      confirmPin: '5938',
    });
    await page.getByRole('link', { name: 'Mes matchs' }).first().click();
    await authStep(page, 'Connexion');
    await expectText(page, MSG.auth.sessionExpired);
    expect(await page.getByLabel('Email').inputValue()).toBe(player.email);
    await checkA11y(page, 'auth: login (session expired)');
    await page.getByLabel('Code PIN', { exact: true }).fill('5938');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectShell(page);
    // Logout: the login step, with "Créer un compte" one click away.
    await page.getByRole('button', { name: /menu du compte/ }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await authStep(page, 'Connexion');
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await authStep(page, 'Créer un compte');
  },
);

/** Item 9: keyboard paths — radio groups, titles, the mobile menu's Escape, the modal's first field. */
test(
  'keyboard: day strip and time slots are one tab stop each with arrow keys; titles; Escape and modal focus',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const { player, page } = await onCreateMatch(app, admin, loginAs, 'Club Clavier', 'Clavier');
    expect(await page.title()).toBe('Créer un match — Padel Match');
    await page.getByLabel('Lieu').focus();
    await page.keyboard.press('Tab');
    const days = page.getByRole('radiogroup', { name: 'Jours disponibles' }).getByRole('radio');
    await expect
      .poll(() => days.first().evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await days.nth(2).getAttribute('aria-checked')).toBe('true');
    expect(await days.nth(2).evaluate((el) => el === document.activeElement)).toBe(true);
    // One Tab leaves the whole strip for the time slots.
    await page.keyboard.press('Tab');
    const slots = page.getByRole('radiogroup', { name: 'Horaires disponibles' }).getByRole('radio');
    expect(await slots.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    expect(await slots.last().getAttribute('aria-checked')).toBe('true');
    await checkA11y(page, 'create match (keyboard)');

    await page.goto('/find-match');
    await page.getByRole('heading', { level: 1, name: 'Trouver un match' }).waitFor();
    expect(await page.title()).toBe('Trouver un match — Padel Match');

    // The PIN modal opens on its first field.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Modifier le code PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le code PIN' });
    await expect
      .poll(() => dialog.getByLabel('PIN actuel').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Mobile menu: Escape closes it and gives the focus back to its button.
    const mobile = await loginAs(player, '/', MOBILE);
    const toggle = mobile.page.getByRole('button', { name: 'Ouvrir le menu' });
    await toggle.click();
    await mobile.page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await mobile.page.keyboard.press('Escape');
    await mobile.page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  },
);
