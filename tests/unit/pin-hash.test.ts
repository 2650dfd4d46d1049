import { describe, expect, it } from 'vitest';
import { PIN_HASH_LANES, hashPin, verifyPin } from '../../server/lib/pin-hash';

const pepper = Buffer.alloc(32, 7);

describe('PIN hashing lanes', () => {
  it('a burst of more verifies than lanes all answer, each with its own result', async () => {
    const hash = await hashPin('4829', pepper);
    const pins = Array.from({ length: PIN_HASH_LANES * 3 + 1 }, (_, i) => (i % 2 === 0 ? '4829' : '1357'));
    expect(await Promise.all(pins.map((pin) => verifyPin(hash, pin, pepper)))).toEqual(pins.map((pin) => pin === '4829'));
    // Lanes are given back: a later call still runs.
    expect(await verifyPin(hash, '4829', pepper)).toBe(true);
    expect(await verifyPin('not a hash', '4829', pepper)).toBe(false);
  });
});
