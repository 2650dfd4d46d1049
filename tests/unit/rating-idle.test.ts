import { describe, expect, it } from 'vitest';
import { glicko2, idleFor, MAX_RD } from '../../server/services/results/glicko2';

describe('a rating left idle', () => {
  const settled = { rating: 1600, rd: 60, vol: 0.06 };

  it('grows its deviation with each rating period without a game, never past a newcomer’s', () => {
    expect(idleFor(settled, 0)).toEqual(settled);
    const year = idleFor(settled, 12);
    expect(year.rating).toBe(1600);
    expect(year.rd).toBeGreaterThan(idleFor(settled, 3).rd);
    expect(year.rd).toBeGreaterThan(settled.rd);
    // n periods at once are n single periods in a row (step 6 of the paper).
    let stepwise = settled;
    for (let i = 0; i < 12; i++) stepwise = glicko2(stepwise, []);
    expect(year.rd).toBeCloseTo(stepwise.rd, 6);
    expect(idleFor(settled, 100_000).rd).toBe(MAX_RD);
  });

  it('so a comeback win moves the rating further than the same win of a regular', () => {
    const opponent = { rating: 1700, rd: 60 };
    const regular = glicko2(settled, [{ opponent, score: 1 }]);
    const back = glicko2(idleFor(settled, 12), [{ opponent, score: 1 }]);
    expect(back.rating - settled.rating).toBeGreaterThan(regular.rating - settled.rating);
  });
});
