import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journey: two players look at the same match page in two browsers; when one joins, the other's
 * page shows the new free places and the new player without reloading (live updates over SSE).
 */
test(
  'a join in one browser appears on the same match page in another, without reloading',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Direct');
    const creator = await app.registerPlayer(uniquePlayer('Diane'));
    const joiner = await app.registerPlayer(uniquePlayer('Jules'));
    const watcher = await app.registerPlayer(uniquePlayer('Wilfried'));
    const schedule = await creator.api.matches.schedule.query();
    const match = await creator.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 3,
    });

    const one = await loginAs(joiner, `/matches/${match.id}`);
    const two = await loginAs(watcher, `/matches/${match.id}`);
    for (const { page } of [one, two]) await page.getByText('3 places disponibles').waitFor();
    // Whatever the watcher's page does from now on, it must not load the page again.
    let reloaded = false;
    two.page.on('framenavigated', (frame) => {
      if (frame === two.page.mainFrame()) reloaded = true;
    });

    await one.page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    // A player without a level is asked for it first.
    await one.page.getByRole('button', { name: 'Enregistrer et rejoindre' }).click();
    await one.page.getByText('2 places disponibles').waitFor();

    await expect(two.page.getByText('2 places disponibles')).toBeVisible({ timeout: 10_000 });
    const [first] = joiner.name.split(' ');
    await expect(two.page.getByText(new RegExp(`${first} `)).first()).toBeVisible();
    expect(reloaded).toBe(false);

    // And back: the joiner leaves through the API, the watcher's page follows.
    await joiner.api.matches.leave.mutate({ id: match.id });
    await expect(two.page.getByText('3 places disponibles')).toBeVisible({ timeout: 10_000 });
    expect(reloaded).toBe(false);
  },
);
