import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../client/src/components/layout/Layout';
import { UpdatePrompt } from '../../client/src/components/pwa/UpdatePrompt';
import { announceUpdate, listenForInstallPrompt, resetPwaState } from '../../client/src/lib/pwa';
import { renderWithProviders, testUser } from './support/render';

const INSTALL = "Installer l'application";
const IOS_HINT = "Pour installer l'application : touchez Partager, puis « Sur l'écran d'accueil ».";
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Chromium's `beforeinstallprompt`, as the page receives it. */
function installOffer() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
  });
  return { event, prompt };
}

/** `(display-mode: standalone)` answers `standalone`: the app runs installed, or in a tab. */
function displayMode(standalone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: standalone && query === '(display-mode: standalone)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const renderShell = () => {
  renderWithProviders(
    <Layout>
      <p>Contenu</p>
    </Layout>,
    { user: testUser(), route: '/' },
  );
  return userEvent.setup();
};

/** The desktop account menu, opened. */
async function openAccountMenu(ue: ReturnType<typeof userEvent.setup>) {
  await ue.click(screen.getByRole('button', { name: /menu du compte/ }));
  return screen.getByRole('link', { name: 'Mon Profil' }).closest('ul')!;
}

beforeAll(() => listenForInstallPrompt(window));
beforeEach(() => {
  window.localStorage.clear();
  resetPwaState();
  displayMode(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('"Installer l\'application" in the menu', () => {
  it('is absent until the browser offers to install, then opens its dialog once', async () => {
    const ue = renderShell();
    let menu = await openAccountMenu(ue);
    expect(within(menu).queryByRole('button', { name: INSTALL })).not.toBeInTheDocument();

    const { event, prompt } = installOffer();
    act(() => void window.dispatchEvent(event));
    // The browser's own mini-infobar is kept back: the menu offers it.
    expect(event.defaultPrevented).toBe(true);
    menu = screen.getByRole('link', { name: 'Mon Profil' }).closest('ul')!;
    await ue.click(within(menu).getByRole('button', { name: INSTALL }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // The offer is spent: the entry goes.
    expect(screen.queryByRole('button', { name: INSTALL })).not.toBeInTheDocument();
  });

  it('is in the phone menu too, and goes once the app is installed', async () => {
    const ue = renderShell();
    act(() => void window.dispatchEvent(installOffer().event));
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('button', { name: INSTALL })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(within(dialog).queryByRole('button', { name: INSTALL })).not.toBeInTheDocument();
  });

  it('is hidden when the app already runs installed (display-mode standalone)', async () => {
    displayMode(true);
    const ue = renderShell();
    act(() => void window.dispatchEvent(installOffer().event));
    const menu = await openAccountMenu(ue);
    expect(within(menu).queryByRole('button', { name: INSTALL })).not.toBeInTheDocument();
  });

  it('on iOS Safari (no install event), shows how to add the app from the Share sheet', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const ue = renderShell();
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const entry = within(dialog).getByRole('button', { name: INSTALL });
    expect(within(dialog).queryByText(IOS_HINT)).not.toBeVisible();
    expect(entry).toHaveAttribute('aria-expanded', 'false');
    await ue.click(entry);
    expect(entry).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByText(IOS_HINT)).toBeVisible();
  });

  it('on iOS, once added to the home screen (navigator.standalone), says nothing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      const ue = renderShell();
      const menu = await openAccountMenu(ue);
      expect(within(menu).queryByRole('button', { name: INSTALL })).not.toBeInTheDocument();
      expect(screen.queryByText(IOS_HINT)).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });
});

describe('"Nouvelle version disponible — Recharger"', () => {
  it('shows nothing until a new build waits; its button lets the new worker take over, once', async () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // What the worker's registration reports when a later build's worker is installed and waiting.
    const apply = vi.fn();
    act(() => announceUpdate(apply));
    const bar = screen.getByRole('status');
    expect(bar).toHaveTextContent('Nouvelle version disponible — Recharger');
    const button = within(bar).getByRole('button', { name: 'Recharger' });
    await userEvent.setup().click(button);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
  });
});
