import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../common/countries';
import { MSG } from '../../common/messages';
import { filterPhoneInput, resolvePhone } from '../../common/phone';

describe('resolvePhone: a national number and its country', () => {
  it('replaces a leading 0 by the dial code', () => {
    expect(resolvePhone('0612345678', 'FR')).toEqual({ ok: true, phone: '+33612345678' });
    expect(resolvePhone('0471234567', 'BE')).toEqual({ ok: true, phone: '+32471234567' });
  });

  it('prefixes the dial code when there is no leading 0', () => {
    expect(resolvePhone('2025550123', 'US')).toEqual({ ok: true, phone: '+12025550123' });
    expect(resolvePhone('6612345678', 'MA')).toEqual({ ok: true, phone: '+2126612345678' });
    expect(resolvePhone('7712345678', 'SN')).toEqual({ ok: true, phone: '+2217712345678' });
  });

  it('knows the dial codes of the overseas territories', () => {
    expect(resolvePhone('0692123456', 'RE')).toEqual({ ok: true, phone: '+262692123456' });
    expect(resolvePhone('0690123456', 'BL')).toEqual({ ok: true, phone: '+590690123456' });
    expect(resolvePhone('0412345678', 'PM')).toEqual({ ok: true, phone: '+508412345678' });
  });

  it('accepts all 31 countries and trims spaces around the number', () => {
    expect(COUNTRIES).toHaveLength(31);
    for (const c of COUNTRIES)
      expect(resolvePhone(' 0612345678 ', c.code)).toEqual({
        ok: true,
        phone: `${c.dialCode}612345678`,
      });
  });

  it.each([
    ['', 'FR', MSG.auth.phoneRequired],
    ['   ', 'FR', MSG.auth.phoneRequired],
    ['0612345678', 'XX', MSG.auth.countryUnsupported],
    ['06 12 34 56 78', 'FR', MSG.auth.phoneFormat],
    ['+33 6 12 34 56 78', 'FR', MSG.auth.phoneFormat],
    ['06.12.34.56.78', 'FR', MSG.auth.phoneFormat],
    ['06123a5678', 'FR', MSG.auth.phoneFormat],
    ['06123456789', 'FR', MSG.auth.phoneTooLong],
    ['061234567', 'FR', MSG.auth.phoneExact],
  ])('%j (%s) → %s', (raw, country, message) => {
    expect(resolvePhone(raw, country)).toEqual({ ok: false, message });
  });

  it('filters typing to 10 digits', () => {
    expect(filterPhoneInput('06 12-34.56 78 99')).toBe('0612345678');
  });
});

describe('resolvePhone (server input: national + country, or already international)', () => {
  it('defaults to France and takes lower-case country codes', () => {
    expect(resolvePhone('0612345678', undefined)).toEqual({ ok: true, phone: '+33612345678' });
    expect(resolvePhone('0612345678', 'ch')).toEqual({ ok: true, phone: '+41612345678' });
  });

  it('keeps an international number as legacy clients send it, and checks its form', () => {
    expect(resolvePhone('+33612345678', 'BE')).toEqual({ ok: true, phone: '+33612345678' });
    expect(resolvePhone('+33 6 12', undefined)).toEqual({
      ok: false,
      message: MSG.auth.phoneFormat,
    });
    expect(resolvePhone('+1234', undefined)).toEqual({ ok: false, message: MSG.auth.phoneFormat });
  });
});
