import { frenchTypography as fr } from '../../../common/typography';
import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, keepScreenshot, loginThroughUi } from './helpers';

/**
 * Journey: a player creates a group, a friend joins it through the invite link (logging in on the
 * way), the organiser runs an availability poll, and the « oui » make the match.
 */
test(
  'create a group, invite by link, run a poll to a match',
  { tag: ['@360x740', '@1280x800'] },
  async ({ app, admin, loginAs, open }) => {
    const place = await createPlace(admin, 'Club Groupe');
    const organiser = await app.registerPlayer(uniquePlayer('Gaëlle'));
    const friend = await app.registerPlayer(uniquePlayer('Fabien'));

    const { page } = await loginAs(organiser, '/groups');
    await page.getByRole('heading', { level: 1, name: 'Groupes' }).waitFor();
    await checkA11y(page, 'groups');
    await expectNoSideScroll(page, 'groups');
    await page.getByLabel('Nom du groupe').fill('Les mardis soir');
    await page.getByRole('button', { name: 'Créer le groupe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Les mardis soir' }).waitFor();
    const link = await page.getByLabel('Lien d’invitation').inputValue();
    expect(link).toMatch(/\/g\/[A-Za-z0-9_-]{24}$/);

    // The friend opens the link logged out, logs in, and is in the group.
    const { page: visitor } = await open();
    await visitor.goto(new URL(link).pathname);
    await visitor.getByRole('button', { name: "J'ai déjà un compte" }).click();
    await loginThroughUi(visitor, friend.email, friend.pin);
    await visitor.getByRole('heading', { level: 1, name: 'Les mardis soir' }).waitFor();
    await expect(
      visitor.getByText(fr('Vous avez rejoint le groupe « Les mardis soir ».')),
    ).toBeVisible();
    await checkA11y(visitor, 'group page');
    await expectNoSideScroll(visitor, 'group page');

    // The organiser sees two members, and proposes two slots; two « oui » make the match.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Membres (2)' }).waitFor();
    await page.getByText('Nouveau sondage').click();
    const form = page.getByRole('form', { name: 'Nouveau sondage' });
    // The day strip and time slots of « Créer un match », not the browser's date and time inputs.
    await expect(form.locator('input[type="date"], input[type="time"]')).toHaveCount(0);
    for (const [i, days] of [3, 4].entries()) {
      const row = form.getByRole('group', { name: `Créneau ${i + 1}` });
      await row.getByLabel('Lieu').selectOption({ label: `${place.name} (Lyon)` });
      await row
        .getByRole('radiogroup', { name: 'Jours disponibles' })
        .getByRole('radio')
        .nth(days)
        .click();
      await row.getByRole('radio', { name: '18:00', exact: true }).click();
    }
    const closing = form.getByRole('group', { name: 'Clôture du sondage' });
    await closing
      .getByRole('radiogroup', { name: 'Jours disponibles' })
      .getByRole('radio')
      .nth(2)
      .click();
    await expect(closing.getByRole('radio', { name: '20:00', exact: true })).toBeChecked();
    await form.getByLabel('« Oui » nécessaires pour faire le match').fill('2');
    await checkA11y(page, 'poll form');
    await expectNoSideScroll(page, 'poll form');
    await form.getByRole('button', { name: 'Lancer le sondage' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Sondage du groupe Les mardis soir' })
      .waitFor();
    const pollPath = new URL(page.url()).pathname;
    const first = page.getByRole('region').filter({ hasText: 'Oui : ' }).first();
    await first.getByRole('radio', { name: 'oui' }).click();
    await expect(first.getByText('Oui : 1 · Non : 0 · Peut-être : 0')).toBeVisible();
    await checkA11y(page, 'poll');
    await expectNoSideScroll(page, 'poll');
    await keepScreenshot(page, `poll-open-${test.info().project.name}`);

    await visitor.goto(pollPath);
    const same = visitor.getByRole('region').filter({ hasText: 'Oui : ' }).first();
    await same.getByRole('radio', { name: 'oui' }).click();
    await expect(visitor.getByText(fr('Assez de « oui » : le match est créé.'))).toBeVisible();
    // Padel is played at four: the match keeps two places open; the poll takes no more answers
    // and says who answered what, as « Prénom N. ».
    const made = visitor.getByRole('region').filter({ hasText: 'Oui : ' }).first();
    await expect(made.getByRole('radio', { name: 'oui' })).toBeDisabled();
    await expect(made.getByText(/^Gaëlle \S+\., Fabien \S+\.$/)).toBeVisible();
    await expect(made.getByText('Créneau retenu')).toBeVisible();
    await expectNoSideScroll(visitor, 'poll made');
    await keepScreenshot(visitor, `poll-made-${test.info().project.name}`);
    await visitor.getByRole('link', { name: 'Voir le match' }).click();
    await visitor.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await expect(visitor.getByText('2 places disponibles').first()).toBeVisible();
    // The organiser's poll counts catch up by themselves (pushed live, no reload).
    await expect(page.getByText('Oui : 2 · Non : 0 · Peut-être : 0')).toBeVisible({
      timeout: 15_000,
    });
  },
);
