import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpEmailStep } from '../../client/src/pages/auth/OtpEmailStep';
import { formatCountdown, MSG } from '../../common/messages';
import { renderWithProviders } from './support/render';

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('OTP resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const renderStep = () =>
    renderWithProviders(
      <OtpEmailStep
        email="camille@example.fr"
        resendAt={Date.now() + 300_000}
        verified={false}
        onResent={vi.fn()}
        onVerified={vi.fn()}
        onChangeEmail={vi.fn()}
      />,
      {
        fixtures: {
          'auth.sendOtpEmail': {
            success: true,
            message: MSG.auth.otpSent,
            resendAfterSeconds: 300,
          },
        },
      },
    );

  it('formats seconds as m:ss', () => {
    expect([300, 299, 61, 60, 9, 0].map(formatCountdown)).toEqual([
      '5:00',
      '4:59',
      '1:01',
      '1:00',
      '0:09',
      '0:00',
    ]);
  });

  it('counts down from 5:00 each second and offers the resend link only at 0', async () => {
    const { calls } = renderStep();
    expect(screen.getByText('5:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).not.toBeInTheDocument();
    await tick(1000);
    expect(screen.getByText('4:59')).toBeInTheDocument();
    await tick(1000);
    expect(screen.getByText('4:58')).toBeInTheDocument();
    await tick(238_000);
    expect(screen.getByText('1:00')).toBeInTheDocument();
    await tick(59_000);
    expect(screen.getByText('0:01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renvoyer le code' })).not.toBeInTheDocument();
    await tick(1000);
    expect(screen.queryByText(/Renvoyer le code dans/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    await tick(0);
    expect(calls.filter((c) => c.path === 'auth.sendOtpEmail')).toHaveLength(1);
    expect(screen.getByText(MSG.auth.otpSent)).toBeInTheDocument();
    expect(screen.getByText('5:00')).toBeInTheDocument();
    await tick(1000);
    expect(screen.getByText('4:59')).toBeInTheDocument();
  });
});
