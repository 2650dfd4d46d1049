import { describe, expect, it } from 'vitest';
import { euros, sharesOf } from '../../common/messages-court';
import { mixteCap, openTo } from '../../server/services/matches/gender';

describe('a court price split between the players', () => {
  it('gives each the price ÷ players rounded down to the cent, the remainder to the organiser', () => {
    expect(sharesOf(4001, 4)).toEqual({ each: 1000, organiser: 1001 });
    expect(sharesOf(4000, 4)).toEqual({ each: 1000, organiser: 1000 });
    expect(sharesOf(1000, 3)).toEqual({ each: 333, organiser: 334 });
  });

  it('always adds up to the price, however many play', () => {
    for (const players of [1, 2, 3, 4, 5, 7])
      for (const price of [0, 1, 99, 4001, 12345]) {
        const s = sharesOf(price, players);
        expect(s.organiser + s.each * (players - 1)).toBe(price);
        expect(s.organiser - s.each).toBeLessThan(players);
      }
  });

  it('reads as French euros', () => {
    expect(euros(1001)).toBe('10,01');
    expect(euros(5)).toBe('0,05');
  });
});

describe('who a gender rule lets in', () => {
  it('keeps « Hommes » and « Femmes » to one gender, « Ouvert » to none', () => {
    expect(openTo('hommes', 3, { homme: 0, femme: 0 })).toEqual(['homme']);
    expect(openTo('femmes', 3, { homme: 0, femme: 0 })).toEqual(['femme']);
    expect(openTo('ouvert', 3, { homme: 4, femme: 0 })).toEqual(['homme', 'femme']);
  });

  it('fills a four-player « Mixte » match with two men and two women', () => {
    expect(mixteCap(3)).toBe(2);
    expect(openTo('mixte', 3, { homme: 2, femme: 0 })).toEqual(['femme']);
    expect(openTo('mixte', 3, { homme: 1, femme: 2 })).toEqual(['homme']);
    expect(openTo('mixte', 3, { homme: 2, femme: 2 })).toEqual([]);
  });
});
