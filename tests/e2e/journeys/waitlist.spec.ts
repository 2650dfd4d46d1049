import { MSG } from '../../../common/messages';
import { createPlace, expectText, findAt, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journey: a full match offers its waiting list; when a player leaves, the first waiting player
 * gets the place at once, sees the match in "Mes matchs" and is told by e-mail (the server's own
 * outbox worker sends it).
 */
test(
  'a full match offers the waiting list; after a leave the waiting player plays',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Attente');
    const creator = await app.registerPlayer(uniquePlayer('Claire'));
    const first = await app.registerPlayer(uniquePlayer('Paul'));
    const waiting = await app.registerPlayer(uniquePlayer('Wanda'));
    const schedule = await creator.api.matches.schedule.query();
    const match = await creator.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 1,
    });
    await first.api.matches.join.mutate({ id: match.id });

    const { page } = await loginAs(waiting, '/find-match');
    await findAt(page, waiting, place.id);
    const card = page.getByRole('article', { name: place.name });
    await card.getByRole('button', { name: MSG.match.full }).waitFor();
    await card.getByRole('button', { name: MSG.waitlist.join }).click();
    await expectText(page, MSG.waitlist.joined(1));
    await card.getByText(MSG.waitlist.position(1)).waitFor();
    await checkA11y(page, 'find match (on the waiting list)');

    await first.api.matches.leave.mutate({ id: match.id });
    await page.goto('/my-matches');
    const mine = page.getByRole('article', { name: place.name });
    await mine.waitFor();
    await expect.poll(() => mine.textContent()).toContain('18:00');

    const promoted = async () =>
      (await app.mail.mails()).filter(
        (m) =>
          m.to.includes(waiting.email.toLowerCase()) && m.text.includes(MSG.notify.promotedSubject),
      );
    await expect.poll(async () => (await promoted()).length, { timeout: 20_000 }).toBe(1);
    expect((await promoted())[0]!.text).toContain(`/matches/${match.id}`);
  },
);
