import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { ZRegistrationStartInput } from '../../common/schemas/auth';

/** The registration start form's rules (the shared schema), for what the filtered fields cannot produce by typing. */
describe('registration start rules', () => {
  const ok = { name: 'Camille', email: 'camille@example.fr', phone: '0612345678', country: 'FR' };
  /** The message the form shows: the schema's first broken rule. */
  const check = (v: typeof ok) => ZRegistrationStartInput.safeParse(v).error?.issues[0]?.message;
  it.each([
    [{ phone: '06123456789' }, MSG.auth.phoneTooLong],
    [{ phone: '06 12 34 56' }, MSG.auth.phoneFormat],
    [{ country: 'XX' }, MSG.auth.countryUnsupported],
    [{ name: '   ' }, MSG.auth.nameRequired],
    [{ name: 'x'.repeat(101) }, MSG.auth.nameTooLong(100)],
    [{ email: 'camille.example.fr' }, MSG.auth.emailInvalid],
  ])('%o → %s', (change, message) => {
    expect(check({ ...ok, ...change })).toBe(message);
  });

  it('accepts a complete form', () => {
    expect(check(ok)).toBeUndefined();
  });
});
