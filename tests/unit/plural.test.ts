import { describe, expect, it } from 'vitest';
import { countOf, plural } from '../../common/plural';

describe('French plural agreement', () => {
  it('0 and 1 take the singular, 2 and more the plural', () => {
    expect(countOf(0, 'match joué', 'matchs joués')).toBe('0 match joué');
    expect(countOf(1, 'match joué', 'matchs joués')).toBe('1 match joué');
    expect(countOf(2, 'match joué', 'matchs joués')).toBe('2 matchs joués');
    expect(countOf(15, 'niveau', 'niveaux')).toBe('15 niveaux');
  });

  it('a streak of losses (a negative count) agrees with its size', () => {
    expect(plural(-1, 'défaite', 'défaites')).toBe('défaite');
    expect(plural(-3, 'défaite', 'défaites')).toBe('défaites');
  });
});
