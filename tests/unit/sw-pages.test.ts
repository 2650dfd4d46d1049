import { describe, expect, it } from 'vitest';
import { offlinePageHtml } from '../../client/src/sw/offline-page';
import { parsePushPayload, safeTarget } from '../../client/src/sw/notification';

const ORIGIN = 'https://padel.example';

describe('a push notification (payload { title, body, url })', () => {
  it('shows the French title and body and opens the match', () => {
    const text = JSON.stringify({
      title: 'Nouveau joueur',
      body: 'Léa M. a rejoint votre match de samedi.',
      url: '/matches/12',
    });
    expect(parsePushPayload(text, ORIGIN)).toEqual({
      title: 'Nouveau joueur',
      body: 'Léa M. a rejoint votre match de samedi.',
      url: '/matches/12',
    });
  });

  it('never leads off the site: another origin, //host or a javascript: URL opens the home page', () => {
    for (const url of [
      'https://evil.example/matches/1',
      '//evil.example/x',
      'javascript:alert(1)',
      'matches/12',
      '/\\evil.example',
      42,
      undefined,
    ])
      expect(safeTarget(url, ORIGIN), String(url)).toBe('/');
    expect(safeTarget('/matches/12?from=push#joueurs', ORIGIN)).toBe(
      '/matches/12?from=push#joueurs',
    );
  });

  it('a malformed payload still shows something', () => {
    expect(parsePushPayload('Votre match commence dans 2 h', ORIGIN)).toEqual({
      title: 'Padel Match',
      body: 'Votre match commence dans 2 h',
      url: '/',
    });
    expect(parsePushPayload(null, ORIGIN)).toEqual({ title: 'Padel Match', body: '', url: '/' });
    expect(parsePushPayload('{"title":"","url":"https://x.example"}', ORIGIN)).toEqual({
      title: 'Padel Match',
      body: '',
      url: '/',
    });
  });
});

describe('the offline page', () => {
  it('says "Vous êtes hors ligne" and lists the last My matches seen, escaped', () => {
    const html = offlinePageHtml(
      {
        savedAt: '2026-11-24T17:05:00.000Z',
        matches: [
          {
            id: 3,
            place: 'Club <b>Padel</b> & Co',
            address: '1 rue du Padel, Lyon',
            when: 'samedi 28 novembre 2026 · 18:00',
            status: '2 places disponibles',
          },
        ],
      },
      '/my-matches',
    );
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Vous êtes hors ligne</h1>');
    expect(html).toContain('Club &lt;b&gt;Padel&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Padel</b>');
    expect(html).toContain('samedi 28 novembre 2026 · 18:00');
    expect(html).toContain('mardi 24 novembre à 18:05');
    expect(html).toContain('href="/my-matches"');
    expect(html).not.toContain('<script');
  });

  it('without a saved list, tells where it will come from', () => {
    const html = offlinePageHtml(null, '/');
    expect(html).toContain('Vous êtes hors ligne');
    expect(html).toContain('Ouvrez « Mes matchs » une fois en ligne');
  });
});
