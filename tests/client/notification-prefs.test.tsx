import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { PREFS_TEXT } from '../../common/notification-types';
import type { TNotificationPreferences } from '../../common/schemas/notification-preferences';
import { NotificationPrefs } from '../../client/src/pages/profile/NotificationPrefs';
import { DEFAULT_PREFERENCES } from '../support/notification-preferences';
import { renderWithProviders, testUser } from './support/render';

const user = testUser({ id: 7 });
const prefs: TNotificationPreferences = {
  ...DEFAULT_PREFERENCES,
  channels: { email: true, sms: true, push: true },
};

const render = (smsLive: boolean, more: Record<string, unknown> = {}) =>
  renderWithProviders(<NotificationPrefs onNotice={vi.fn()} />, {
    user,
    fixtures: {
      'users.notificationPreferences': prefs,
      'users.notificationChannels': { sms: smsLive },
      ...more,
    },
  });

describe('notification preferences (issues 21 and 41)', () => {
  afterEach(cleanup);

  it('greys the SMS choice out, unticked and with the reason, while no live SMS is set up', async () => {
    render(false);
    const sms = await screen.findByRole('checkbox', { name: MSG.notify.prefsSms });
    await vi.waitFor(() => expect(sms).toBeDisabled());
    expect(sms).not.toBeChecked();
    expect(sms).toHaveAccessibleDescription(MSG.smsOff.reason);
    expect(screen.getByRole('checkbox', { name: MSG.notify.prefsEmail })).toBeEnabled();
  });

  it('offers it once SMS is live, and saves the choices whole', async () => {
    const { calls } = render(true, { 'users.updateNotificationPreferences': prefs });
    const sms = await screen.findByRole('checkbox', { name: MSG.notify.prefsSms });
    await vi.waitFor(() => expect(sms).toBeEnabled());
    expect(screen.queryByText(MSG.smsOff.reason)).not.toBeInTheDocument();
    await userEvent.click(sms);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === 'users.updateNotificationPreferences')?.input).toEqual({
        ...prefs,
        channels: { ...prefs.channels, sms: false },
      }),
    );
  });

  it('turns one type off in one tap, and the quiet hours off or to other hours', async () => {
    const { calls } = render(true, { 'users.updateNotificationPreferences': prefs });
    const saved = () =>
      calls.filter((c) => c.path === 'users.updateNotificationPreferences').map((c) => c.input);
    await userEvent.click(await screen.findByRole('checkbox', { name: PREFS_TEXT.types.chat }));
    await vi.waitFor(() =>
      expect(saved()).toContainEqual({ ...prefs, types: { ...prefs.types, chat: false } }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: PREFS_TEXT.quiet }));
    await vi.waitFor(() => expect(saved()).toContainEqual({ ...prefs, quiet_hours: null }));

    const from = screen.getByLabelText(PREFS_TEXT.quietFrom);
    await userEvent.clear(from);
    await userEvent.type(from, '23:30');
    await userEvent.tab();
    await vi.waitFor(() =>
      expect(saved()).toContainEqual({ ...prefs, quiet_hours: { from: '23:30', to: '08:00' } }),
    );
  });
});
