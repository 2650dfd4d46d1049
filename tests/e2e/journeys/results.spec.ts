import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '../../../common/messages';
import { RESULT_MSG } from '../../../common/results';
import { REASON_MAX } from '../../../common/schemas/matches';
import { localParts } from '../../../common/schedule';
import { createDb } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { matches, matchGuests, matchParticipants, places, users } from '../../../db/schema';
import { hashPin } from '../../../server/lib/pin-hash';
import { createSecrets } from '../../../server/lib/secrets';
import { apiClient, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import type { Locator } from '@playwright/test';
import { expectInViewAndOnTop, expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Journeys of results, on every screen: (1) a match played yesterday; its organiser enters the
 * score on the match page, a player of the other team confirms it, and the organiser's profile
 * shows the result. (2) The same with a reserved-seat guest: the organiser puts Marc, his guest,
 * in his team; the other team's player opens the contest dialog (its buttons in view), then
 * confirms; Marc reads « Marc (invité de Paul) » and is nobody's partner on the profile. (3) The
 * other team's open page shows the entered result without reloading; the organiser reports an
 * absence through its confirmation; « Mon Profil » shows the player's figures.
 * A match in the past cannot be created through the app (nor can the server's clock be moved), so
 * this file runs its own server on a PGlite directory prepared before the start: the players, a
 * place, both matches. Each project (screen) and worker prepares its own.
 */
const APP_SECRET = 'e2e-results-secret-that-is-long-enough-0123';
const PIN = '4826';
let server: ServerProcess;
const people: TestPlayer[] = [];
let matchId = 0;
let guestMatchId = 0;
let liveMatchId = 0;

// Both journeys of a screen share one prepared server: run them one after the other in one worker
// (a worker per test would start a server per test).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // Two PGlite migrations (here and in the server) on a machine the other workers keep busy.
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-results-e2e-'));
  const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  await runMigrations(handle);
  const db = handle.db;
  const pinHash = await hashPin(PIN, createSecrets(APP_SECRET).pinPepper);
  const stamp = Date.now().toString().slice(-6);
  const names = [
    'Olga Martin',
    'Bruno Petit',
    'Chloé Roux',
    'David Noir',
    'Paul Garnier',
    'Emma Blanc',
  ];
  for (const [i, name] of names.entries()) {
    const email = `resultats${i}.${stamp}@example.fr`;
    const [u] = await db
      .insert(users)
      .values({ name, email, phone: `+3361${stamp}${i}0`, level: 'Niveau 3', pinHash })
      .returning({ id: users.id });
    people.push({
      id: u!.id,
      name,
      email,
      phone: '',
      pin: PIN,
      token: '',
      isAdmin: false,
      api: apiClient('http://127.0.0.1'),
    });
  }
  const [place] = await db
    .insert(places)
    .values({ name: 'Club Résultats', address: '1 rue du Padel', city: 'Lyon' })
    .returning({ id: places.id });
  const yesterday = localParts(new Date(Date.now() - 86_400_000), 'Europe/Paris').date;
  const played = async (organiser: TestPlayer, players: TestPlayer[], guests: string[]) => {
    const [m] = await db
      .insert(matches)
      .values({
        placeId: place!.id,
        date: yesterday,
        time: '18:00',
        levels: ['Niveau 3'],
        slots: 3,
        missingPlayers: 0,
        createdBy: organiser.id,
      })
      .returning({ id: matches.id });
    await db
      .insert(matchParticipants)
      .values(players.map((p) => ({ matchId: m!.id, userId: p.id })));
    if (guests.length > 0)
      await db.insert(matchGuests).values(guests.map((name) => ({ matchId: m!.id, name })));
    return m!.id;
  };
  const [olga, bruno, chloe, david, paul, emma] = people as [
    TestPlayer,
    TestPlayer,
    TestPlayer,
    TestPlayer,
    TestPlayer,
    TestPlayer,
  ];
  matchId = await played(olga, [bruno, chloe, david], []);
  guestMatchId = await played(paul, [bruno, david], ['Marc']);
  liveMatchId = await played(olga, [bruno, chloe, emma], []);
  await handle.close();
  server = await startServerProcess({ dataDir, pglite: true, env: { APP_SECRET } });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Sets 1..n of the result form, team 1's games first. */
async function fillSets(panel: Locator, score: number[][]) {
  for (const [i, set] of score.entries())
    for (const [k, games] of set.entries())
      await panel.getByLabel(`Set ${i + 1}, jeux de l’équipe ${k + 1}`).fill(String(games));
}

test(
  'the organiser enters the score, the other team confirms, the profile shows it',
  ON.everyScreen,
  async ({ loginAs, screenName }) => {
    const [olga, , chloe] = [people[0]!, people[1]!, people[2]!];
    const open = (player: TestPlayer, path: string) =>
      loginAs(player, path, { baseURL: server.url });

    const first = await open(olga, `/matches/${matchId}`);
    const panel = first.page.getByRole('region', { name: 'Résultat' });
    await panel.getByText('Saisissez le résultat du match.').waitFor();
    // Default teams: Olga and Bruno against Chloé and David (the players in order).
    await fillSets(panel, [
      [6, 4],
      [3, 6],
      [10, 8],
    ]);
    await checkA11y(first.page, `${screenName} match page (enter a result)`);
    await expectNoSideScroll(first.page, 'result entry');
    await keepScreenshot(first.page, `results-entry-${screenName}`);
    await panel.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await expect(panel.getByText(RESULT_MSG.entered)).toBeVisible();
    await expect(panel.getByText('6-4 3-6 10-8')).toBeVisible();
    await expect(panel.getByText('En attente de confirmation')).toBeVisible();
    await expectNoSideScroll(first.page, 'match page with a result');

    const second = await open(chloe, `/matches/${matchId}`);
    const other = second.page.getByRole('region', { name: 'Résultat' });
    await other.getByRole('button', { name: 'Confirmer le résultat' }).click();
    await expect(other.getByText(RESULT_MSG.confirmed)).toBeVisible();
    await expect(other.getByText('Confirmé', { exact: true })).toBeVisible();
    // Chloé lost: her side reads "— perdu".
    await expect(other.getByText('— perdu')).toBeVisible();
    await checkA11y(second.page, `${screenName} match page (confirmed result)`);

    await second.page.goto(`/joueurs/${olga.id}`);
    await second.page.getByRole('heading', { level: 1, name: 'Olga M.' }).waitFor();
    const last = second.page.getByRole('region', { name: 'Derniers résultats' });
    await expect(last).toContainText('6-4 3-6 10-8');
    await expect(last).toContainText('gagné');
    await expect(second.page.getByText('Niveau 3 — ')).toBeVisible();
    const text = (await second.page.textContent('body')) ?? '';
    expect(text).not.toContain('Martin');
    expect(text).not.toContain('@example.fr');
    await checkA11y(second.page, `${screenName} player profile`);
    await expectNoSideScroll(second.page, 'player profile');
    await keepScreenshot(second.page, `results-profile-${screenName}`);
  },
);

test(
  'with a reserved-seat guest: the organiser plays beside Marc, the other team confirms, Marc is nobody’s partner',
  ON.everyScreen,
  async ({ loginAs, screenName }) => {
    const [david, paul] = [people[3]!, people[4]!];
    const open = (player: TestPlayer, path: string) =>
      loginAs(player, path, { baseURL: server.url });

    const first = await open(paul, `/matches/${guestMatchId}`);
    const panel = first.page.getByRole('region', { name: 'Résultat' });
    await panel.getByText('Saisissez le résultat du match.').waitFor();
    // Paul and Marc (his guest) against David and Bruno.
    await panel
      .getByRole('group', { name: 'Équipe 1' })
      .getByLabel('Joueur 2')
      .selectOption({ label: 'Marc (invité de Paul)' });
    await panel
      .getByRole('group', { name: 'Équipe 2' })
      .getByLabel('Joueur 1')
      .selectOption({ label: 'David N.' });
    await panel
      .getByRole('group', { name: 'Équipe 2' })
      .getByLabel('Joueur 2')
      .selectOption({ label: 'Bruno P.' });
    await fillSets(panel, [
      [6, 3],
      [6, 2],
    ]);
    await checkA11y(first.page, `${screenName} match page (enter a result with a guest)`);
    await expectNoSideScroll(first.page, 'result entry with a guest');
    await keepScreenshot(first.page, `results-entry-guest-${screenName}`);
    await panel.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await expect(panel.getByText(RESULT_MSG.entered)).toBeVisible();
    await expect(panel.locator('.result-teams')).toHaveText(
      'Paul G. et Marc (invité de Paul) contre David N. et Bruno P.',
    );

    const second = await open(david, `/matches/${guestMatchId}`);
    const other = second.page.getByRole('region', { name: 'Résultat' });
    await expect(other.locator('.result-teams')).toContainText('Marc (invité de Paul)');
    // The contest dialog fits the screen: its buttons are in view; David changes his mind.
    await other.getByRole('button', { name: 'Contester' }).click();
    const dialog = second.page.getByRole('dialog', { name: 'Contester le résultat' });
    await expect(dialog).toBeVisible();
    await checkA11y(second.page, `${screenName} contest dialog`);
    for (const name of ['Contester', 'Annuler'])
      await expectInViewAndOnTop(second.page, dialog.getByRole('button', { name, exact: true }));
    await expectNoSideScroll(second.page, 'contest dialog');
    // A contest owes a reason: blank is refused in the dialog, which stays open.
    await expect(dialog.getByLabel(RESULT_MSG.reasonLabel, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Contester', exact: true }).click();
    await expect(dialog.getByText(MSG.match.reasonInvalid(REASON_MAX))).toBeVisible();
    await keepScreenshot(second.page, `results-contest-dialog-${screenName}`);
    await dialog.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(dialog).toBeHidden();
    await other.getByRole('button', { name: 'Confirmer le résultat' }).click();
    await expect(other.getByText(RESULT_MSG.confirmed)).toBeVisible();
    await expect(other.getByText('— perdu')).toBeVisible();

    // Paul's profile: the match counts, Marc is no partner (and never named to others).
    await second.page.goto(`/joueurs/${paul.id}`);
    await second.page.getByRole('heading', { level: 1, name: 'Paul G.' }).waitFor();
    await expect(second.page.getByRole('region', { name: 'Derniers résultats' })).toContainText(
      '6-3 6-2 — gagné',
    );
    await expect(
      second.page.getByRole('region', { name: 'Partenaires les plus fréquents' }),
    ).toContainText('Pas encore de partenaire.');
    expect((await second.page.textContent('body')) ?? '').not.toContain('Marc');
    await checkA11y(second.page, `${screenName} player profile (guest match)`);
    await expectNoSideScroll(second.page, 'player profile (guest match)');
  },
);

test(
  'the other team sees the result live, an absence is confirmed first, « Mon Profil » shows the figures',
  ON.everyScreen,
  async ({ loginAs, screenName }) => {
    const [olga, chloe, emma] = [people[0]!, people[2]!, people[5]!];
    const open = (player: TestPlayer, path: string) =>
      loginAs(player, path, { baseURL: server.url });

    // Chloé has the match page open before any result exists.
    const waiting = await open(chloe, `/matches/${liveMatchId}`);
    const hers = waiting.page.getByRole('region', { name: 'Résultat' });
    // A player of the match, she could enter it herself: the form shows, no result yet.
    await expect(hers.getByText('Saisissez le résultat du match.')).toBeVisible();

    const first = await open(olga, `/matches/${liveMatchId}`);
    const panel = first.page.getByRole('region', { name: 'Résultat' });
    const presence = panel.getByRole('list', { name: 'Présence des joueurs' });
    const report = presence.getByRole('button', { name: /^Signaler une absence\s?: Bruno P\.$/ });
    await expect(report).toBeVisible();
    await expectNoSideScroll(first.page, 'result panel with absence reports');
    await keepScreenshot(first.page, `results-absence-buttons-${screenName}`);

    // « Annuler » reports nothing; « Confirmer » reports Bruno.
    await report.click();
    const dialog = first.page.getByRole('dialog', { name: 'Signaler une absence' });
    await expect(dialog.getByText(/Signaler l'absence de Bruno P\./)).toBeVisible();
    for (const name of ['Confirmer', 'Annuler'])
      await expectInViewAndOnTop(first.page, dialog.getByRole('button', { name, exact: true }));
    await checkA11y(first.page, `${screenName} absence dialog`);
    await keepScreenshot(first.page, `results-absence-dialog-${screenName}`);
    await dialog.getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(presence.getByText('Absent', { exact: true })).toHaveCount(0);
    await report.click();
    await dialog.getByRole('button', { name: 'Confirmer', exact: true }).click();
    await expect(panel.getByText(RESULT_MSG.noShowMarked)).toBeVisible();
    await expect(presence.getByText('Absent', { exact: true })).toHaveCount(1);

    await fillSets(panel, [
      [6, 2],
      [6, 1],
    ]);
    await panel.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await expect(panel.getByText(RESULT_MSG.entered)).toBeVisible();

    // Chloé's page, never reloaded, now offers to confirm.
    await expect(hers.getByText('6-2 6-1')).toBeVisible();
    await expectNoSideScroll(waiting.page, 'result received live');
    await keepScreenshot(waiting.page, `results-live-${screenName}`);
    await hers.getByRole('button', { name: 'Confirmer le résultat' }).click();
    await expect(hers.getByText(RESULT_MSG.confirmed)).toBeVisible();

    // Emma lost with Chloé: « Mon Profil » says so (her games first) and leads to her public page.
    const mine = await open(emma, '/profile');
    const results = mine.page.getByRole('region', { name: 'Mes résultats' });
    await expect(results).toContainText('1 match joué');
    await expect(results).toContainText('1 défaite de suite');
    await expect(mine.page.getByRole('region', { name: 'Derniers résultats' })).toContainText(
      '2-6 1-6 — perdu',
    );
    await checkA11y(mine.page, `${screenName} Mon Profil with results`);
    await expectNoSideScroll(mine.page, 'Mon Profil with results');
    await keepScreenshot(mine.page, `results-my-profile-${screenName}`);
    await results.getByRole('link', { name: 'Voir mon profil public' }).click();
    await mine.page.getByRole('heading', { level: 1, name: 'Emma B.' }).waitFor();
  },
);
