import { describe, expect, it } from 'vitest';
import { megabytesFr } from '../../common/typography';

describe('megabytesFr', () => {
  it('writes sizes in French: decimal comma, « Mo », a no-break space before the unit', () => {
    expect(megabytesFr(12 * 1024 * 1024)).toBe('12,00\u00a0Mo');
    expect(megabytesFr(Math.round(5.03 * 1024 * 1024))).toBe('5,03\u00a0Mo');
    expect(megabytesFr(5 * 1024 * 1024, 0)).toBe('5\u00a0Mo');
    // No thousands separator: a size never reads as two numbers.
    expect(megabytesFr(1234 * 1024 * 1024, 0)).toBe('1234\u00a0Mo');
  });
});
