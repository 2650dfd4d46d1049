import { describe, expect, it } from 'vitest';
import { filterDigits, isPinFormat, isWeakPin } from '../../common/pin';

describe('isWeakPin', () => {
  it.each([
    '1234',
    '0000',
    '1111',
    '9999',
    '1212',
    '4545',
    '2580',
    '3456',
    '6789',
    '8765',
    '4321',
    '0123',
    '1004',
    '6969',
  ])('refuses %s', (pin) => {
    expect(isWeakPin(pin)).toBe(true);
  });

  it.each(['4826', '7391', '5937', '3947', '1357', '9183', '2468', '0862'])('accepts %s', (pin) => {
    expect(isWeakPin(pin)).toBe(false);
  });
});

describe('PIN input', () => {
  it('is exactly 4 digits', () => {
    expect(isPinFormat('4826')).toBe(true);
    for (const pin of ['482', '48261', '48a6', '', ' 482']) expect(isPinFormat(pin)).toBe(false);
  });

  it('filters typing to digits, at most 4 (PIN) or 6 (OTP)', () => {
    expect(filterDigits('4a8-2 6 9', 4)).toBe('4826');
    expect(filterDigits('12 34 56 78', 6)).toBe('123456');
  });
});
