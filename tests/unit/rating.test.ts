import { describe, expect, it } from 'vitest';
import {
  glicko2,
  MAX_RD,
  MIN_RD,
  rateDoubles,
  type Rating,
} from '../../server/services/results/glicko2';
import {
  BAND,
  guestRating,
  levelForRating,
  SEED_RD,
  seedRating,
} from '../../server/services/results/rating';

describe('Glicko-2', () => {
  it("reproduces Glickman's example (1500/200/0.06 against 1400/30 won, 1550/100 and 1700/300 lost)", () => {
    const next = glicko2({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30 }, score: 1 },
      { opponent: { rating: 1550, rd: 100 }, score: 0 },
      { opponent: { rating: 1700, rd: 300 }, score: 0 },
    ]);
    expect(next.rating).toBeCloseTo(1464.06, 1);
    expect(next.rd).toBeCloseTo(151.52, 1);
    expect(next.vol).toBeCloseTo(0.05999, 4);
  });

  it('without games only the deviation grows, never past a newcomer’s', () => {
    const next = glicko2({ rating: 1500, rd: 200, vol: 0.06 }, []);
    expect(next.rating).toBe(1500);
    expect(next.rd).toBeGreaterThan(200);
    expect(glicko2({ rating: 1500, rd: 349, vol: 0.5 }, []).rd).toBe(MAX_RD);
  });

  it('doubles between equal teams: winners gain what losers lose, partners move alike', () => {
    const p: Rating = { rating: 1500, rd: 200, vol: 0.06 };
    const [w, l] = rateDoubles(
      [
        [p, p],
        [p, p],
      ],
      0,
    );
    expect(w[0]!.rating).toBeGreaterThan(1500);
    expect(w[0]!.rating - 1500).toBeCloseTo(1500 - l[0]!.rating, 6);
    expect(w[0]!.rating).toBeCloseTo(w[1]!.rating, 6);
    // The same match seen from the other side gives the mirror image.
    const [l2, w2] = rateDoubles(
      [
        [p, p],
        [p, p],
      ],
      1,
    );
    expect(w2[0]!.rating).toBeCloseTo(w[0]!.rating, 6);
    expect(l2[0]!.rating).toBeCloseTo(l[0]!.rating, 6);
  });

  it('beating a much weaker team earns little, losing to it costs a lot', () => {
    const strong: Rating = { rating: 1800, rd: 80, vol: 0.06 };
    const weak: Rating = { rating: 1200, rd: 80, vol: 0.06 };
    const [[win]] = rateDoubles(
      [
        [strong, strong],
        [weak, weak],
      ],
      0,
    );
    const [[loss]] = rateDoubles(
      [
        [strong, strong],
        [weak, weak],
      ],
      1,
    );
    expect(win!.rating - 1800).toBeGreaterThan(0);
    expect(win!.rating - 1800).toBeLessThan(5);
    expect(1800 - loss!.rating).toBeGreaterThan(10 * (win!.rating - 1800));
  });

  it('is bounded: one match never moves a rating more than a band and a half, deviations stay in range', () => {
    for (const rd of [30, 100, 200, 350])
      for (const gap of [-1000, -300, 0, 300, 1000])
        for (const winner of [0, 1] as const) {
          const a: Rating = { rating: 1500, rd, vol: 0.06 };
          const b: Rating = { rating: 1500 + gap, rd: 350, vol: 0.06 };
          const [[x]] = rateDoubles(
            [
              [a, a],
              [b, b],
            ],
            winner,
          );
          expect(Math.abs(x!.rating - 1500)).toBeLessThan(1.5 * BAND * 2);
          expect(x!.rd).toBeGreaterThanOrEqual(MIN_RD);
          expect(x!.rd).toBeLessThanOrEqual(MAX_RD);
        }
  });

  it('seeds from the level order and maps ratings back to the band holding them', () => {
    const grid = [1, 2, 3, 4, 5, 6, 7, 8].map((o) => ({
      niveau: `Niveau ${o}`,
      label: `L${o}`,
      couleur: '#000000',
      ordre: o,
    }));
    for (const l of grid)
      expect(levelForRating(grid, seedRating(l.ordre).rating)?.niveau).toBe(l.niveau);
    expect(levelForRating(grid, -5000)?.niveau).toBe('Niveau 1');
    expect(levelForRating(grid, 9000)?.niveau).toBe('Niveau 8');
  });

  it('a guest counts as a player of the match’s level with a newcomer’s deviation', () => {
    const grid = [1, 2, 3, 4, 5, 6, 7, 8].map((o) => ({
      niveau: `Niveau ${o}`,
      label: `L${o}`,
      couleur: '#000000',
      ordre: o,
    }));
    // One level: that level's seed (Niveau 3: 900 + 150 × 2.5 = 1275).
    expect(guestRating(grid, ['Niveau 3'])).toEqual({ rating: 1275, rd: MAX_RD, vol: 0.06 });
    // Several: their mean order (3 and 5 → 4, 1425); unknown names are left out.
    expect(guestRating(grid, ['Niveau 3', 'Niveau 5', 'Débutant']).rating).toBe(1425);
    // None on the grid: the grid's middle, as for a player without a level.
    expect(guestRating(grid, ['Débutant']).rating).toBe(seedRating(null).rating);
  });

  it('beating guests moves a rating less than beating rated players of the same level', () => {
    const grid = [{ niveau: 'Niveau 3', label: 'L3', couleur: '#000000', ordre: 3 }];
    const me = seedRating(3);
    const rated = { ...seedRating(3), rd: SEED_RD };
    const guest = guestRating(grid, ['Niveau 3']);
    const [[vsRated]] = rateDoubles(
      [
        [me, me],
        [rated, rated],
      ],
      0,
    );
    const [[vsGuests]] = rateDoubles(
      [
        [me, me],
        [guest, guest],
      ],
      0,
    );
    expect(vsGuests!.rating).toBeGreaterThan(me.rating);
    expect(vsGuests!.rating - me.rating).toBeLessThan(vsRated!.rating - me.rating);
  });
});
