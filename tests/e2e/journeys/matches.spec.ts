import { MSG } from '../../../common/messages';
import {
  createPlace,
  expectText,
  findAt,
  setLevelFirst,
  uniquePlayer,
} from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';

/**
 * Journey 3: player A creates a match, player B (another browser context) finds and joins it,
 * A sees B in the participants panel, B leaves, A edits then deletes the match.
 */
test(
  'a match from creation to deletion, with a second player joining and leaving',
  ON.desktop,
  async ({ app, admin, loginAs }) => {
    const place = await createPlace(admin, 'Club Rencontre');
    const a = await app.registerPlayer(uniquePlayer('Alice'));
    const b = await app.registerPlayer(uniquePlayer('Bruno'));

    // A creates the match: place, tomorrow, 18:00, 2 places, Niveau 3.
    const { context: ctxA, page: pageA } = await loginAs(a, '/create-match');
    await pageA.getByRole('heading', { level: 1, name: 'Créer un match' }).waitFor();
    await pageA.getByLabel('Lieu').selectOption({ label: `${place.name} — ${place.city}` });
    const days = pageA.getByRole('radiogroup', { name: 'Jours disponibles' }).getByRole('radio');
    await days.nth(1).click();
    await pageA.getByRole('radio', { name: '18:00', exact: true }).click();
    await pageA.getByRole('button', { name: '2 places', exact: true }).click();
    await pageA.getByRole('button', { name: /^Niveau 3\b/ }).click();
    await checkA11y(pageA, 'create match (filled)');
    await pageA.getByRole('button', { name: 'Créer le match' }).click();
    await pageA.getByRole('heading', { name: MSG.match.created }).waitFor();
    // Sharing is offered at once: the link is copied (no share sheet in a desktop Chromium).
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write']);
    await pageA.getByRole('button', { name: 'Partager' }).click();
    await expectText(pageA, 'Lien du match copié');
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toMatch(/\/m\/\d+$/);
    await checkA11y(pageA, 'create match (success)');

    // B finds it and joins.
    const { page: pageB } = await loginAs(b, '/find-match');
    await findAt(pageB, b, place.id);
    const card = pageB.getByRole('article', { name: place.name });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('18:00');
    await checkA11y(pageB, 'find match');
    await card.getByRole('button', { name: 'Rejoindre' }).click();
    // B has no level yet: asked for it first.
    await setLevelFirst(pageB);
    await expectText(pageB, MSG.match.joined);
    await card.getByRole('button', { name: 'Vous participez' }).waitFor();

    // A sees B in the participants panel.
    await pageA.goto('/my-matches');
    const mine = pageA.getByRole('article', { name: place.name });
    await mine.getByRole('button', { name: 'Participants (2)' }).click();
    const panel = mine.getByLabel('Participants', { exact: true });
    await panel.getByText(b.name).waitFor();
    await checkA11y(pageA, 'my matches (participants open)');

    // B leaves.
    await pageB.goto('/my-matches');
    const joined = pageB.getByRole('article', { name: place.name });
    await joined.getByRole('button', { name: 'Quitter' }).click();
    const leaveDialog = pageB.getByRole('dialog', { name: 'Quitter ce match ?' });
    await leaveDialog.getByRole('button', { name: 'Quitter' }).click();
    await expectText(pageB, MSG.match.left);
    await joined.waitFor({ state: 'detached' });

    // A edits (time 19:00) then deletes.
    await pageA.reload();
    await mine.getByRole('button', { name: 'Participants (1)' }).waitFor();
    await mine.getByRole('button', { name: 'Modifier' }).click();
    const form = mine.getByRole('form', { name: 'Modifier le match' });
    await form.getByLabel('Horaire').selectOption('19:00');
    await checkA11y(pageA, 'my matches (edit form)');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expectText(pageA, MSG.match.updated);
    await expect.poll(() => mine.textContent()).toContain('19:00');
    await mine.getByRole('button', { name: 'Supprimer' }).click();
    const deleteDialog = pageA.getByRole('dialog', { name: 'Supprimer ce match ?' });
    await deleteDialog.getByText(MSG.match.deleteConfirm).waitFor();
    await deleteDialog.getByRole('button', { name: 'Supprimer' }).click();
    await mine.waitFor({ state: 'detached' });

    // Gone for B too.
    await pageB.goto('/find-match');
    await pageB.getByRole('heading', { level: 1, name: 'Trouver un match' }).waitFor();
    await expect.poll(() => pageB.getByRole('article', { name: place.name }).count()).toBe(0);
  },
);
