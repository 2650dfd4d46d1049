import { MSG } from '../../../common/messages';
import { createPlace, expectText, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journey: on a phone, the organiser of a full match removes a player with a reason; the first
 * waiting player gets the place at once (their "Mes matchs" shows the match) and the removed player
 * is told by e-mail, reason included (the server's own outbox worker sends it).
 */
test(
  'the organiser removes a player and the waiting list moves up',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Orga');
    const organiser = await app.registerPlayer(uniquePlayer('Olga'));
    const removed = await app.registerPlayer(uniquePlayer('Paul'));
    const waiting = await app.registerPlayer(uniquePlayer('Wanda'));
    const schedule = await organiser.api.matches.schedule.query();
    const match = await organiser.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 1,
    });
    await removed.api.matches.join.mutate({ id: match.id });
    await waiting.api.matches.joinWaitlist.mutate({ id: match.id });

    const { page } = await loginAs(organiser, `/matches/${match.id}`);
    const players = page.getByRole('region', { name: 'Joueurs' });
    await players.getByText(/^Paul /).waitFor();
    await expect(players.getByRole('button', { name: /^Retirer Olga/ })).toHaveCount(0);
    await players.getByRole('button', { name: /^Retirer Paul .* du match$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Retirer Paul .* du match \?$/ });
    const reason = dialog.getByLabel(MSG.match.reasonLabel);
    await expect(reason).toHaveAttribute('placeholder', MSG.match.reasonPlaceholder);
    await reason.fill('Niveau trop éloigné');
    await checkA11y(page, 'match page (remove a player)');
    await dialog.getByRole('button', { name: MSG.match.removeConfirm }).click();
    await expectText(page, MSG.match.removed);
    await expect(dialog).toHaveCount(0);
    // Wanda took Paul's place: the list shows her, the match stays full.
    await players.getByText(/^Wanda /).waitFor();
    await expect(players.getByText(/^Paul /)).toHaveCount(0);
    await expect(page.getByText(MSG.match.full)).toBeVisible();
    // Nothing is wider than the phone, dialog closed or open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const { page: wanda } = await loginAs(waiting, '/my-matches');
    const mine = wanda.getByRole('article', { name: place.name });
    await mine.waitFor();
    await expect.poll(() => mine.textContent()).toContain('18:00');

    const told = async () =>
      (await app.mail.mails()).filter(
        (m) =>
          m.to.includes(removed.email.toLowerCase()) && m.text.includes('Vous avez été retiré'),
      );
    await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
    expect((await told())[0]!.text).toContain('Motif : Niveau trop éloigné');
  },
);
