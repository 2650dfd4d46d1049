import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLE_TEXT } from '../../../common/messages-season';
import { localParts } from '../../../common/schedule';
import { createDb } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import {
  groupMatches,
  groupMembers,
  groups,
  matches,
  matchParticipants,
  matchResults,
  places,
  users,
} from '../../../db/schema';
import { hashPin } from '../../../server/lib/pin-hash';
import { createSecrets } from '../../../server/lib/secrets';
import { apiClient, type TestPlayer } from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { expectNoSideScroll, keepScreenshot } from './helpers';

/**
 * Issue 43's group table in a real browser: a group of six whose four competitive matches were
 * played last week. Olga reads « Classement » on the group's page: Olga, Bruno and Chloé ranked,
 * Emma and Paul « Pas encore classé », David (who did not opt in) absent, her own line marked;
 * David then appears in one tap. Nothing is wider than the screen, on the narrow phone as on a
 * desktop. Past results cannot be made through the app (nor can the server's clock be moved), so
 * this file runs its own server on a PGlite directory prepared before the start, as
 * results.spec.ts does.
 */
const APP_SECRET = 'e2e-group-table-secret-long-enough-01234';
const PIN = '4826';
let server: ServerProcess;
const people: TestPlayer[] = [];
let groupId = 0;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'padel-table-e2e-'));
  const handle = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  await runMigrations(handle);
  const db = handle.db;
  const pinHash = await hashPin(PIN, createSecrets(APP_SECRET).pinPepper);
  const stamp = Date.now().toString().slice(-6);
  // David plays but has not opted in: his opponents keep their points, his name stays hidden.
  const names = [
    'Olga Martin',
    'Bruno Petit',
    'Chloé Roux',
    'David Noir',
    'Emma Blanc',
    'Paul Garnier',
  ];
  for (const [i, name] of names.entries()) {
    const email = `classement${i}.${stamp}@example.fr`;
    const [u] = await db
      .insert(users)
      .values({
        name,
        email,
        phone: `+3362${stamp}${i}0`,
        level: 'Niveau 3',
        pinHash,
        leaderboard: name !== 'David Noir',
      })
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
  const [olga, bruno, chloe, david, emma, paul] = people.map((p) => p.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [place] = await db
    .insert(places)
    .values({ name: 'Club Classement', address: '1 rue du Padel', city: 'Lyon' })
    .returning({ id: places.id });
  const [group] = await db
    .insert(groups)
    .values({ name: 'Les jeudis', inviteToken: `table-${stamp}`, createdBy: olga })
    .returning({ id: groups.id });
  groupId = group!.id;
  await db
    .insert(groupMembers)
    .values(people.map((p) => ({ groupId, userId: p.id, isAdmin: p.id === olga })));
  const daysAgo = (n: number) =>
    localParts(new Date(Date.now() - n * 86_400_000), 'Europe/Paris').date;
  /** A confirmed competitive group match: the first team won. */
  const played = async (n: number, teams: [number, number][]) => {
    const [m] = await db
      .insert(matches)
      .values({
        placeId: place!.id,
        date: daysAgo(n),
        time: '18:00',
        levels: ['Niveau 3'],
        slots: 3,
        missingPlayers: 0,
        createdBy: teams[0]![0],
        kind: 'competitif',
      })
      .returning({ id: matches.id });
    const matchId = m!.id;
    const all = teams.flat();
    await db.insert(matchParticipants).values(all.slice(1).map((userId) => ({ matchId, userId })));
    await db.insert(groupMatches).values({ matchId, groupId, isGroupOnly: true });
    await db.insert(matchResults).values({
      matchId,
      teams,
      sets: [
        [6, 3],
        [6, 4],
      ],
      winner: 0,
      status: 'confirmed',
      enteredBy: teams[0]![0],
      answeredBy: teams[1]![0],
      answeredAt: new Date(),
    });
  };
  // Olga 3 wins of 4 (10 points), Bruno 2 of 4 (8), Chloé 2 of 3 (7), David 0 of 3 (3, hidden);
  // Emma 1 of 1 (3) and Paul 0 of 1 (1) are below the 3 games needed to rank.
  await played(8, [
    [olga, bruno],
    [chloe, david],
  ]);
  await played(7, [
    [olga, chloe],
    [bruno, david],
  ]);
  await played(6, [
    [bruno, chloe],
    [olga, david],
  ]);
  await played(5, [
    [olga, emma],
    [bruno, paul],
  ]);
  await handle.close();
  server = await startServerProcess({ dataDir, pglite: true, env: { APP_SECRET } });
});
test.afterAll(async () => {
  await server?.stop();
});

test(
  'a member reads the group table, own line marked; a member who had not opted in appears in one tap',
  ON.everyScreen,
  async ({ loginAs, screenName }) => {
    const [olga, , , david] = people as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    const { page } = await loginAs(olga, `/groups/${groupId}`, { baseURL: server.url });
    await page.getByRole('heading', { level: 1, name: 'Les jeudis' }).waitFor({ timeout: 30_000 });
    const card = page.getByRole('region', { name: TABLE_TEXT.title });
    const rows = card.getByRole('row');
    // A heading row, three ranked lines, two unranked; David is not listed.
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(1)).toContainText('Olga M.');
    await expect(rows.nth(1)).toContainText(TABLE_TEXT.you);
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['1', '10', '4', '3']);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['2', '8', '4', '2']);
    await expect(rows.nth(3)).toContainText('Chloé R.');
    await expect(rows.nth(4)).toContainText('Emma B.');
    await expect(rows.nth(4)).toContainText(TABLE_TEXT.unranked);
    await expect(rows.nth(5)).toContainText('Paul G.');
    await expect(card).not.toContainText('David');
    await expect(card.getByText(TABLE_TEXT.window(90), { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: TABLE_TEXT.showMe })).toHaveCount(0);

    // Every column in view: the last one's right edge inside the card.
    const cardBox = (await card.boundingBox())!;
    const winsBox = (await rows.nth(1).getByRole('cell').last().boundingBox())!;
    expect(winsBox.x + winsBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await expectNoSideScroll(page, 'group page with its table');
    await card.scrollIntoViewIfNeeded();
    await checkA11y(page, `group table (${screenName})`);
    if (screenName === '360x740')
      await card.screenshot({ path: 'docs/screenshots/group-table-360.png' });
    await keepScreenshot(page, `group-table-${screenName}`);

    // A shorter period: the matches of last week are still in it.
    await card.getByLabel(TABLE_TEXT.period).selectOption('30');
    await expect(card.getByText(TABLE_TEXT.window(30), { exact: false })).toBeVisible();
    await expect(rows).toHaveCount(6);

    // David had not opted in: « Y apparaître », and he is fourth with his three games.
    const second = await loginAs(david, `/groups/${groupId}`, { baseURL: server.url });
    const his = second.page.getByRole('region', { name: TABLE_TEXT.title });
    await expect(his.getByText(TABLE_TEXT.notShown)).toBeVisible({ timeout: 30_000 });
    await expectNoSideScroll(second.page, 'group table with the opt-in');
    await his.getByRole('button', { name: TABLE_TEXT.showMe }).click();
    await expect(his.getByText(TABLE_TEXT.shown)).toBeVisible();
    const hisRows = his.getByRole('row');
    await expect(hisRows).toHaveCount(7);
    await expect(hisRows.nth(4)).toContainText(`David N. ${TABLE_TEXT.you}`);
    await expect(hisRows.nth(4).getByRole('cell')).toHaveText(['4', '3', '3', '0']);
    await expect(his.getByText(TABLE_TEXT.notShown)).toHaveCount(0);
    await keepScreenshot(second.page, `group-table-opt-in-${screenName}`);
  },
);
