import type { Page } from '@playwright/test';
import { MSG } from '../../../common/messages';
import { frenchTypography as fr } from '../../../common/typography';
import { createPlace, uniquePlayer, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll } from './helpers';

/** A group run by `organiser` with `friend` in it (joined through the invite link's token). */
async function groupOf(organiser: TestPlayer, friend: TestPlayer, name: string) {
  const g = await organiser.api.groups.create.mutate({ name });
  await friend.api.groups.join.mutate({ token: g.invite_token });
  return g;
}
const chatOf = (page: Page) => page.getByRole('region', { name: MSG.chat.groupTitle });
/** The messages alone: the sender's draft may still hold the text when its message comes in live. */
const messagesOf = (page: Page) => page.getByRole('log', { name: MSG.chat.groupTitle });

/**
 * Journey: two members of a group chat on their phones, each in their own browser, on the group
 * page: what one sends appears by itself on the other's page; the chat says who joined; back on
 * « Groupes », a message written meanwhile shows as unread.
 */
test('two members chat live on the group page', ON.phone, async ({ app, loginAs }) => {
  const organiser = await app.registerPlayer(uniquePlayer('Olga'));
  const friend = await app.registerPlayer(uniquePlayer('Julie'));
  const g = await groupOf(organiser, friend, 'Les mardis soir');

  const { page: olga } = await loginAs(organiser, `/groups/${g.id}`);
  const { page: julie } = await loginAs(friend, `/groups/${g.id}`);
  for (const page of [olga, julie])
    await expect(chatOf(page).getByText('Julie a rejoint le groupe')).toBeVisible();

  const olgaBox = chatOf(olga).getByLabel(MSG.chat.draftLabel);
  await olgaBox.fill('Qui joue mardi ?');
  await olgaBox.press('Enter');
  await expect(olgaBox).toHaveValue('');
  await expect(chatOf(julie).getByText('Qui joue mardi ?')).toBeVisible();

  const julieBox = chatOf(julie).getByLabel(MSG.chat.draftLabel);
  await julieBox.fill('Moi !');
  await julieBox.press('Shift+Enter');
  await julieBox.pressSequentially('Terrain : https://example.org/terrain');
  await julieBox.press('Enter');
  const reply = chatOf(olga).locator('.chat-message', { hasText: 'Moi !' });
  await expect(reply.locator('.chat-text')).toHaveText(
    'Moi !\nTerrain : https://example.org/terrain',
  );
  await expect(reply.getByRole('link', { name: 'https://example.org/terrain' })).toHaveAttribute(
    'rel',
    'noopener nofollow ugc',
  );
  await expect(reply.getByRole('button', { name: MSG.chat.report })).toBeVisible();
  await checkA11y(olga, 'group page with its chat');
  for (const [page, who] of [
    [olga, 'organiser'],
    [julie, 'member'],
  ] as const)
    await expectNoSideScroll(page, `group page with its chat (${who})`);

  // Olga goes to « Groupes »; Julie writes meanwhile: it shows there as unread.
  await olga.goto('/groups');
  await olga.getByRole('heading', { level: 1, name: 'Groupes' }).waitFor();
  await julieBox.fill('Je réserve le terrain.');
  await julieBox.press('Enter');
  await expect(messagesOf(julie).getByText('Je réserve le terrain.')).toBeVisible();
  await olga.reload();
  const badge = olga.getByRole('link', { name: MSG.chat.unread(1) });
  await expect(badge).toBeVisible();
  await checkA11y(olga, 'groups with an unread chat');
  await badge.click();
  await expect(chatOf(olga).getByText('Je réserve le terrain.')).toBeVisible();
});

/**
 * Journey: two members on the same poll; one answers and the other's counts change by themselves
 * (no reload, no polling); the « oui » that makes the match shows on both pages.
 */
test(
  'poll counts change live when another member answers',
  ON.phone,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Sondage');
    const organiser = await app.registerPlayer(uniquePlayer('Paul'));
    const friend = await app.registerPlayer(uniquePlayer('Nina'));
    const g = await groupOf(organiser, friend, 'Sondage en direct');
    const { createDates } = await organiser.api.matches.schedule.query();
    const poll = await organiser.api.groups.createPoll.mutate({
      id: g.id,
      slots: [
        { place_id: place.id, date: createDates[3]!, time: '18:00' },
        { place_id: place.id, date: createDates[4]!, time: '18:00' },
      ],
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      size: 2,
    });

    const { page: paul } = await loginAs(organiser, `/polls/${poll.id}`);
    const { page: nina } = await loginAs(friend, `/polls/${poll.id}`);
    const firstSlot = (page: Page) =>
      page.getByRole('region').filter({ hasText: 'Oui : ' }).first();
    for (const page of [paul, nina])
      await expect(firstSlot(page).getByText('Oui : 0 · Non : 0 · Peut-être : 0')).toBeVisible();

    await firstSlot(nina).getByRole('radio', { name: 'oui' }).click();
    // Pushed, not polled: well within the 5 s the page used to wait between two reads.
    await expect(firstSlot(paul).getByText('Oui : 1 · Non : 0 · Peut-être : 0')).toBeVisible({
      timeout: 4000,
    });
    await firstSlot(paul).getByRole('radio', { name: 'non' }).click();
    await expect(firstSlot(nina).getByText('Oui : 1 · Non : 1 · Peut-être : 0')).toBeVisible({
      timeout: 4000,
    });
    await checkA11y(paul, 'poll with live counts');
    await expectNoSideScroll(paul, 'poll with live counts');

    // Paul says « oui » after all: the second « oui » makes the match, on Nina's page too.
    await firstSlot(paul).getByRole('radio', { name: 'oui' }).click();
    await expect(nina.getByText(fr('Assez de « oui » : le match est créé.'))).toBeVisible({
      timeout: 4000,
    });
    await expect(nina.getByRole('link', { name: 'Voir le match' })).toBeVisible();
  },
);

/**
 * The group page with its chat fits a small phone and a desktop: long words and links wrap,
 * nothing scrolls sideways. Screenshots are kept under /tmp to be looked at.
 */
test(
  'the group page with its chat fits the screen',
  { tag: ['@360x740', '@1280x800'] },
  async ({ app, admin, loginAs, screenName }) => {
    const place = await createPlace(admin, 'Club Largeur');
    const organiser = await app.registerPlayer(uniquePlayer('Maximilienne'));
    const friend = await app.registerPlayer(uniquePlayer('Bartholomé'));
    const g = await groupOf(organiser, friend, 'Les joueuses et joueurs du jeudi soir à Lyon');
    const { createDates } = await organiser.api.matches.schedule.query();
    await organiser.api.groups.createMatch.mutate({
      id: g.id,
      place_id: place.id,
      date: createDates[2]!,
      time: '19:00',
      levels: ['Niveau 3'],
      slots: 3,
      group_only: true,
    });
    await friend.api.chat.post.mutate({
      id: g.id,
      room: 'group',
      text: 'Réservation : https://example.org/reservations/terrain-numero-quatre-du-club-de-lyon-centre?jour=jeudi&heure=19h00',
    });
    await organiser.api.chat.post.mutate({
      id: g.id,
      room: 'group',
      text: `Anticonstitutionnellement${'e'.repeat(40)} : un mot très long pour voir.\nEt une deuxième ligne.`,
    });
    const { page } = await loginAs(organiser, `/groups/${g.id}`);
    await expect(chatOf(page).getByText('Et une deuxième ligne.', { exact: false })).toBeVisible();
    await expect(chatOf(page).getByText(/Nouveau match pour le groupe/)).toBeVisible();
    await expectNoSideScroll(page, `group page with its chat (${screenName})`);
    await checkA11y(page, `group page with its chat (${screenName})`);
    await page.screenshot({ path: `/tmp/group-chat-${screenName}.png`, fullPage: true });
    await chatOf(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/group-chat-${screenName}-chat.png` });
  },
);

/**
 * A member reports a message of the group's chat; the admin finds it among « Messages signalés »
 * (Administration → Notifications), with its group, and deletes it: the members then read
 * « Message supprimé ».
 */
test(
  'a reported group message reaches the admin, who deletes it',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const organiser = await app.registerPlayer(uniquePlayer('Irène'));
    const friend = await app.registerPlayer(uniquePlayer('Hector'));
    const g = await groupOf(organiser, friend, 'Modération');
    const rude = `Message déplacé ${Date.now()}`;
    const said = await friend.api.chat.post.mutate({ id: g.id, room: 'group', text: rude });
    await organiser.api.chat.report.mutate({ id: g.id, room: 'group', messageId: said.id });

    const { page } = await loginAs(admin, '/admin');
    await page.getByRole('tab', { name: 'Notifications', exact: true }).click();
    const reports = page.getByRole('region', { name: MSG.chat.adminReports });
    const entry = reports
      .getByRole('listitem')
      // « Groupe n° 3 · » and not « Groupe n° 31 »: other journeys report messages on this server.
      .filter({ hasText: `${MSG.chat.adminRoom('group', g.id)} ·` });
    await expect(entry).toContainText(rude);
    await checkA11y(page, 'reported messages with a group message');
    await entry.getByRole('button', { name: MSG.chat.delete }).click();
    await expect(reports.getByText(MSG.chat.adminDeleted)).toBeVisible();
    await expect(entry).toContainText(MSG.chat.deletedText);

    const { page: irene } = await loginAs(organiser, `/groups/${g.id}`);
    await expect(chatOf(irene).getByText(MSG.chat.deletedText)).toBeVisible();
    await expect(chatOf(irene).getByText(rude)).toHaveCount(0);
  },
);
