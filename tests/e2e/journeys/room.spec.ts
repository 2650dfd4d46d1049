import type { Locator } from '@playwright/test';
import { MSG } from '../../../common/messages';
import { createPlace, expectText, findAt, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { box, expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Journeys of the match room (issue 25): a private match is absent from "Trouver un match" but
 * opens, and can be joined, through its link; a player of another level asks to join and the
 * organiser accepts from the match page; on the narrowest phone and on a desktop, the Trouver card
 * of a match for other levels asks instead of joining, and says when the request waits.
 */

/** The button lies wholly inside its card and its label is not cut. */
async function expectWhole(card: Locator, button: Locator) {
  const [c, b] = [await box(card), await box(button)];
  expect(b.x).toBeGreaterThanOrEqual(c.x);
  expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
  expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}
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
      // A live refresh (another journey cancels a match) can leave no next page between the look
      // and the click: the button then goes, and the loop looks again.
      await more.click({ timeout: 2_000 }).catch(() => undefined);
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

test(
  'Trouver: a card of other levels offers "Demander à rejoindre", then says the request waits',
  ON.narrowPhoneAndDesktop,
  async ({ app, admin, loginAs, screenName }) => {
    const place = await createPlace(admin, 'Club Carte');
    const organiser = await app.registerPlayer(uniquePlayer('Odile'));
    const asker = await app.registerPlayer(uniquePlayer('Hugo'));
    await asker.api.users.update.mutate({ name: asker.name, level: 'Niveau 7' });
    const { createDates } = await organiser.api.matches.schedule.query();
    const base = {
      place_id: place.id,
      date: createDates[1]!,
      levels: ['Niveau 3', 'Niveau 4'],
      slots: 3,
    };
    const other = await organiser.api.matches.create.mutate({ ...base, time: '18:00' });
    await organiser.api.matches.create.mutate({ ...base, time: '19:00', levels: ['Niveau 7'] });
    await organiser.api.matches.create.mutate({ ...base, time: '20:00', open_levels: true });

    const { page } = await loginAs(asker, '/find-match');
    await findAt(page, asker, place.id);
    const cards = page.getByRole('article', { name: place.name });
    await expect.poll(() => cards.count()).toBe(3);
    const card = (time: string) => cards.filter({ hasText: time });
    const rejoindre = (c: Locator) => c.getByRole('button', { name: 'Rejoindre', exact: true });
    // Other levels: ask. The player's own level, or a match open to all levels: join.
    await expect(rejoindre(card('18:00'))).toHaveCount(0);
    const ask = card('18:00').getByRole('button', { name: MSG.room.requestButton });
    await expect(ask).toBeEnabled();
    await expect(rejoindre(card('19:00'))).toBeEnabled();
    await expect(rejoindre(card('20:00'))).toBeEnabled();
    await expectWhole(card('18:00'), ask);
    await expectNoSideScroll(page, `Trouver (${screenName})`);
    await keepScreenshot(page, `room-card-request-${screenName}`);
    await checkA11y(page, `find match, a card of other levels (${screenName})`);

    await ask.click();
    const dialog = page.getByRole('dialog', { name: MSG.room.requestTitle });
    await expect(dialog).toContainText('Niveau 3–4');
    await dialog.getByLabel(MSG.room.requestMessageLabel).fill('Je joue en Niveau 7, je m’adapte');
    await expectNoSideScroll(page, `request dialog (${screenName})`);
    await checkA11y(page, `request dialog from a card (${screenName})`);
    await dialog.getByRole('button', { name: MSG.room.requestSend }).click();
    await expectText(page, MSG.room.requestSent);
    await expect(dialog).toHaveCount(0);
    const waiting = card('18:00').getByRole('button', { name: MSG.room.requestPendingShort });
    await expect(waiting).toBeDisabled();
    await expectWhole(card('18:00'), waiting);
    await expectNoSideScroll(page, `Trouver, request sent (${screenName})`);
    await keepScreenshot(page, `room-card-requested-${screenName}`);
    await checkA11y(page, `find match, request sent (${screenName})`);

    // The organiser has it, message included; read again, the card still says it waits.
    const seen = await organiser.api.matches.byId.query({ id: other.id });
    expect(seen.requests.map((r) => [r.first_name, r.message])).toEqual([
      ['Hugo', 'Je joue en Niveau 7, je m’adapte'],
    ]);
    await page.reload();
    await expect(
      card('18:00').getByRole('button', { name: MSG.room.requestPendingShort }),
    ).toBeDisabled();
  },
);

test(
  'the organiser makes a private match with a reserved seat through the form; its page shows both',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Invités');
    const organiser = await app.registerPlayer(uniquePlayer('Paula'));
    const { page } = await loginAs(organiser, '/create-match');
    await page.getByRole('heading', { level: 1, name: 'Créer un match' }).waitFor();
    await page.getByLabel('Lieu').selectOption({ label: `${place.name} — ${place.city}` });
    await page
      .getByRole('radiogroup', { name: 'Jours disponibles' })
      .getByRole('radio')
      .nth(1)
      .click();
    await page.getByRole('radio', { name: '18:00', exact: true }).click();
    await page.getByRole('button', { name: '3 places', exact: true }).click();
    await page.getByRole('button', { name: /^Niveau 3\b/ }).click();
    await page.getByRole('radio', { name: MSG.room.private }).check();
    await page.getByLabel(MSG.room.openLevelsLabel).check();
    await page.getByRole('button', { name: MSG.room.guestAdd }).click();
    await page.getByLabel(MSG.room.guestNameLabel(1)).fill('Marc');
    await expectNoSideScroll(page, 'create match with the room filled (390x844)');
    await checkA11y(page, 'create match (private, reserved seat)');
    await page.getByRole('button', { name: 'Créer le match' }).click();
    await page.getByRole('heading', { name: MSG.match.created }).waitFor();

    const { matches } = await organiser.api.matches.mine.query();
    const made = matches.find((m) => m.place_id === place.id)!;
    expect(made).toMatchObject({ open_levels: true, missing_players: 2 });
    await page.goto(`/matches/${made.id}`);
    await page.getByRole('heading', { level: 1, name: place.name }).waitFor();
    await expect(page.getByText(MSG.room.privateTag)).toBeVisible();
    await expect(page.getByText(MSG.room.guestOf('Paula'))).toBeVisible();
    await checkA11y(page, 'match page (private, reserved seat, organiser)');
  },
);
