import { MSG } from '../../../common/messages';
import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { box, expectInViewAndOnTop, expectNoSideScroll, keepScreenshot, matchOf } from './helpers';

/**
 * Issue 38, items 13 and 14, on every screen (360, 390 and 1280 px): the admin's tabs all in sight,
 * a request's message on full lines, the join notice leaving the chat's « Envoyer » reachable, and
 * the groups screens built from the match forms' parts.
 */
test(
  'admin: every tab in sight on one screen; the notifications tab fits',
  ON.everyScreen,
  async ({ admin, loginAs, screenName: screen }) => {
    const { page } = await loginAs(admin, '/admin');
    const strip = page.getByRole('tablist', { name: "Sections de l'administration" });
    const tabs = strip.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(11);
    const width = page.viewportSize()!.width;
    const stripBox = await box(strip);
    for (let i = 0; i < 11; i += 1) {
      const tab = await box(tabs.nth(i));
      // Wholly inside the strip and the screen: nothing cut, nothing scrolled out of sight.
      expect(tab.x).toBeGreaterThanOrEqual(stripBox.x);
      expect(tab.x + tab.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
      expect(tab.x + tab.width).toBeLessThanOrEqual(width);
    }
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await keepScreenshot(page, `layout-admin-tabs-${screen}`);

    await strip.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('heading', { level: 2, name: 'Notifications' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSideScroll(page, 'admin: notifications');
    await keepScreenshot(page, `layout-admin-notifications-${screen}`);

    await strip.getByRole('tab', { name: 'Tableau de bord' }).click();
    await page.waitForLoadState('networkidle');
    await expectNoSideScroll(page, 'admin: dashboard');
    // « Notifications par canal » shows all its columns, none scrolled out of its card.
    const byChannel = page.getByRole('table', { name: 'Notifications par canal' });
    await byChannel.waitFor();
    expect(
      await byChannel.evaluate(
        (el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth,
      ),
    ).toBe(true);
    const lastTitle = await box(byChannel.getByRole('columnheader').last());
    expect(lastTitle.x + lastTitle.width).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `layout-admin-dashboard-${screen}`);
  },
);

test(
  'match page: a request reads on full lines; after joining, the notice leaves « Envoyer » reachable',
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Mise en page');
    const organiser = await app.registerPlayer(uniquePlayer('Odile'));
    const asker = await app.registerPlayer(uniquePlayer('Hugo'));
    const joiner = await app.registerPlayer(uniquePlayer('Julie'));
    await asker.api.users.update.mutate({ name: asker.name, level: 'Niveau 7' });
    await joiner.api.users.update.mutate({ name: joiner.name, level: 'Niveau 3' });
    const match = await matchOf(organiser, place.id, 3);
    const message =
      'Bonjour, je joue en Niveau 7 mais je m’adapte volontiers au niveau de votre groupe.';
    await asker.api.matches.request.mutate({ id: match.id, message });

    const { page } = await loginAs(organiser, `/matches/${match.id}`);
    const requests = page.getByRole('region', { name: MSG.room.requestsTitle });
    const text = requests.getByText(message, { exact: false });
    await text.waitFor();
    await page.waitForLoadState('networkidle');
    // The message takes the card's width (it had a 50 px column at 360 px, « nivea u »).
    const row = await box(requests.getByRole('listitem'));
    const line = await box(text);
    expect(line.width).toBeGreaterThanOrEqual(Math.min(row.width - 1, 240));
    await expectNoSideScroll(page, 'match page (request)');
    await checkA11y(page, `match page (request, ${screen})`);
    await keepScreenshot(page, `layout-request-${screen}`);

    const { page: player } = await loginAs(joiner, `/matches/${match.id}`);
    await player.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    const notice = player.getByText(MSG.match.joined);
    await notice.waitFor();
    const send = player.getByRole('button', { name: MSG.chat.send });
    await player.getByLabel(MSG.chat.draftLabel).fill('Salut à tous !');
    // While the notice shows, « Envoyer » is what a tap at its centre hits, wherever the player
    // has it: at the end of the page, or just above the bottom edge of the screen.
    await player.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(notice).toBeVisible();
    await expectInViewAndOnTop(player, send);
    await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect(notice).toBeVisible();
    await expectInViewAndOnTop(player, send);
    await expectNoSideScroll(player, 'match page (joined, notice)');
    await keepScreenshot(player, `layout-joined-notice-${screen}`);
    // The screen as the player sees it (a full-page shot draws the sticky bar mid-page).
    await player.screenshot({
      path: `test-artifacts/e2e/screens/layout-joined-screen-${screen}.png`,
    });
  },
);

test(
  'groups: the poll form uses the day strip and time slots; cards are spaced; answers are large',
  ON.everyScreen,
  async ({ app, admin, loginAs, screenName: screen }) => {
    const place = await createPlace(admin, 'Club Sondage Page');
    const organiser = await app.registerPlayer(uniquePlayer('Gaspard'));
    const group = await organiser.api.groups.create.mutate({ name: 'Les jeudis midi' });
    const { createDates } = await organiser.api.matches.schedule.query();
    const poll = await organiser.api.groups.createPoll.mutate({
      id: group.id,
      slots: [
        { place_id: place.id, date: createDates[3]!, time: '12:00' },
        { place_id: place.id, date: createDates[4]!, time: '12:30' },
      ],
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      size: 2,
    });

    const { page } = await loginAs(organiser, `/groups/${group.id}`);
    await page.getByRole('heading', { level: 1, name: 'Les jeudis midi' }).waitFor();
    await page.getByText('Nouveau sondage').click();
    const form = page.getByRole('form', { name: 'Nouveau sondage' });
    await form.getByRole('radio', { name: '19:00', exact: true }).first().waitFor();
    await expect(form.locator('input[type="date"], input[type="time"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    // Cards never touch: each starts at least 12 px below the previous one.
    const cards = page.locator('.group-page > .card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 1; i < count; i += 1) {
      const above = await box(cards.nth(i - 1));
      const below = await box(cards.nth(i));
      expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(12);
    }
    await expectNoSideScroll(page, 'group page (poll form)');
    await checkA11y(page, `group page (poll form, ${screen})`);
    await keepScreenshot(page, `layout-group-poll-form-${screen}`);

    await page.goto(`/polls/${poll.id}`);
    const first = page.getByRole('region').filter({ hasText: 'Oui : ' }).first();
    const yes = first.getByRole('radio', { name: 'Oui' });
    await yes.waitFor();
    // A labelled target of at least 44 px, the whole label clickable.
    const target = await box(first.locator('label.poll-choice').first());
    expect(target.height).toBeGreaterThanOrEqual(44);
    await first.getByText('Peut-être', { exact: true }).click();
    await expect(first.getByRole('radio', { name: 'Peut-être' })).toBeChecked();
    await expectNoSideScroll(page, 'poll page');
    await checkA11y(page, `poll page (${screen})`);
    await keepScreenshot(page, `layout-poll-${screen}`);
  },
);
