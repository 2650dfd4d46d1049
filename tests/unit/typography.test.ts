import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { RESULT_MSG } from '../../common/results';
import { deName, frenchTypography, NARROW_NBSP, NBSP } from '../../common/typography';

/** Every text of the messages table: strings as they are, functions called with sample arguments. */
function allTexts(node: unknown, path = 'MSG'): { path: string; text: string }[] {
  if (typeof node === 'string') return [{ path, text: node }];
  if (typeof node === 'function') {
    const args = Array.from({ length: node.length }, (_, i) =>
      i === 0 ? 'Padel Club' : i === 1 ? '18:30' : 2,
    );
    const call = (a: unknown[]): unknown => (node as (...a: unknown[]) => unknown)(...a);
    let out: unknown;
    try {
      out = call(args);
    } catch {
      // A text built from a list (the levels of a match) takes one.
      out = call([['Niveau 3', 'Niveau 4'], ...args.slice(1)]);
    }
    return typeof out === 'string' ? [{ path: `${path}()`, text: out }] : [];
  }
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => allTexts(v, `${path}.${k}`));
  return [];
}

describe('French typography (issue 21)', () => {
  const texts = allTexts(MSG);

  it('reads the whole messages table', () => {
    expect(texts.length).toBeGreaterThan(200);
  });

  it('puts a no-break space before « ! ? : ; » and inside guillemets in every text of common/messages.ts', () => {
    const broken = texts
      .map(({ path, text }) => ({ path, text: frenchTypography(text) }))
      .filter(({ text }) => / [!?:;]|« | »/.test(text));
    expect(broken).toEqual([]);
    const withSigns = texts.filter(({ text }) => / [!?;:]/.test(text));
    expect(withSigns.length).toBeGreaterThan(20);
  });

  it('uses the narrow no-break space before ! ? ; and the no-break space before : and in guillemets', () => {
    expect(frenchTypography('Match créé avec succès !')).toBe(
      `Match créé avec succès${NARROW_NBSP}!`,
    );
    expect(frenchTypography('Quitter ce match ?')).toBe(`Quitter ce match${NARROW_NBSP}?`);
    expect(frenchTypography('Erreur : le serveur « smtp.fr » ; réessayez')).toBe(
      `Erreur${NBSP}: le serveur «${NBSP}smtp.fr${NBSP}»${NARROW_NBSP}; réessayez`,
    );
  });

  it('leaves times, links and already-set text alone', () => {
    for (const text of [
      '18:30',
      'https://padel.example/m/3',
      'Voir le match : https://x.fr/m/1?a=1',
      `Déjà${NARROW_NBSP}!`,
    ]) {
      const once = frenchTypography(text);
      expect(frenchTypography(once)).toBe(once);
    }
    expect(frenchTypography('18:30')).toBe('18:30');
    expect(frenchTypography('Voir le match : https://x.fr/m/1?a=1')).toBe(
      `Voir le match${NBSP}: https://x.fr/m/1?a=1`,
    );
  });
});

describe('« de » before a first name', () => {
  it('elides before a vowel, accented or not, and keeps « de » before a consonant or an h', () => {
    expect(deName('Paul')).toBe('de Paul');
    expect(deName('Olga')).toBe('d’Olga');
    expect(deName('Émile')).toBe('d’Émile');
    expect(deName('yann')).toBe('d’yann');
    expect(deName('Hugo')).toBe('de Hugo');
  });
  it('reaches the guest names of the match room and of results', () => {
    expect(MSG.room.guestOf('Anne')).toBe('Invité d’Anne');
    expect(RESULT_MSG.guestNamed('Léo', 'Olga')).toBe('Léo (invité d’Olga)');
  });
});
