/**
 * Every validation message of spec section 5 for the account forms, as the server answers it:
 * over tRPC (the message of the error) and over the legacy REST paths (400 + `error`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { users } from '../../db/schema';
import { ZRegistrationStartInput } from '../../common/schemas/auth';
import type { TestContext } from '../support/app';
import type { TestUser } from '../support/factories';
import { bearer, rest, trpc } from '../support/http';
import { startAppWithUser } from './auth-support';

let t: TestContext;
let u: TestUser;
beforeAll(async () => ({ t, u } = await startAppWithUser()));
afterAll(() => t.close());

/** The French message a tRPC mutation (or query) answers for `input`, over HTTP like the client. */
async function trpcMessage(
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
) {
  const res = await trpc(t.app, kind, path, input, { headers });
  expect(res.status).toBe(400);
  return res.error;
}

async function restMessage(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await rest(t.app, 'POST', url, payload, headers);
  expect(res.status).toBe(400);
  return res.body.error;
}

describe('registration start (client form, shared schema)', () => {
  const base = { name: 'Léa', email: 'lea@example.fr', phone: '0612345678', country: 'FR' };
  const message = (input: object) =>
    ZRegistrationStartInput.safeParse({ ...base, ...input }).error?.issues[0]?.message;

  it.each([
    [{ name: ' ' }, MSG.auth.nameRequired],
    [{ email: '' }, MSG.auth.emailRequired],
    [{ phone: '' }, MSG.auth.phoneRequired],
    [{ phone: '061234567' }, MSG.auth.phoneExact],
    [{ phone: '06123456789' }, MSG.auth.phoneTooLong],
    [{ phone: '06-12-34-56' }, MSG.auth.phoneFormat],
    [{ country: 'XX' }, MSG.auth.countryUnsupported],
    [{ email: 'lea@example' }, MSG.auth.emailInvalid],
  ])('%j → %s', (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it('normalises the phone and lower-cases the e-mail', () => {
    expect(
      ZRegistrationStartInput.parse({ ...base, email: 'Lea@Example.FR', country: 'BE' }),
    ).toMatchObject({
      email: 'lea@example.fr',
      phone: '+32612345678',
    });
  });
});

describe('phone and e-mail checks (checkUser, checkUserByEmail, sendOtp, sendOtpEmail)', () => {
  it.each([
    [{ phone: '' }, MSG.auth.phoneRequired],
    [{}, MSG.auth.phoneRequired],
    [{ phone: '061234567' }, MSG.auth.phoneExact],
    [{ phone: '06123456789' }, MSG.auth.phoneTooLong],
    [{ phone: '06 12 34 56 78' }, MSG.auth.phoneFormat],
    [{ phone: '+33abc' }, MSG.auth.phoneFormat],
    [{ phone: '0612345678', country: 'ZZ' }, MSG.auth.countryUnsupported],
  ])('phone %j → %s', async (input, expected) => {
    expect(await trpcMessage('query', 'auth.checkUser', input)).toBe(expected);
    expect(await trpcMessage('mutation', 'auth.sendOtp', input)).toBe(expected);
    expect(await restMessage('/auth/check-user', input)).toBe(expected);
  });

  it('accepts the national number of any supported country, or the international form', async () => {
    const gb = await t.caller().auth.checkUser({ phone: '0712345678', country: 'GB' });
    expect(gb).toEqual({ exists: false });
    await t.db.db.insert(users).values({ name: 'Sn', phone: '+221771234567', pinHash: 'x' });
    expect(await t.caller().auth.checkUser({ phone: '0771234567', country: 'SN' })).toEqual({
      exists: true,
    });
    expect(await t.caller().auth.checkUser({ phone: '+221771234567' })).toEqual({ exists: true });
  });

  it.each([
    [{ email: '' }, MSG.auth.emailRequired],
    [{ email: '   ' }, MSG.auth.emailRequired],
    [{}, MSG.auth.emailRequired],
    [{ email: 'pas-un-email' }, MSG.auth.emailInvalid],
    [{ email: 'a@b' }, MSG.auth.emailInvalid],
  ])('e-mail %j → %s', async (input, expected) => {
    expect(await trpcMessage('query', 'auth.checkUserByEmail', input)).toBe(expected);
    expect(await trpcMessage('mutation', 'auth.sendOtpEmail', input)).toBe(expected);
    expect(await restMessage('/auth/send-otp-email', input)).toBe(expected);
  });
});

describe('OTP', () => {
  it.each([
    [{ code: '' }, MSG.auth.otpRequired],
    [{}, MSG.auth.otpRequired],
    [{ code: '12345' }, MSG.auth.otpFormat],
    [{ code: '1234567' }, MSG.auth.otpFormat],
    [{ code: '12a456' }, MSG.auth.otpFormat],
  ])('%j → %s', async (input, expected) => {
    expect(
      await trpcMessage('mutation', 'auth.verifyOtpEmail', { email: 'lea@example.fr', ...input }),
    ).toBe(expected);
    expect(await restMessage('/auth/verify-otp-email', { email: 'lea@example.fr', ...input })).toBe(
      expected,
    );
    expect(await restMessage('/auth/verify-otp', { phone: '0612345678', ...input })).toBe(expected);
  });

  it('a wrong code gets the spec message', async () => {
    expect(
      (
        await rest(t.app, 'POST', '/auth/verify-otp-email', {
          email: 'nobody@example.fr',
          code: '123456',
        })
      ).body.error,
    ).toBe(MSG.auth.otpWrong);
  });
});

describe('create account (register)', () => {
  const base = {
    name: 'Léa',
    email: 'lea@example.fr',
    phone: '0612345678',
    pin: '3947',
    confirmPin: '3947',
  };
  it.each([
    [{ name: '' }, MSG.auth.allFieldsRequired],
    [{ email: '' }, MSG.auth.allFieldsRequired],
    [{ pin: '' }, MSG.auth.allFieldsRequired],
    [{ confirmPin: '' }, MSG.auth.allFieldsRequired],
    [{ confirmPin: undefined }, MSG.auth.allFieldsRequired],
    [{ pin: '3948' }, MSG.auth.pinMismatch],
    [{ pin: '394', confirmPin: '394' }, MSG.auth.pinFormat],
    [{ pin: '39477', confirmPin: '39477' }, MSG.auth.pinFormat],
    [{ pin: 'abcd', confirmPin: 'abcd' }, MSG.auth.pinFormat],
    [{ pin: '1111', confirmPin: '1111' }, MSG.auth.pinTooWeak],
    [{ email: 'lea@' }, MSG.auth.emailInvalid],
    [{ phone: '0612' }, MSG.auth.phoneExact],
    [{ name: 'x'.repeat(101) }, MSG.auth.nameTooLong(100)],
  ])('%j → %s', async (input, expected) => {
    expect(await trpcMessage('mutation', 'auth.register', { ...base, ...input })).toBe(expected);
  });

  it('checks the legacy payload {name, email, phone, pin} the same way', async () => {
    expect(
      await restMessage('/auth/register', {
        name: '',
        email: 'lea@example.fr',
        phone: '+33612345678',
        pin: '3947',
      }),
    ).toBe(MSG.auth.allFieldsRequired);
    expect(
      await restMessage('/auth/register', {
        name: 'L',
        email: 'lea@example.fr',
        phone: '+33612345678',
        pin: '39',
      }),
    ).toBe(MSG.auth.pinFormat);
    expect(
      await restMessage('/auth/register', {
        name: 'L',
        email: 'lea@example.fr',
        phone: '+33612345678',
        pin: '1234',
      }),
    ).toBe(MSG.auth.pinTooWeak);
  });
});

describe('login', () => {
  it.each([
    [{ email: '', pin: '' }, MSG.auth.emailRequired],
    [{ email: 'lea@example.fr', pin: '' }, MSG.auth.pinRequired],
    [{ email: 'lea@', pin: '' }, MSG.auth.pinRequired],
    [{ email: 'lea@', pin: '3947' }, MSG.auth.emailInvalid],
    [{ email: 'lea@example.fr', pin: '39' }, MSG.auth.pinFormat],
  ])('by e-mail %j → %s', async (input, expected) => {
    expect(await trpcMessage('mutation', 'auth.loginByEmail', { ...input, deviceId: 'd' })).toBe(
      expected,
    );
    expect(await restMessage('/auth/login-by-email', { ...input, deviceId: 'd' })).toBe(expected);
  });

  it.each([
    [{ phone: '', pin: '3947' }, MSG.auth.phoneRequired],
    [{ phone: '061234567', pin: '3947' }, MSG.auth.phoneExact],
    [{ phone: '0612345678', pin: '' }, MSG.auth.pinRequired],
    [{ phone: '0612345678', pin: '394' }, MSG.auth.pinFormat],
  ])('by phone %j → %s', async (input, expected) => {
    expect(await trpcMessage('mutation', 'auth.login', { ...input, deviceId: 'd' })).toBe(expected);
    expect(await restMessage('/auth/login', { ...input, deviceId: 'd' })).toBe(expected);
  });

  it('an unknown e-mail and a wrong PIN get the two spec messages', async () => {
    expect(
      (
        await rest(t.app, 'POST', '/auth/login-by-email', {
          email: 'inconnu@example.fr',
          pin: '3947',
          deviceId: 'd',
        })
      ).body.error,
    ).toBe(MSG.auth.unknownEmail);
    expect(
      (
        await rest(t.app, 'POST', '/auth/login-by-email', {
          email: u.email,
          pin: '3947',
          deviceId: 'd',
        })
      ).body.error,
    ).toBe(MSG.auth.wrongPin);
  });
});

describe('reset PIN', () => {
  const base = { email: 'lea@example.fr', code: '123456', newPin: '3947', confirmPin: '3947' };
  it.each([
    [{ newPin: '' }, MSG.auth.allFieldsRequired],
    [{ confirmPin: '' }, MSG.auth.allFieldsRequired],
    [{ confirmPin: '3948' }, MSG.auth.pinMismatch],
    [{ newPin: '39', confirmPin: '39' }, MSG.auth.pinFormat],
    [{ newPin: '0000', confirmPin: '0000' }, MSG.auth.pinTooWeak],
    [{ code: '' }, MSG.auth.otpRequired],
    [{ email: '' }, MSG.auth.emailRequired],
  ])('%j → %s', async (input, expected) => {
    expect(await trpcMessage('mutation', 'auth.resetPin', { ...base, ...input })).toBe(expected);
  });

  it.each([
    [{ phone: '061234567', newPin: '3947' }, MSG.auth.phoneExact],
    [{ phone: '06123456789', newPin: '3947' }, MSG.auth.phoneTooLong],
    [{ phone: '0612345678', newPin: '' }, MSG.auth.pinRequired],
    [{ phone: '0612345678', newPin: '39' }, MSG.auth.pinFormat],
    [{ phone: '0612345678', newPin: '2222' }, MSG.auth.pinTooWeak],
  ])('legacy %j → %s', async (input, expected) => {
    expect(await restMessage('/auth/reset-pin', input)).toBe(expected);
  });
});

describe('PIN change', () => {
  const base = { currentPin: '4826', newPin: '3947', confirmPin: '3947' };
  it.each([
    [{ currentPin: '' }, MSG.auth.pinChangeAllRequired],
    [{ newPin: '' }, MSG.auth.pinChangeAllRequired],
    [{ confirmPin: '' }, MSG.auth.pinChangeAllRequired],
    [{ currentPin: '48' }, MSG.auth.currentPinFormat],
    [{ newPin: '39', confirmPin: '39' }, MSG.auth.newPinFormat],
    [{ confirmPin: '3948' }, MSG.auth.newPinMismatch],
    [{ newPin: '4826', confirmPin: '4826' }, MSG.auth.newPinSame],
    [{ newPin: '7777', confirmPin: '7777' }, MSG.auth.pinTooWeak],
  ])('%j → %s', async (input, expected) => {
    expect(
      await trpcMessage('mutation', 'auth.changePin', { ...base, ...input }, bearer(u.token)),
    ).toBe(expected);
  });

  it('checks the legacy payload {userId, currentPin, newPin} the same way', async () => {
    expect(
      await restMessage(
        '/auth/change-pin',
        { userId: u.id, currentPin: '', newPin: '3947' },
        bearer(u.token),
      ),
    ).toBe(MSG.auth.pinChangeAllRequired);
    expect(
      await restMessage(
        '/auth/change-pin',
        { userId: u.id, currentPin: '4826', newPin: '4826' },
        bearer(u.token),
      ),
    ).toBe(MSG.auth.newPinSame);
    expect(
      await restMessage(
        '/auth/change-pin',
        { userId: u.id, currentPin: '482', newPin: '3947' },
        bearer(u.token),
      ),
    ).toBe(MSG.auth.currentPinFormat);
  });
});
