import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { validateRegisterStart } from '../../client/src/pages/auth/validation';

/** The phone messages the filtered field cannot produce by typing, checked on the form's rule set. */
describe('registration start rules', () => {
  const ok = { name: 'Camille', email: 'camille@example.fr', phone: '0612345678', country: 'FR' };
  it.each([
    [{ phone: '06123456789' }, MSG.auth.phoneTooLong],
    [{ phone: '06 12 34 56' }, MSG.auth.phoneFormat],
    [{ country: 'XX' }, MSG.auth.countryUnsupported],
    [{ name: '   ' }, MSG.auth.nameRequired],
    [{ email: 'camille.example.fr' }, MSG.auth.emailInvalid],
  ])('%o → %s', (change, message) => {
    expect(validateRegisterStart({ ...ok, ...change })?.message).toBe(message);
  });

  it('accepts a complete form', () => {
    expect(validateRegisterStart(ok)).toBeNull();
  });
});
