import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESULT_MSG } from '../../../common/results';
import { localParts } from '../../../common/schedule';
import { createDb } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { matches, matchParticipants, places, users } from '../../../db/schema';
import { hashPin } from '../../../server/lib/pin-hash';
import { createSecrets } from '../../../server/lib/secrets';
import { apiClient, loginInContext, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { expectNoSideScroll } from './helpers';

/**
 * Journey: a match played yesterday; its organiser enters the score on the match page, a player of
 * the other team confirms it, and the organiser's profile shows the result. A match in the past
 * cannot be created through the app (nor can the server's clock be moved), so this journey runs
 * its own server on a PGlite directory prepared before the start: four players, a place, the match.
 */
const APP_SECRET = 'e2e-results-secret-that-is-long-enough-0123';
const PIN = '4826';
let server: ServerProcess;
const people: TestPlayer[] = [];
let matchId = 0;

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-results-e2e-'));
  const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  await runMigrations(handle);
  const db = handle.db;
  const pinHash = await hashPin(PIN, createSecrets(APP_SECRET).pinPepper);
  const stamp = Date.now().toString().slice(-6);
  for (const [i, name] of ['Olga Martin', 'Bruno Petit', 'Chloé Roux', 'David Noir'].entries()) {
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
  const [m] = await db
    .insert(matches)
    .values({
      placeId: place!.id,
      date: yesterday,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
      missingPlayers: 0,
      createdBy: people[0]!.id,
    })
    .returning({ id: matches.id });
  matchId = m!.id;
  await db
    .insert(matchParticipants)
    .values(people.slice(1).map((p) => ({ matchId, userId: p.id })));
  await handle.close();
  server = await startServerProcess({ dataDir, pglite: true, env: { APP_SECRET } });
});
test.afterAll(async () => {
  await server?.stop();
});

test(
  'the organiser enters the score, the other team confirms, the profile shows it',
  ON.phone,
  async ({ browser, screenName }) => {
    const [olga, , chloe] = [people[0]!, people[1]!, people[2]!];
    const open = async (player: TestPlayer, path: string) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await loginInContext(context, page, player, path);
      return { context, page };
    };

    const first = await open(olga, `/matches/${matchId}`);
    const panel = first.page.getByRole('region', { name: 'Résultat' });
    await panel.getByText('Saisissez le résultat du match.').waitFor();
    // Default teams: Olga and Bruno against Chloé and David (the players in order).
    const score = [
      [6, 4],
      [3, 6],
      [10, 8],
    ];
    for (const [i, set] of score.entries())
      for (const [k, games] of set.entries())
        await panel.getByLabel(`Set ${i + 1}, jeux de l’équipe ${k + 1}`).fill(String(games));
    await checkA11y(first.page, `${screenName} match page (enter a result)`);
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
    await first.context.close();
    await second.context.close();
  },
);
