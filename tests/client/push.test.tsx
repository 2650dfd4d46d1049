import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { PushPrompt } from '../../client/src/components/push/PushPrompt';
import { offerPush } from '../../client/src/lib/push';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import { PushDevice } from '../../client/src/pages/profile/PushDevice';
import { renderWithProviders, testUser } from './support/render';

const user = testUser({ id: 7 });
const KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const ENDPOINT = 'https://push.example.net/wpush/abc';

/** Stands in for the browser's Notification, PushManager and service worker registration. */
function browserPush(o: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribe: () => Promise<unknown>;
}) {
  const notification = {
    permission: o.permission ?? 'default',
    requestPermission: vi.fn(() => {
      notification.permission = o.answer ?? 'granted';
      return Promise.resolve(notification.permission);
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  let current: unknown = null;
  const pushManager = {
    subscribe: vi.fn(async () => (current = await o.subscribe())),
    getSubscription: vi.fn(() => Promise.resolve(current)),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  return { notification, pushManager };
}

/** What `subscribe` rejects with in a browser without a push service (headless Chromium). */
const noPushService = () =>
  Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));

const fakeSubscription = {
  endpoint: ENDPOINT,
  toJSON: () => ({
    endpoint: ENDPOINT,
    keys: { p256dh: KEY, auth: Buffer.alloc(16, 1).toString('base64url') },
  }),
  unsubscribe: vi.fn(() => Promise.resolve(true)),
};

const fixtures = {
  'push.vapidPublicKey': { key: KEY },
  'push.subscribe': { endpoint: ENDPOINT, kinds: ['joined', 'soon'], created: true },
  'push.device': null,
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('"Être prévenu sur ce téléphone ?"', () => {
  it('is not asked on page load, only once a join or create succeeded, and once', async () => {
    const { notification } = browserPush({ subscribe: noPushService });
    renderWithProviders(<PushPrompt />, { user, fixtures });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => offerPush());
    expect(await screen.findByRole('dialog', { name: MSG.push.promptTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MSG.push.promptRefuse }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(notification.requestPermission).not.toHaveBeenCalled();
    act(() => offerPush());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains in French when the browser cannot subscribe, and stores nothing', async () => {
    const { pushManager } = browserPush({ subscribe: noPushService });
    const { calls } = renderWithProviders(<PushPrompt />, { user, fixtures });
    act(() => offerPush());
    await userEvent.click(await screen.findByRole('button', { name: MSG.push.promptAccept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.push.subscribeFailed);
    expect(pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(calls.map((c) => c.path)).not.toContain('push.subscribe');
  });

  it('remembers and explains a blocked permission', async () => {
    const { pushManager } = browserPush({ answer: 'denied', subscribe: noPushService });
    renderWithProviders(<PushPrompt />, { user, fixtures });
    act(() => offerPush());
    await userEvent.click(await screen.findByRole('button', { name: MSG.push.promptAccept }));
    expect(await screen.findByText(MSG.push.blocked)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.pushDenied)).toBe('1');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes with the server key and sends the subscription to the server', async () => {
    const { pushManager } = browserPush({ subscribe: () => Promise.resolve(fakeSubscription) });
    const { calls } = renderWithProviders(<PushPrompt />, { user, fixtures });
    act(() => offerPush());
    await userEvent.click(await screen.findByRole('button', { name: MSG.push.promptAccept }));
    expect(await screen.findByText(MSG.push.enabled)).toBeInTheDocument();
    const key = (
      pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }]
    )[0].applicationServerKey;
    expect(Buffer.from(key).toString('base64url')).toBe(KEY);
    expect(calls.find((c) => c.path === 'push.subscribe')?.input).toEqual(
      fakeSubscription.toJSON(),
    );
  });
});

describe('"Sur ce téléphone" in the profile', () => {
  it('explains a blocked permission instead of offering the switch', async () => {
    browserPush({ subscribe: noPushService });
    localStorage.setItem(STORAGE_KEYS.pushDenied, '1');
    renderWithProviders(<PushDevice />, { user, fixtures });
    const toggle = await screen.findByRole('checkbox', { name: MSG.push.toggle });
    await vi.waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toHaveAccessibleDescription(MSG.push.blocked);
  });

  it('says when this browser has no push at all', () => {
    renderWithProviders(<PushDevice />, { user, fixtures });
    expect(screen.getByText(MSG.push.unsupported)).toBeInTheDocument();
  });

  it('turning it on where subscribe fails explains why and leaves it off', async () => {
    browserPush({ subscribe: noPushService });
    const { calls } = renderWithProviders(<PushDevice />, { user, fixtures });
    const toggle = await screen.findByRole('checkbox', { name: MSG.push.toggle });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.push.subscribeFailed);
    expect(toggle).not.toBeChecked();
    expect(calls.map((c) => c.path)).not.toContain('push.subscribe');
  });

  it('once on, shows the kinds this device gets and saves a change', async () => {
    browserPush({ permission: 'granted', subscribe: () => Promise.resolve(fakeSubscription) });
    const { calls } = renderWithProviders(<PushDevice />, {
      user,
      fixtures: {
        ...fixtures,
        // The server knows the device once it has been sent.
        'push.device': () =>
          calls.some((c) => c.path === 'push.subscribe')
            ? { endpoint: ENDPOINT, kinds: ['joined', 'soon'] }
            : null,
        'push.setKinds': { endpoint: ENDPOINT, kinds: ['joined'] },
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: MSG.push.toggle }));
    const soon = await screen.findByRole('checkbox', { name: MSG.push.kinds.soon });
    expect(soon).toBeChecked();
    expect(screen.getByRole('checkbox', { name: MSG.push.kinds.left })).not.toBeChecked();
    await userEvent.click(soon);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === 'push.setKinds')?.input).toEqual({
        endpoint: ENDPOINT,
        kinds: ['joined'],
      }),
    );
  });
});
