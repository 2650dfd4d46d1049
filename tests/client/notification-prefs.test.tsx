import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { NotificationPrefs } from '../../client/src/pages/profile/NotificationPrefs';
import { renderWithProviders, testUser } from './support/render';

const user = testUser({ id: 7 });

describe('notification preferences (issue 21: SMS only when it can go out)', () => {
  afterEach(cleanup);

  it('greys the SMS choice out, unticked and with the reason, while no live SMS is set up', async () => {
    renderWithProviders(<NotificationPrefs onNotice={vi.fn()} />, {
      user,
      fixtures: {
        'users.notifications': { notify_email: true, notify_sms: true },
        'users.notificationChannels': { sms: false },
      },
    });
    const sms = await screen.findByRole('checkbox', { name: MSG.notify.prefsSms });
    await vi.waitFor(() => expect(sms).toBeDisabled());
    expect(sms).not.toBeChecked();
    expect(sms).toHaveAccessibleDescription(MSG.smsOff.reason);
    expect(screen.getByRole('checkbox', { name: MSG.notify.prefsEmail })).toBeEnabled();
  });

  it('offers it once SMS is live', async () => {
    const { calls } = renderWithProviders(<NotificationPrefs onNotice={vi.fn()} />, {
      user,
      fixtures: {
        'users.notifications': { notify_email: true, notify_sms: false },
        'users.notificationChannels': { sms: true },
        'users.updateNotifications': { notify_email: true, notify_sms: true },
      },
    });
    const sms = await screen.findByRole('checkbox', { name: MSG.notify.prefsSms });
    await vi.waitFor(() => expect(sms).toBeEnabled());
    expect(screen.queryByText(MSG.smsOff.reason)).not.toBeInTheDocument();
    await userEvent.click(sms);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === 'users.updateNotifications')?.input).toEqual({
        notify_email: true,
        notify_sms: true,
      }),
    );
  });
});
