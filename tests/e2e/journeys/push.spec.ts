import { MSG } from '../../../common/messages';
import { createPlace, findAt, setLevelFirst, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll } from './helpers';

/**
 * Journey: Web Push as far as headless Chromium goes. It has the Push API but no push service, so
 * `pushManager.subscribe` rejects: the app must ask at the right moment (after a first join, not
 * on page load), explain the failure in French, and store nothing on the server.
 */
test(
  'after a first join the app offers push; where the browser cannot subscribe it explains why and stores nothing',
  ON.phones,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Push');
    const creator = await app.registerPlayer(uniquePlayer('Pia'));
    const player = await app.registerPlayer(uniquePlayer('Noé'));
    const schedule = await creator.api.matches.schedule.query();
    await creator.api.matches.create.mutate({
      place_id: place.id,
      date: schedule.createDates[1]!,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 2,
    });

    // The permission is granted up front, so the flow reaches `subscribe` (the part that fails here).
    const { page } = await loginAs(player, '/find-match', {
      permissions: ['notifications'],
      askPush: true,
    });
    await findAt(page, player, place.id);
    // Never on page load.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const card = page.getByRole('article', { name: place.name });
    await card.getByRole('button', { name: 'Rejoindre' }).click();
    await setLevelFirst(page);
    const prompt = page.getByRole('dialog', { name: MSG.push.promptTitle });
    await prompt.waitFor();
    await checkA11y(page, 'push prompt');
    // The service worker is there: what fails below is the browser's subscription, not a missing worker.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await prompt.getByRole('button', { name: MSG.push.promptAccept }).click();
    await expect(prompt.getByRole('alert')).toContainText(MSG.push.subscribeFailed, {
      timeout: 30_000,
    });
    await prompt.getByRole('button', { name: MSG.push.promptDone }).click();
    await prompt.waitFor({ state: 'detached' });

    // Nothing reached the server, and the browser holds no subscription.
    const exported = await player.api.users.exportData.query({ id: player.id });
    expect(exported.push_subscriptions).toEqual([]);
    const held = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return Boolean(await reg?.pushManager.getSubscription());
    });
    expect(held).toBe(false);

    // The profile offers the switch, with the same explanation when it fails.
    await page.goto('/profile');
    const section = page
      .getByRole('region', { name: MSG.push.sectionTitle })
      .or(page.locator('section', { hasText: MSG.push.sectionTitle }));
    const toggle = section.getByRole('checkbox', { name: MSG.push.toggle });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(section.getByRole('alert')).toContainText(MSG.push.subscribeFailed, {
      timeout: 30_000,
    });
    await expect(toggle).not.toBeChecked();
    await expectNoSideScroll(page, 'profile, Sur ce téléphone');
  },
);
