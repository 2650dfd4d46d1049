import { MSG } from '../../../common/messages';
import {
  createPlace,
  expectPath,
  expectText,
  setLevelFirst,
  uniquePlayer,
} from '../../support/e2e-app';
import { checkA11y, expect, ON, test } from '../../support/e2e-fixtures';
import { loginThroughUi } from './helpers';

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Journey 4: a player filters the find screen down to one match, opens its page and joins from
 * there; the share link, opened in a fresh browser, shows the match without anybody's personal
 * data, and logging in from it leads to the match page.
 */
test(
  'filter, open the match page, join; the share link works for a visitor, then login leads to the match',
  ON.desktop,
  async ({ app, admin, open, loginAs }) => {
    const place = await createPlace(admin, 'Club Partage');
    const other = await createPlace(admin, 'Club Leurre');
    const a = await app.registerPlayer(uniquePlayer('Annabelle'));
    const b = await app.registerPlayer(uniquePlayer('Basile'));
    const { createDates } = await a.api.matches.schedule.query();
    const day = createDates[2]!;
    const target = await a.api.matches.create.mutate({
      place_id: place.id,
      date: day,
      time: '18:30',
      levels: ['Niveau 4'],
      slots: 2,
    });
    // Same day, other level: the level filter must leave it out.
    await a.api.matches.create.mutate({
      place_id: other.id,
      date: day,
      time: '18:30',
      levels: ['Niveau 1'],
      slots: 2,
    });

    // B filters: that day, Niveau 4, free places only; one match left, which B opens and joins.
    const { page: pageB } = await loginAs(b, '/find-match');
    await pageB.getByRole('heading', { level: 1, name: 'Trouver un match' }).waitFor();
    const longDate = LONG_DATE.format(new Date(`${day}T00:00:00Z`));
    await pageB
      .getByRole('group', { name: 'Filtres' })
      .getByRole('button', { name: /^Filtres/ })
      .click();
    const sheet = pageB.getByRole('dialog', { name: 'Filtres' });
    const dayChip = sheet
      .getByRole('radiogroup', { name: 'Jour' })
      .getByRole('radio', { name: longDate });
    await dayChip.click();
    expect(await dayChip.getAttribute('aria-checked')).toBe('true');
    await sheet.getByLabel('Niveau', { exact: true }).selectOption('Niveau 4');
    await sheet.getByLabel('Places libres uniquement').check();
    await sheet.getByRole('button', { name: 'Voir les matchs' }).click();
    const card = pageB.getByRole('article', { name: place.name });
    await card.waitFor();
    await expect.poll(() => pageB.getByRole('article', { name: other.name }).count()).toBe(0);
    await pageB.getByRole('button', { name: 'Filtres (3)' }).waitFor();
    await checkA11y(pageB, 'find match (filtered)');
    await card.getByRole('link', { name: place.name }).click();
    await expectPath(pageB, `/matches/${target.id}`);
    await pageB.getByRole('heading', { level: 1, name: place.name }).waitFor();
    // Not a player yet: no phone shown.
    await expect.poll(() => pageB.locator('main').textContent()).not.toContain(a.phone.slice(-8));
    await pageB.getByRole('button', { name: 'Rejoindre' }).click();
    // B has no level yet: asked for it first.
    await setLevelFirst(pageB);
    await expectText(pageB, MSG.match.joined);
    await pageB.getByRole('button', { name: 'Quitter' }).waitFor();
    await pageB.getByRole('link', { name: 'Ajouter à mon agenda' }).waitFor();
    await expect.poll(() => pageB.locator('main').textContent()).toContain('1 place disponible');
    await checkA11y(pageB, 'match page (joined)');

    // The filters are remembered for B on this device.
    await pageB.goto('/find-match');
    await pageB
      .getByRole('group', { name: 'Filtres' })
      .getByRole('button', { name: 'Niveau 4' })
      .waitFor();

    // A visitor opens the share link in a fresh browser: the match, nobody's personal data.
    const { page: visitor } = await open();
    const res = await visitor.goto(`/m/${target.id}`);
    expect(res?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: place.name }).waitFor();
    const html = await visitor.content();
    for (const secret of [a.name, b.name, a.email, b.email, a.phone.slice(-8), b.phone.slice(-8)])
      expect(html).not.toContain(secret);
    expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toMatch(
      /^1 place — Niveau 4 — .* 18:30 — Club Partage/,
    );
    // axe runs through the DevTools protocol, which the page's CSP (no inline script) does not stop.
    await checkA11y(visitor, 'share page');
    await visitor.getByRole('link', { name: 'Se connecter pour rejoindre' }).click();
    await visitor.getByRole('button', { name: "J'ai déjà un compte" }).click();
    await loginThroughUi(visitor, b.email, b.pin);
    await expectPath(visitor, `/matches/${target.id}`);
    await visitor.getByRole('heading', { level: 1, name: place.name }).waitFor();
  },
);
