import { describe, expect, it } from 'vitest';
import { medianBudget } from '../../bench/stats';

describe('a bench budget read over rounds', () => {
  it('fails a run only when the median of the rounds is out, and keeps their spread', () => {
    const oneBadRound = medianBudget('REST CPU/answer vs bare', [1.2, 2.9, 1.4], '<=', 1.5);
    expect(oneBadRound).toMatchObject({ value: 1.4, holds: true, spread: [1.2, 2.9] });
    const medianOut = medianBudget('REST CPU/answer vs bare', [1.2, 1.6, 1.7], '<=', 1.5);
    expect(medianOut).toMatchObject({ value: 1.6, holds: false });
  });

  it('does not judge a figure that was not measured', () => {
    const b = medianBudget('joins vs raw loop', [NaN, NaN, NaN], '>=', 0.2);
    expect(b.holds).toBe(false);
    expect(Number.isFinite(b.value)).toBe(false);
    expect(b.spread).toBeUndefined();
  });
});
