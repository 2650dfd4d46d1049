import type { Page } from '@playwright/test';
import { EVENING_TEXT, EVENING_UI, myNextGame } from '../../../common/messages-evenings';
import { createPlace, expectText, uniquePlayer, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { expectNoSideScroll, keepScreenshot } from './helpers';

/** Fifteen players besides the organiser, with first names that tell them apart (« Julie 0. »). */
const FIRST_NAMES = [
  'Julie',
  'Marc',
  'Léo',
  'Emma',
  'Hugo',
  'Chloé',
  'Louis',
  'Inès',
  'Jules',
  'Manon',
  'Paul',
  'Sarah',
  'Nina',
  'Théo',
  'Zoé',
];

/** The docs' screenshots are of the narrow phone; other screens keep theirs with the test's artifacts. */
async function screenshot(page: Page, screen: string, name: string) {
  if (screen === '360x740')
    await page.screenshot({ path: `docs/screenshots/${name}-360.png`, fullPage: true });
  else await keepScreenshot(page, `${name}-${screen}`);
}

/**
 * Issue 40 in a real browser: the organiser creates an Americano evening of 16 players on 4 courts
 * from « Créer », fifteen players sign up, the organiser starts it; a player sees « Mon prochain
 * match », enters the score of their game, and the organiser's page shows it at once (live), in the
 * round and in the table. Nothing is wider than the screen, on the narrow phone as on a desktop.
 */
test(
  'an evening from « Créer » to a live score on the organiser’s screen',
  ON.narrowPhoneAndDesktop,
  async ({ app, admin, loginAs, screenName }) => {
    // Sixteen players registered one by one, two browsers: longer than a one-match journey.
    test.setTimeout(240_000);
    const place = await createPlace(admin, 'Club Soirée');
    const organiser = await app.registerPlayer(uniquePlayer('Olivia'));
    // One after the other: registrations hash a PIN each, and the server is shared with other journeys.
    const players: TestPlayer[] = [];
    for (const first of FIRST_NAMES) players.push(await app.registerPlayer(uniquePlayer(first)));
    // « Créer » → « Soirée »: the match form's place, day, time and levels, then the evening's own fields.
    const { page } = await loginAs(organiser, '/create-match');
    // A fresh browser on a busy shared server: the app's first load may take a while.
    const firstLoad = { timeout: 30_000 };
    await page.getByRole('heading', { level: 1, name: 'Créer un match' }).waitFor(firstLoad);
    await page
      .getByRole('radiogroup', { name: EVENING_UI.kindLabel })
      .getByRole('radio', { name: EVENING_UI.kindEvening })
      .click();
    await page.getByRole('heading', { level: 1, name: EVENING_UI.createTitle }).waitFor();
    const formats = page.getByRole('radiogroup', { name: EVENING_UI.formatLabel });
    const pairing = page.getByRole('radiogroup', { name: EVENING_UI.pairingLabel });
    // How the table pairs is a Mexicano's setting only; what a sit-out counts is every format's.
    await formats.getByRole('radio', { name: 'Mexicano' }).click();
    await pairing.waitFor();
    await formats.getByRole('radio', { name: 'Americano' }).click();
    await expect(pairing).toHaveCount(0);
    await expect(
      page
        .getByRole('radiogroup', { name: EVENING_UI.sitOutLabel })
        .getByRole('radio', { name: EVENING_UI.sitOutRules.average }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Lieu').selectOption({ label: `${place.name} — ${place.city}` });
    await page
      .getByRole('radiogroup', { name: 'Jours disponibles' })
      .getByRole('radio')
      .nth(1)
      .click();
    await page.getByRole('radio', { name: '19:00', exact: true }).click();
    await page
      .getByRole('radiogroup', { name: EVENING_UI.courtsLabel })
      .getByRole('radio', { name: '4', exact: true })
      .click();
    await page.getByLabel(EVENING_UI.capLabel).fill('16');
    await expect(
      page
        .getByRole('radiogroup', { name: EVENING_UI.pointsLabel })
        .getByRole('radio', { name: '24' }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: /^Niveau 3\b/ }).click();
    await page.getByLabel(EVENING_UI.competitive).check();
    await page.getByLabel(EVENING_UI.priceLabel).fill('8');
    await expect(page.getByLabel(EVENING_UI.organiserPlays)).toBeChecked();
    await expectNoSideScroll(page, 'create evening');
    await checkA11y(page, `create evening (${screenName})`);
    await page.getByRole('button', { name: EVENING_UI.submit }).click();

    await page.waitForURL(/\/soirees\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expectText(page, EVENING_TEXT.created);
    await page.getByRole('heading', { level: 1, name: `Americano · ${place.name}` }).waitFor();
    await page.getByRole('heading', { name: EVENING_UI.playersTitle(1, 16) }).waitFor();
    await expect(page.getByRole('link', { name: EVENING_UI.addToCalendar })).toHaveAttribute(
      'href',
      `/api/matches/${id}/calendar.ics`,
    );

    // Fifteen sign-ups through the API: the organiser's page counts them live.
    for (const p of players) await p.api.evenings.join.mutate({ id });
    await page.getByRole('heading', { name: EVENING_UI.playersTitle(16, 16) }).waitFor();
    await page.getByRole('button', { name: EVENING_UI.start }).click();
    await expectText(page, EVENING_TEXT.started);
    const round = page.getByRole('region', { name: EVENING_UI.roundTitle(1) });
    await expect(round.getByRole('listitem')).toHaveCount(4);
    // « Tour suivant » before the scores are in: the server's French refusal.
    await round.getByRole('button', { name: EVENING_UI.nextRound }).click();
    await expectText(page, EVENING_TEXT.scoresMissing(4));

    // A player of a court the organiser does not play on.
    const evening = await organiser.api.evenings.byId.query({ id });
    const name = (userId: number) => evening.players.find((p) => p.user_id === userId)!.name;
    const game = evening.rounds[0]!.games.find((g) => !g.teams.flat().includes(organiser.id))!;
    const [me, partner] = game.teams[0];
    const [a, b] = game.teams[1];
    const player = players.find((p) => p.id === me)!;
    const { page: phone } = await loginAs(player, `/soirees/${id}`);
    const next = phone.getByRole('region', { name: EVENING_UI.nextGameTitle });
    await next.waitFor(firstLoad);
    await expect(next.getByText(/^Mon prochain match\s*:/)).toHaveText(
      myNextGame(game.court, name(partner), name(a), name(b)).replace(' :', '\u00a0:'),
    );
    const ours = EVENING_UI.scoreFor(EVENING_UI.team(name(me), name(partner)));
    const theirs = EVENING_UI.scoreFor(EVENING_UI.team(name(a), name(b)));
    await next.getByLabel(ours).fill('15');
    // Americano: the two scores add up to the points per game, the other one fills itself in.
    await expect(next.getByLabel(theirs)).toHaveValue('9');
    await expectNoSideScroll(phone, 'evening (player)');
    await checkA11y(phone, `evening, my next game (${screenName})`);
    await screenshot(phone, screenName, 'evening-player');
    await next.getByRole('button', { name: EVENING_UI.saveScore }).click();
    await expectText(phone, EVENING_TEXT.scoreSaved);

    // The organiser's page shows it without reloading: in the round and in the table.
    await expect(round.getByLabel(ours)).toHaveValue('15');
    await expect(round.getByLabel(theirs)).toHaveValue('9');
    const table = page.getByRole('region', { name: EVENING_UI.standingsTitle });
    await expect(
      table.getByRole('row', { name: new RegExp(`^[12] ${name(me)} 15 1 1 \\+6$`) }),
    ).toBeVisible();
    await page.getByRole('alert').getByRole('button').first().click();
    await expectNoSideScroll(page, 'evening (organiser)');
    await checkA11y(page, `evening, organiser (${screenName})`);
    await screenshot(page, screenName, 'evening-organiser');
  },
);
