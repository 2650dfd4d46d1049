import { PIN_LENGTH } from './limits';

/** Digits only, at most `max` of them: how PIN, confirm-PIN and OTP fields filter typing. */
export const filterDigits = (raw: string, max: number) => raw.replace(/\D/g, '').slice(0, max);

export const isPinFormat = (pin: string) => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);

/** PINs people pick first; a 4-digit secret is only as strong as its weakest choices. */
const COMMON = new Set([
  '1234',
  '0000',
  '1111',
  '1212',
  '2580',
  '1004',
  '2000',
  '4444',
  '6969',
  '1122',
  '1313',
  '4321',
  '2001',
  '1010',
  '0852',
  '7777',
  '1342',
  '2222',
  '9999',
  '3333',
  '5555',
  '6666',
  '8888',
  '0123',
  '9876',
  '1230',
  '0987',
]);

/** True for common PINs, repeated digits, pairs (1212) and straight runs up or down (3456, 8765). */
export function isWeakPin(pin: string): boolean {
  if (COMMON.has(pin)) return true;
  const d = [...pin].map(Number);
  if (d.every((x) => x === d[0])) return true;
  if (pin.slice(0, 2) === pin.slice(2)) return true;
  const steps = d.slice(1).map((x, i) => x - (d[i] ?? 0));
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}
