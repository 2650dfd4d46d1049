import { MSG } from '../../../common/messages';
import { createPlace, expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journeys of the match room (issue 25), on a phone: a private match is absent from "Trouver un
 * match" but opens, and can be joined, through its link; a player of another level asks to join and
 * the organiser accepts from the match page.
 */
test(
  'a private match is absent from Trouver but opens and is joined through its link',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const hidden = await createPlace(admin, 'Club Privé');
    const shown = await createPlace(admin, 'Club Public');
    const organiser = await app.registerPlayer(uniquePlayer('Paula'));
    const friend = await app.registerPlayer(uniquePlayer('Femi'));
    await friend.api.users.update.mutate({ name: friend.name, level: 'Niveau 3' });
    const schedule = await organiser.api.matches.schedule.query();
    const base = { date: schedule.createDates[1]!, time: '18:00', levels: ['Niveau 3'], slots: 3 };
    const secret = await organiser.api.matches.create.mutate({
      ...base,
      place_id: hidden.id,
      visibility: 'private',
      guests: ['Marc'],
    });
    await organiser.api.matches.create.mutate({ ...base, place_id: shown.id });
    const token = (await organiser.api.matches.byId.query({ id: secret.id })).share_token!;

    const { page } = await loginAs(friend, '/find-match');
    // Other journeys share this server: page through the whole list, then look.
    await page
      .getByRole('status')
      .filter({ hasText: /affichés?/ })
      .waitFor();
    const more = page.getByRole('button', { name: 'Charger plus' });
    while (await more.isVisible()) {
      await more.click();
      await expect(page.locator('button[aria-busy="true"]')).toHaveCount(0);
    }
    await page.getByRole('article', { name: shown.name }).waitFor();
    await expect(page.getByRole('article', { name: hidden.name })).toHaveCount(0);
    // Its id is no way in; its link is.
    await page.goto(`/matches/${secret.id}`);
    await page.getByText('Match introuvable').waitFor();
    await page.goto(`/m/${token}`);
    await page.getByRole('heading', { level: 1, name: hidden.name }).waitFor();
    await expect(page.getByText(MSG.room.privateTag)).toBeVisible();
    await expect(page.getByText(MSG.room.guestOf('Paula'))).toBeVisible();
    await expect.poll(() => page.locator('main').textContent()).toContain('2 places disponibles');
    await checkA11y(page, 'private match page (link)');
    await page.getByRole('button', { name: 'Rejoindre' }).click();
    await expectText(page, MSG.match.joined);
    await page.getByRole('button', { name: 'Quitter' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  },
);

test(
  'a player of another level asks to join; the organiser accepts from the match page',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Demande');
    const organiser = await app.registerPlayer(uniquePlayer('Olivia'));
    const asker = await app.registerPlayer(uniquePlayer('Hugo'));
    await asker.api.users.update.mutate({ name: asker.name, level: 'Niveau 7' });
    const schedule = await organiser.api.matches.schedule.query();
    const match = await organiser.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 2,
    });

    const { page } = await loginAs(asker, `/matches/${match.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await expect(page.getByRole('button', { name: 'Rejoindre', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: MSG.room.requestButton }).click();
    const dialog = page.getByRole('dialog', { name: MSG.room.requestTitle });
    await dialog.getByLabel(MSG.room.requestMessageLabel).fill('Je m’adapte à tous les niveaux');
    await checkA11y(page, 'request to join (dialog)');
    await dialog.getByRole('button', { name: MSG.room.requestSend }).click();
    await expectText(page, MSG.room.requestSent);
    await page.getByText(MSG.room.requestPending).waitFor();

    const { page: orga } = await loginAs(organiser, `/matches/${match.id}`);
    const requests = orga.getByRole('region', { name: MSG.room.requestsTitle });
    await requests.getByText('Je m’adapte à tous les niveaux').waitFor();
    await checkA11y(orga, 'match page (pending requests)');
    await requests.getByRole('button', { name: /^Accepter la demande de Hugo/ }).click();
    await expectText(orga, MSG.room.acceptedJoined);
    await orga
      .getByRole('region', { name: 'Joueurs' })
      .getByText(/^Hugo /)
      .waitFor();
    await expect(requests).toHaveCount(0);
    // The asker's page follows live: they are in.
    await page.getByRole('button', { name: 'Quitter' }).waitFor({ timeout: 15_000 });
  },
);
