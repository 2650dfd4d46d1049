import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from '../../common/countries';
import { MSG } from '../../common/messages';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import { AuthScreen, type AuthStep } from '../../client/src/pages/AuthScreen';
import { levelRows } from './support/match-fixtures';
import {
  networkError,
  renderWithProviders,
  serverError,
  testUser,
  type Fixtures,
} from './support/render';

const user = testUser();
const session = { success: true, message: 'Connexion réussie', user, token: 't' };

function renderAuth(fixtures: Fixtures = {}, initialStep: AuthStep = 'phone') {
  const onLogin = vi.fn();
  const result = renderWithProviders(<AuthScreen onLogin={onLogin} initialStep={initialStep} />, {
    fixtures,
  });
  return { ...result, onLogin, ue: userEvent.setup() };
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const press = (ue: ReturnType<typeof userEvent.setup>, name: string | RegExp) =>
  ue.click(screen.getByRole('button', { name }));
const alertWith = (text: string) => screen.findByText(text);

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("Auth step 'phone' (registration start)", () => {
  const noAccount: Fixtures = {
    'auth.checkUser': { exists: false },
    'auth.checkUserByEmail': { exists: false },
    'auth.sendOtpEmail': { success: true, message: MSG.auth.otpSent, resendAfterSeconds: 300 },
  };

  async function fill(
    ue: ReturnType<typeof userEvent.setup>,
    v: { name?: string; email?: string; phone?: string },
  ) {
    if (v.name) await ue.type(field('Nom complet'), v.name);
    if (v.email) await ue.type(field('Email'), v.email);
    if (v.phone) await ue.type(field('Numéro de téléphone'), v.phone);
    await press(ue, 'Continuer');
  }

  it('offers the 31 countries with France selected', () => {
    renderAuth();
    const select = field('Pays');
    expect(within(select).getAllByRole('option')).toHaveLength(COUNTRIES.length);
    expect(COUNTRIES).toHaveLength(31);
    expect(select).toHaveValue('FR');
    expect(screen.getByRole('option', { name: /\+33 France$/ })).toHaveProperty('selected', true);
  });

  it('asks for the name, then the e-mail, then the phone', async () => {
    const { ue, calls } = renderAuth();
    await fill(ue, {});
    expect(await alertWith(MSG.auth.nameRequired)).toBeInTheDocument();
    expect(field('Nom complet')).toHaveFocus();
    await fill(ue, { name: 'Camille' });
    expect(await alertWith(MSG.auth.emailRequired)).toBeInTheDocument();
    expect(field('Email')).toHaveFocus();
    await fill(ue, { email: 'camille@example.fr' });
    expect(await alertWith(MSG.auth.phoneRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('wants exactly 10 digits and a valid e-mail', async () => {
    const { ue } = renderAuth();
    await fill(ue, { name: 'Camille', email: 'camille@', phone: '061234567' });
    expect(await alertWith(MSG.auth.phoneExact)).toBeInTheDocument();
    await fill(ue, { phone: '8' });
    expect(await alertWith(MSG.auth.emailInvalid)).toBeInTheDocument();
  });

  it('keeps digits only in the phone field, at most 10', async () => {
    const { ue } = renderAuth();
    await ue.type(field('Numéro de téléphone'), '06 12-ab 34 56 78 99 00');
    expect(field('Numéro de téléphone')).toHaveValue('0612345678');
  });

  it('tells an existing phone or e-mail apart', async () => {
    const { ue } = renderAuth({ ...noAccount, 'auth.checkUser': { exists: true } });
    await fill(ue, { name: 'Camille', email: 'camille@example.fr', phone: '0612345678' });
    expect(await alertWith(MSG.auth.existingPhone)).toBeInTheDocument();
    cleanup();
    const second = renderAuth({ ...noAccount, 'auth.checkUserByEmail': { exists: true } });
    await fill(second.ue, { name: 'Camille', email: 'camille@example.fr', phone: '0612345678' });
    expect(await alertWith(MSG.auth.existingEmail)).toBeInTheDocument();
  });

  it.each([
    [
      'an HTTP 404',
      serverError('No procedure found on path "auth.checkUser"', 'NOT_FOUND', 404),
      MSG.http.notFound,
    ],
    ['a server error', serverError('boom', 'INTERNAL_SERVER_ERROR', 500), MSG.http.server],
    ['no connection', networkError(), MSG.http.network],
  ])('shows the section 8 text for %s', async (_what, error, text) => {
    const { ue } = renderAuth({
      ...noAccount,
      'auth.checkUser': () => {
        throw error;
      },
    });
    await fill(ue, { name: 'Camille', email: 'camille@example.fr', phone: '0612345678' });
    expect(await alertWith(text)).toBeInTheDocument();
  });

  it('reports a failed code send', async () => {
    const { ue } = renderAuth({
      ...noAccount,
      'auth.sendOtpEmail': () => Promise.reject(serverError('', 'BAD_REQUEST', 400)),
    });
    await fill(ue, { name: 'Camille', email: 'camille@example.fr', phone: '0612345678' });
    expect(await alertWith(MSG.auth.otpSendFailed)).toBeInTheDocument();
  });

  it('sends the code to a new player and moves to the code step', async () => {
    const { ue, calls } = renderAuth(noAccount);
    await ue.selectOptions(field('Pays'), 'BE');
    await fill(ue, { name: ' Camille ', email: 'camille@example.fr', phone: '0470123456' });
    expect(
      await screen.findByRole('heading', { name: 'Vérifiez votre email' }),
    ).toBeInTheDocument();
    expect(screen.getByText('camille@example.fr')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth.checkUser')?.input).toEqual({
      phone: '0470123456',
      country: 'BE',
    });
    expect(calls.find((c) => c.path === 'auth.sendOtpEmail')?.input).toEqual({
      email: 'camille@example.fr',
    });
  });

  it('leads to the login step with "J\'ai déjà un compte"', async () => {
    const { ue } = renderAuth();
    await press(ue, "J'ai déjà un compte");
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });
});

describe("Auth step 'otp-email'", () => {
  const toOtp: Fixtures = {
    'auth.checkUser': { exists: false },
    'auth.checkUserByEmail': { exists: false },
    'auth.sendOtpEmail': { success: true, message: MSG.auth.otpSent, resendAfterSeconds: 300 },
  };

  async function reachOtp(fixtures: Fixtures) {
    const r = renderAuth({ ...toOtp, ...fixtures });
    await r.ue.type(field('Nom complet'), 'Camille Martin');
    await r.ue.type(field('Email'), 'camille@example.fr');
    await r.ue.type(field('Numéro de téléphone'), '0612345678');
    await press(r.ue, 'Continuer');
    await screen.findByLabelText('Code de vérification');
    return r;
  }

  it('asks for the code, then for 6 digits, and filters the input', async () => {
    const { ue } = await reachOtp({});
    await press(ue, 'Vérifier');
    expect(await alertWith(MSG.auth.otpRequired)).toBeInTheDocument();
    await ue.type(field('Code de vérification'), '12a3');
    expect(field('Code de vérification')).toHaveValue('123');
    await press(ue, 'Vérifier');
    expect(await alertWith(MSG.auth.otpFormat)).toBeInTheDocument();
    await ue.type(field('Code de vérification'), '45678');
    expect(field('Code de vérification')).toHaveValue('123456');
  });

  it("shows the server's message for a wrong code, else the fallback", async () => {
    const { ue } = await reachOtp({
      'auth.verifyOtpEmail': () => Promise.reject(serverError(MSG.auth.otpExpired)),
    });
    await ue.type(field('Code de vérification'), '123456');
    await press(ue, 'Vérifier');
    expect(await alertWith(MSG.auth.otpExpired)).toBeInTheDocument();
    cleanup();
    const again = await reachOtp({ 'auth.verifyOtpEmail': { success: false, message: '' } });
    await again.ue.type(field('Code de vérification'), '123456');
    await press(again.ue, 'Vérifier');
    expect(await alertWith(MSG.auth.otpWrong)).toBeInTheDocument();
  });

  it('goes back to the first step with "Modifier l\'email", keeping what was typed', async () => {
    const { ue } = await reachOtp({});
    await press(ue, "Modifier l'email");
    expect(field('Email')).toHaveValue('camille@example.fr');
    expect(field('Nom complet')).toHaveValue('Camille Martin');
  });

  it('moves to the account step once the code is right', async () => {
    const { ue } = await reachOtp({
      'auth.verifyOtpEmail': { success: true, message: MSG.auth.otpVerified },
    });
    await ue.type(field('Code de vérification'), '123456');
    await press(ue, 'Vérifier');
    expect(
      await screen.findByRole('heading', { name: 'Finalisez votre compte' }),
    ).toBeInTheDocument();
    expect(field('Nom complet')).toHaveValue('Camille Martin');
    expect(field('Email')).toHaveValue('camille@example.fr');
  });
});

describe("Auth step 'register' (create account)", () => {
  const toRegister: Fixtures = {
    'auth.checkUser': { exists: false },
    'auth.checkUserByEmail': { exists: false },
    'auth.sendOtpEmail': { success: true, message: MSG.auth.otpSent, resendAfterSeconds: 300 },
    'auth.verifyOtpEmail': { success: true, message: MSG.auth.otpVerified },
  };

  async function reachRegister(fixtures: Fixtures) {
    const r = renderAuth({ ...toRegister, ...fixtures });
    await r.ue.type(field('Nom complet'), 'Camille Martin');
    await r.ue.type(field('Email'), 'camille@example.fr');
    await r.ue.type(field('Numéro de téléphone'), '0612345678');
    await press(r.ue, 'Continuer');
    await r.ue.type(await screen.findByLabelText('Code de vérification'), '123456');
    await press(r.ue, 'Vérifier');
    await screen.findByLabelText('Code PIN (4 chiffres)');
    return r;
  }

  async function pins(ue: ReturnType<typeof userEvent.setup>, pin: string, confirm: string) {
    await ue.clear(field('Code PIN (4 chiffres)'));
    await ue.clear(field('Confirmer le code PIN'));
    if (pin) await ue.type(field('Code PIN (4 chiffres)'), pin);
    if (confirm) await ue.type(field('Confirmer le code PIN'), confirm);
    await press(ue, 'Créer mon compte');
  }

  it('requires every field, matching PINs of 4 digits', async () => {
    const { ue, calls } = await reachRegister({});
    await pins(ue, '', '');
    expect(await alertWith(MSG.auth.allFieldsRequired)).toBeInTheDocument();
    await pins(ue, '4826', '4827');
    expect(await alertWith(MSG.auth.pinMismatch)).toBeInTheDocument();
    expect(field('Confirmer le code PIN')).toHaveFocus();
    await pins(ue, '48', '48');
    expect(await alertWith(MSG.auth.pinFormat)).toBeInTheDocument();
    expect(field('Code PIN (4 chiffres)')).toHaveFocus();
    expect(calls.some((c) => c.path === 'auth.register')).toBe(false);
  });

  it('keeps 4 digits at most in the PIN fields', async () => {
    const { ue } = await reachRegister({});
    await ue.type(field('Code PIN (4 chiffres)'), '48a2693');
    expect(field('Code PIN (4 chiffres)')).toHaveValue('4826');
  });

  it("shows the server's refusal, or the creation fallback", async () => {
    const { ue } = await reachRegister({
      'auth.register': () => Promise.reject(serverError(MSG.auth.emailNotVerified)),
    });
    await pins(ue, '4826', '4826');
    expect(await alertWith(MSG.auth.emailNotVerified)).toBeInTheDocument();
    cleanup();
    const again = await reachRegister({ 'auth.register': () => Promise.reject(serverError('')) });
    await pins(again.ue, '4826', '4826');
    expect(await alertWith(MSG.auth.registerFailed)).toBeInTheDocument();
  });

  it('logs the new player in and trusts the device', async () => {
    const { ue, onLogin, calls } = await reachRegister({ 'auth.register': session });
    await pins(ue, '4826', '4826');
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceTrusted)).toBe('true');
    expect(calls.find((c) => c.path === 'auth.register')?.input).toEqual({
      name: 'Camille Martin',
      email: 'camille@example.fr',
      phone: '0612345678',
      country: 'FR',
      pin: '4826',
      confirmPin: '4826',
      deviceId: window.localStorage.getItem(STORAGE_KEYS.deviceId),
    });
  });

  it('offers the level, optional: the chosen one is sent with the account', async () => {
    const { ue, calls } = await reachRegister({
      'auth.register': session,
      'levels.list': levelRows,
    });
    const select = await screen.findByLabelText(MSG.signUpLevel.label);
    expect(select).toHaveValue('');
    await within(select).findByRole('option', { name: 'Niveau 4 — Intermédiaire confirmé' });
    await ue.selectOptions(select, 'Niveau 4');
    await pins(ue, '4826', '4826');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === 'auth.register')?.input).toMatchObject({
        level: 'Niveau 4',
      }),
    );
  });

  it('sends the player to the login step when the automatic login fails', async () => {
    const { ue, onLogin } = await reachRegister({
      'auth.register': { success: true, message: MSG.auth.registered, user: null, token: '' },
      'auth.loginByEmail': () => Promise.reject(networkError()),
    });
    await pins(ue, '4826', '4826');
    expect(await alertWith(MSG.auth.createdButLoginFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue('camille@example.fr');
    expect(onLogin).not.toHaveBeenCalled();
  });

  it('goes back to the code step', async () => {
    const { ue } = await reachRegister({});
    await press(ue, 'Retour');
    expect(screen.getByRole('heading', { name: 'Vérifiez votre email' })).toBeInTheDocument();
  });
});

describe("Auth step 'login'", () => {
  async function login(ue: ReturnType<typeof userEvent.setup>, email: string, pin: string) {
    await ue.clear(field('Email'));
    await ue.clear(field('Code PIN'));
    if (email) await ue.type(field('Email'), email);
    if (pin) await ue.type(field('Code PIN'), pin);
    await press(ue, 'Se connecter');
  }

  it('checks e-mail required, PIN required, e-mail format, PIN of 4 digits — in that order', async () => {
    const { ue, calls } = renderAuth({}, 'login');
    await login(ue, '', '');
    expect(await alertWith(MSG.auth.emailRequired)).toBeInTheDocument();
    await login(ue, 'camille@', '');
    expect(await alertWith(MSG.auth.pinRequired)).toBeInTheDocument();
    expect(field('Code PIN')).toHaveFocus();
    await login(ue, 'camille@', '4826');
    expect(await alertWith(MSG.auth.emailInvalid)).toBeInTheDocument();
    await login(ue, 'camille@example.fr', '48');
    expect(await alertWith(MSG.auth.pinFormat)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    [serverError(MSG.auth.unknownEmail, 'UNAUTHORIZED', 401), MSG.auth.unknownEmail],
    [serverError(MSG.auth.wrongPin, 'UNAUTHORIZED', 401), MSG.auth.wrongPin],
    [serverError('', 'UNAUTHORIZED', 401), MSG.auth.wrongPin],
    [serverError('crash', 'INTERNAL_SERVER_ERROR', 500), MSG.http.server],
  ])('shows why a login failed (%#)', async (error, text) => {
    const { ue, onLogin } = renderAuth(
      { 'auth.loginByEmail': () => Promise.reject(error) },
      'login',
    );
    await login(ue, 'camille@example.fr', '4826');
    expect(await alertWith(text)).toBeInTheDocument();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it("logs in with this browser's device id and trusts the device", async () => {
    const { ue, onLogin, calls } = renderAuth({ 'auth.loginByEmail': session }, 'login');
    await login(ue, 'camille@example.fr', '4826');
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    const deviceId = window.localStorage.getItem(STORAGE_KEYS.deviceId);
    expect(deviceId).toBeTruthy();
    expect(calls[0]?.input).toEqual({ email: 'camille@example.fr', pin: '4826', deviceId });
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceTrusted)).toBe('true');
  });

  it('leads to the first step and to the PIN reset', async () => {
    const { ue } = renderAuth({}, 'login');
    await press(ue, "Modifier l'email");
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
    await press(ue, "J'ai déjà un compte");
    await press(ue, 'Code PIN oublié ?');
    expect(screen.getByRole('heading', { name: 'Réinitialiser le code PIN' })).toBeInTheDocument();
  });
});

describe("Auth step 'reset-pin'", () => {
  const sent = {
    success: true,
    message: MSG.auth.otpSent,
    channel: 'email',
    destination: 'c•••••@example.fr',
  };

  async function reachCode(fixtures: Fixtures) {
    const r = renderAuth({ 'auth.requestPinReset': sent, ...fixtures }, 'reset-pin');
    await r.ue.type(field('Email'), 'camille@example.fr');
    await press(r.ue, 'Recevoir un code');
    await screen.findByLabelText('Code de vérification');
    return r;
  }

  async function reset(
    ue: ReturnType<typeof userEvent.setup>,
    code: string,
    pin: string,
    confirm: string,
  ) {
    for (const label of [
      'Code de vérification',
      'Nouveau code PIN (4 chiffres)',
      'Confirmer le nouveau code PIN',
    ])
      await ue.clear(field(label));
    if (code) await ue.type(field('Code de vérification'), code);
    if (pin) await ue.type(field('Nouveau code PIN (4 chiffres)'), pin);
    if (confirm) await ue.type(field('Confirmer le nouveau code PIN'), confirm);
    await press(ue, 'Réinitialiser');
  }

  it('first asks for the e-mail that receives the code', async () => {
    const { ue } = renderAuth({ 'auth.requestPinReset': sent }, 'reset-pin');
    await press(ue, 'Recevoir un code');
    expect(await alertWith(MSG.auth.emailRequired)).toBeInTheDocument();
    await ue.type(field('Email'), 'camille');
    await press(ue, 'Recevoir un code');
    expect(await alertWith(MSG.auth.emailInvalid)).toBeInTheDocument();
  });

  it('says where the code went (SMS or e-mail)', async () => {
    await reachCode({
      'auth.requestPinReset': { ...sent, channel: 'sms', destination: '+33 6 •• •• •• 78' },
    });
    expect(screen.getByText(/par SMS au \+33 6 •• •• •• 78/)).toBeInTheDocument();
  });

  it('checks the code, then the new PIN like a new account', async () => {
    const { ue, calls } = await reachCode({});
    await reset(ue, '', '', '');
    expect(await alertWith(MSG.auth.otpRequired)).toBeInTheDocument();
    await reset(ue, '123', '', '');
    expect(await alertWith(MSG.auth.otpFormat)).toBeInTheDocument();
    await reset(ue, '123456', '', '');
    expect(await alertWith(MSG.auth.allFieldsRequired)).toBeInTheDocument();
    await reset(ue, '123456', '4826', '4827');
    expect(await alertWith(MSG.auth.pinMismatch)).toBeInTheDocument();
    await reset(ue, '123456', '48', '48');
    expect(await alertWith(MSG.auth.pinFormat)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'auth.resetPin')).toBe(false);
  });

  it("shows the server's refusal, or the reset fallback", async () => {
    const { ue } = await reachCode({
      'auth.resetPin': () => Promise.reject(serverError(MSG.auth.otpWrong)),
    });
    await reset(ue, '123456', '4826', '4826');
    expect(await alertWith(MSG.auth.otpWrong)).toBeInTheDocument();
    cleanup();
    const again = await reachCode({ 'auth.resetPin': () => Promise.reject(serverError('')) });
    await reset(again.ue, '123456', '4826', '4826');
    expect(await alertWith(MSG.auth.resetFailed)).toBeInTheDocument();
  });

  it('logs the player in once the PIN is reset', async () => {
    const { ue, onLogin, calls } = await reachCode({ 'auth.resetPin': session });
    await reset(ue, '123456', '4826', '4826');
    await vi.waitFor(() => expect(onLogin).toHaveBeenCalledWith(user));
    expect(calls.find((c) => c.path === 'auth.resetPin')?.input).toMatchObject({
      email: 'camille@example.fr',
      code: '123456',
      newPin: '4826',
      confirmPin: '4826',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceTrusted)).toBe('true');
  });

  it('goes back to the login step', async () => {
    const { ue } = renderAuth({}, 'reset-pin');
    await press(ue, 'Retour');
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });
});
