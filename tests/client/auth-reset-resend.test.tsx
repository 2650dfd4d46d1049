import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResetPinStep } from '../../client/src/pages/auth/ResetPinStep';
import { renderWithProviders } from './support/render';

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PIN reset: code field and resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down 5:00 once the code is sent, then resends it and counts down again', async () => {
    const { calls } = renderWithProviders(
      <ResetPinStep initialEmail="camille@example.fr" onLoggedIn={vi.fn()} onBack={vi.fn()} />,
      {
        fixtures: {
          'auth.requestPinReset': {
            success: true,
            message: 'ok',
            channel: 'email',
            destination: 'c•••@example.fr',
          },
        },
      },
    );
    expect(screen.queryByText(/Renvoyer le code/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));
    await tick(0);
    expect(screen.getByText('5:00')).toBeInTheDocument();
    expect(screen.getByText(/Renvoyer le code dans/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).not.toBeInTheDocument();

    const code = screen.getByLabelText('Code de vérification');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(code, { target: { value: '12a3 4567' } });
    expect(code).toHaveValue('123456');
    expect(screen.getByLabelText('Nouveau code PIN (4 chiffres)')).toHaveAttribute(
      'name',
      'newPin',
    );
    expect(screen.getByLabelText('Confirmer le nouveau code PIN')).toHaveAttribute(
      'name',
      'confirmPin',
    );

    await tick(300_000);
    expect(screen.queryByText(/Renvoyer le code dans/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await tick(0);
    expect(calls.filter((c) => c.path === 'auth.requestPinReset')).toHaveLength(2);
    expect(screen.getByText('5:00')).toBeInTheDocument();
    await tick(1000);
    expect(screen.getByText('4:59')).toBeInTheDocument();
  });
});
