import { MSG } from '../../../common/messages';
import { createPlace, uniquePlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journey: two players of one match chat on their phones, each in their own browser: what one
 * sends appears by itself on the other's open page (the live stream), line breaks kept, links
 * clickable and marked as user content; the system message of the join is there, styled apart.
 */
test('two players chat live on the match page', ON.phone, async ({ app, admin, loginAs }) => {
  const place = await createPlace(admin, 'Club Discussion');
  const organiser = await app.registerPlayer(uniquePlayer('Olga'));
  const player = await app.registerPlayer(uniquePlayer('Julie'));
  const schedule = await organiser.api.matches.schedule.query();
  const match = await organiser.api.matches.create.mutate({
    place_id: place.id,
    date: schedule.createDates[1]!,
    time: '18:00',
    levels: ['Niveau 3'],
    slots: 2,
  });
  await player.api.matches.join.mutate({ id: match.id });

  const { page: olga } = await loginAs(organiser, `/matches/${match.id}`);
  const { page: julie } = await loginAs(player, `/matches/${match.id}`);
  const chatOf = (page: typeof olga) => page.getByRole('region', { name: MSG.chat.title });
  for (const page of [olga, julie])
    await expect(chatOf(page).getByText('Julie a rejoint le match')).toBeVisible();

  // Olga writes; Enter sends. Julie's page shows it without a reload.
  const olgaBox = chatOf(olga).getByLabel(MSG.chat.draftLabel);
  await olgaBox.fill('Qui apporte les balles ?');
  await olgaBox.press('Enter');
  await expect(olgaBox).toHaveValue('');
  await expect(chatOf(julie).getByText('Qui apporte les balles ?')).toBeVisible();

  // Julie answers on two lines (Shift+Enter) with a link.
  const julieBox = chatOf(julie).getByLabel(MSG.chat.draftLabel);
  await julieBox.fill('Moi !');
  await julieBox.press('Shift+Enter');
  await julieBox.pressSequentially('Plan : https://example.org/terrain');
  await julieBox.press('Enter');
  const reply = chatOf(olga).locator('.chat-message', { hasText: 'Moi !' });
  await expect(reply).toBeVisible();
  await expect(reply.locator('.chat-text')).toHaveText('Moi !\nPlan : https://example.org/terrain');
  await expect(reply.getByRole('link', { name: 'https://example.org/terrain' })).toHaveAttribute(
    'rel',
    'noopener nofollow ugc',
  );
  // Others' messages can be reported, one's own edited or deleted.
  await expect(reply.getByRole('button', { name: MSG.chat.report })).toBeVisible();
  const mine = chatOf(olga).locator('.chat-message', { hasText: 'Qui apporte les balles ?' });
  await expect(mine.getByRole('button', { name: MSG.chat.edit })).toBeVisible();

  await checkA11y(olga, 'match page with its chat');
  for (const page of [olga, julie])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
});
