import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { AuthScreen } from '../../client/src/pages/AuthScreen';
import { renderWithProviders, serverError, type Fixtures } from './support/render';

// Issue 13, item 2: a player goes back and forth between the sign-up steps without waiting for a
// new code, without typing a used code again, and sees the wait (m:ss) whenever a resend is refused.
const base: Fixtures = {
  'auth.checkUser': { exists: false },
  'auth.checkUserByEmail': { exists: false },
  'auth.sendOtpEmail': { success: true, message: MSG.auth.otpSent, resendAfterSeconds: 300 },
  'auth.verifyOtpEmail': { success: true, message: MSG.auth.otpVerified },
};

const field = (label: string) => screen.getByLabelText(label);

function renderAuth(fixtures: Fixtures = {}) {
  const ue = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const r = renderWithProviders(<AuthScreen onLogin={vi.fn()} />, {
    fixtures: { ...base, ...fixtures },
  });
  const sends = () => r.calls.filter((c) => c.path === 'auth.sendOtpEmail').length;
  return { ...r, ue, sends };
}

async function start(ue: ReturnType<typeof userEvent.setup>, email = 'camille@example.fr') {
  await ue.type(field('Nom complet'), 'Camille Martin');
  await ue.type(field('Email'), email);
  await ue.type(field('Numéro de téléphone'), '0612345678');
  await ue.click(screen.getByRole('button', { name: 'Continuer' }));
  await screen.findByRole('heading', { name: 'Vérifiez votre email' });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('sign-up steps, back and forth', { timeout: 20_000 }, () => {
  it('"Modifier l\'email" then Continuer with the same e-mail goes back to the code step, same countdown, no new send', async () => {
    const { ue, sends } = renderAuth();
    await start(ue);
    expect(document.activeElement).toBe(field('Code de vérification'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await ue.click(screen.getByRole('button', { name: "Modifier l'email" }));
    await ue.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Vérifiez votre email' });
    expect(sends()).toBe(1);
    expect(screen.getByText(/Renvoyer le code dans/)).toHaveTextContent(/4:(29|30)/);
  });

  it('another e-mail gets its own code', async () => {
    const { ue, sends } = renderAuth();
    await start(ue);
    await ue.click(screen.getByRole('button', { name: "Modifier l'email" }));
    await ue.clear(field('Email'));
    await ue.type(field('Email'), 'camille.autre@example.fr');
    await ue.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByText('camille.autre@example.fr');
    expect(sends()).toBe(2);
  });

  it('a refused send (a code went out moments ago, e.g. before a reload) leads to the code step with the wait left', async () => {
    const { ue } = renderAuth({
      'auth.sendOtpEmail': () => {
        throw serverError(MSG.auth.otpResendWait(272), 'TOO_MANY_REQUESTS', 429, {
          retryAfterSeconds: 272,
        });
      },
    });
    await start(ue);
    expect(screen.getByText(MSG.auth.otpAlreadySent)).toBeInTheDocument();
    expect(screen.getByText(/Renvoyer le code dans/)).toHaveTextContent('4:32');
  });

  it("a refused resend shows the server's wait in m:ss and counts it down", async () => {
    let refuse = false;
    const { ue } = renderAuth({
      'auth.sendOtpEmail': () => {
        if (refuse)
          throw serverError(MSG.auth.otpResendWait(95), 'TOO_MANY_REQUESTS', 429, {
            retryAfterSeconds: 95,
          });
        return { success: true, message: MSG.auth.otpSent, resendAfterSeconds: 300 };
      },
    });
    await start(ue);
    refuse = true;
    await act(() => vi.advanceTimersByTimeAsync(301_000));
    await ue.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    expect(
      await screen.findByText('Veuillez patienter 1:35 avant de demander un nouveau code.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Renvoyer le code dans/)).toHaveTextContent('1:35');
  });

  it('Retour from the account step shows the e-mail as verified: no code to type again, no countdown reset', async () => {
    const { ue, calls } = renderAuth();
    await start(ue);
    await ue.type(field('Code de vérification'), '123456');
    await ue.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByRole('heading', { name: 'Finalisez votre compte' });
    // The proven e-mail cannot be edited here.
    expect(field('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Email vérifié ✓')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByText(MSG.auth.emailVerifiedStep)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code de vérification')).not.toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Finalisez votre compte' });
    expect(calls.filter((c) => c.path === 'auth.verifyOtpEmail')).toHaveLength(1);
  });

  it('"Utiliser un autre email" from the account step restarts at the first step; the verified e-mail goes straight back', async () => {
    const { ue, sends } = renderAuth();
    await start(ue);
    await ue.type(field('Code de vérification'), '123456');
    await ue.click(screen.getByRole('button', { name: 'Vérifier' }));
    await screen.findByRole('heading', { name: 'Finalisez votre compte' });
    await ue.click(screen.getByRole('button', { name: 'Utiliser un autre email' }));
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Finalisez votre compte' });
    expect(sends()).toBe(1);
  });

  it('an old error goes once the field it is about changes', async () => {
    const { ue } = renderAuth({ 'auth.checkUserByEmail': { exists: true } });
    await ue.type(field('Nom complet'), 'Camille Martin');
    await ue.type(field('Email'), 'camille@example.fr');
    await ue.type(field('Numéro de téléphone'), '0612345678');
    await ue.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(MSG.auth.existingEmail)).toBeInTheDocument();
    await ue.type(field('Email'), 'x');
    expect(screen.queryByText(MSG.auth.existingEmail)).not.toBeInTheDocument();
  });
});

describe('login step', { timeout: 20_000 }, () => {
  it('says how many tries are left after a wrong PIN', async () => {
    const ue = userEvent.setup();
    renderWithProviders(<AuthScreen onLogin={vi.fn()} initialStep="login" />, {
      fixtures: {
        'auth.loginByEmail': () => {
          throw serverError(MSG.auth.wrongPin, 'UNAUTHORIZED', 401, { attemptsLeft: 3 });
        },
      },
    });
    await ue.type(field('Email'), 'camille@example.fr');
    await ue.type(field('Code PIN'), '1397');
    await ue.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(
      await screen.findByText(`${MSG.auth.wrongPin} 3 essais restants avant le blocage du compte.`),
    ).toBeInTheDocument();
    await ue.type(field('Code PIN'), '{Backspace}');
    expect(screen.queryByText(/essais restants/)).not.toBeInTheDocument();
  });
});
