import '@testing-library/jest-dom/vitest';
import {
  cleanup,
  fireEvent,
  screen,
  waitForElementToBeRemoved,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../client/src/components/layout/Layout';
import { App } from '../../client/src/App';
import { useAuth } from '../../client/src/lib/auth';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import { MSG } from '../../common/messages';
import { aMatch } from './support/match-fixtures';
import { renderWithProviders, serverError, testUser } from './support/render';

function WhoAmI() {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <p>{user ? `Connecté : ${user.name}` : 'Déconnecté'}</p>
      <button type="button" onClick={() => void navigate('/find-match')}>
        Naviguer ailleurs
      </button>
    </>
  );
}

const renderShell = (user = testUser(), route = '/') => {
  const r = renderWithProviders(
    <Layout>
      <WhoAmI />
    </Layout>,
    { user, route },
  );
  return { ...r, ue: userEvent.setup() };
};

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('top navigation and user menu', () => {
  it('has the landmarks, the three main links and the footer with the version', () => {
    renderShell();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Trouver un match', 'Créer un match', 'Mes matchs', 'Groupes']);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Padel Match')).toBeInTheDocument();
    expect(within(footer).getByText('Version 1.2.2')).toBeInTheDocument();
  });

  it('shows Administration in the user menu to admins only', async () => {
    const { ue } = renderShell();
    await ue.click(screen.getByRole('button', { name: /menu du compte/ }));
    expect(screen.getByRole('link', { name: 'Mon Profil' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    cleanup();

    const admin = renderShell(testUser({ is_admin: true, name: 'Alex Admin' }));
    await admin.ue.click(screen.getByRole('button', { name: /menu du compte/ }));
    expect(screen.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('logs out: ends the session, clears the stored user and the device trust', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceTrusted, 'true');
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser()));
    const { ue, calls } = renderShell();
    expect(screen.getByText('Connecté : Camille Martin')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: /menu du compte/ }));
    await ue.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByText('Déconnecté')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth.logout')?.input).toEqual({});
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceTrusted)).toBeNull();
  });
});

describe('mobile menu', () => {
  it('shows the three sections and no jargon account type to a player', async () => {
    const { ue } = renderShell();
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    for (const title of ['Navigation', 'Votre compte', 'Assistance'])
      expect(within(menu).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(menu).queryByText(/Compte Standard|Administrateur/)).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/aide');
    expect(within(menu).getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
  });

  it("shows 'Administrateur' and the Administration link to an admin", async () => {
    const { ue } = renderShell(testUser({ is_admin: true }));
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('Administrateur')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Administration' })).toBeInTheDocument();
  });

  it('closes on route change after its 300 ms slide-out', async () => {
    const { ue } = renderShell();
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await ue.click(within(menu).getByRole('link', { name: 'Mes matchs' }));
    expect(menu).toHaveClass('is-closing');
    await waitForElementToBeRemoved(menu, { timeout: 1000 });
  });

  it('closes when the route changes by other means', async () => {
    const { ue } = renderShell(testUser(), '/profile');
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Naviguer ailleurs' }));
    await vi.waitFor(() => expect(menu).toHaveClass('is-closing'));
    await waitForElementToBeRemoved(menu, { timeout: 1000 });
  });

  it('closes with Escape', async () => {
    const { ue } = renderShell();
    await ue.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await ue.keyboard('{Escape}');
    await waitForElementToBeRemoved(screen.queryByRole('dialog', { name: 'Menu' }), {
      timeout: 1000,
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ouvrir le menu' }));
  });
});

// The auth screen is a lazy chunk: its first import may take a while on a busy machine.
describe('app gate', { timeout: 20_000 }, () => {
  it('names each screen in the document title', async () => {
    renderWithProviders(<App />, {
      user: testUser(),
      route: '/find-match',
      fixtures: { 'matches.list': { items: [], nextCursor: null } },
    });
    await vi.waitFor(() => expect(document.title).toBe('Trouver un match — Padel Match'));
  });

  it('the Aide entry of the mobile menu and of the account menu opens the help page', async () => {
    const ue = userEvent.setup();
    renderWithProviders(<App />, {
      user: testUser(),
      route: '/find-match',
      fixtures: { 'matches.list': { items: [], nextCursor: null } },
    });
    await ue.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await ue.click(within(menu).getByRole('link', { name: 'Aide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    for (const section of [
      'Les matchs',
      'Les niveaux',
      'La liste d’attente',
      'Les matchs privés',
      'Les résultats',
      'Les groupes et les sondages',
      'Vos données',
    ])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Aide — Padel Match'));

    await ue.click(screen.getByRole('link', { name: 'Trouver un match' }));
    await ue.click(await screen.findByRole('button', { name: /menu du compte/ }));
    await ue.click(screen.getByRole('link', { name: 'Aide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
  });

  it('after logout shows the login step, with the e-mail filled in', async () => {
    const ue = userEvent.setup();
    renderWithProviders(<App />, {
      user: testUser(),
      fixtures: {
        'auth.logout': { success: true },
        'matches.list': { items: [], nextCursor: null },
      },
    });
    await ue.click(await screen.findByRole('button', { name: /menu du compte/ }));
    await ue.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(
      await screen.findByRole('heading', { name: 'Connexion' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(testUser().email);
    expect(screen.queryByText(MSG.auth.sessionExpired)).not.toBeInTheDocument();
    expect(document.title).toBe('Connexion — Padel Match');
    // Registration is one visible link away.
    await ue.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(await screen.findByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
  });

  it('after logout the query cache keeps nothing the session read', async () => {
    const ue = userEvent.setup();
    const { queryClient } = renderWithProviders(<App />, {
      user: testUser(),
      route: '/find-match',
      fixtures: {
        'auth.logout': { success: true },
        'matches.list': {
          items: [aMatch({ place_name: 'Padel Club Croix-Rousse' })],
          nextCursor: null,
        },
      },
    });
    expect(await screen.findByText('Padel Club Croix-Rousse')).toBeInTheDocument();
    await ue.click(await screen.findByRole('button', { name: /menu du compte/ }));
    await ue.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(
      await screen.findByRole('heading', { name: 'Connexion' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const kept = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined && q.state.data !== null)
      .map((q) => JSON.stringify(q.queryKey));
    expect(kept.filter((k) => k.includes('matches'))).toEqual([]);
  });

  it('another account logging in on the device does not inherit the cached answers', async () => {
    function Switch() {
      const { user, setUser } = useAuth();
      return (
        <>
          <p>{user ? `Connecté : ${user.name}` : 'Déconnecté'}</p>
          <button
            type="button"
            onClick={() => setUser({ ...testUser(), id: 999, name: 'Paul Martin' })}
          >
            Autre compte
          </button>
        </>
      );
    }
    const ue = userEvent.setup();
    const { queryClient } = renderWithProviders(<Switch />, { user: testUser() });
    queryClient.setQueryData([['matches', 'mine'], { type: 'query' }], { matches: [] });
    await ue.click(screen.getByRole('button', { name: 'Autre compte' }));
    expect(await screen.findByText('Connecté : Paul Martin')).toBeInTheDocument();
    expect(queryClient.getQueryData([['matches', 'mine'], { type: 'query' }])).toBeUndefined();
  });

  it('a call refused for want of a session (PIN changed elsewhere) leads to the login step with "Votre session a expiré"', async () => {
    renderWithProviders(<App />, {
      user: testUser(),
      route: '/find-match',
      fixtures: {
        'matches.list': () => {
          throw serverError(MSG.auth.required, 'UNAUTHORIZED', 401);
        },
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Connexion' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(MSG.auth.sessionExpired)).toBeInTheDocument();
  });

  it('shows only the authentication screen when nobody is logged in', async () => {
    renderWithProviders(<App />, { user: null });
    expect(
      await screen.findByRole('heading', { name: 'Créer un compte' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();
  });

  it('drops a stored user whose session the server no longer knows, and says so on the login step', async () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(testUser()));
    const { calls } = renderWithProviders(<App />, {
      user: 'stored',
      route: '/nowhere',
      fixtures: { 'matches.list': { items: [], nextCursor: null } },
    });
    expect(
      await screen.findByRole('heading', { name: 'Connexion' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(MSG.auth.sessionExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(testUser().email);
    expect(calls.some((c) => c.path === 'auth.me')).toBe(true);
    await vi.waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull());
  });
});
