import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import { useAuth } from '../../client/src/lib/auth';
import { AuthScreen } from '../../client/src/pages/AuthScreen';
import { AccountDataCard } from '../../client/src/pages/profile/AccountDataCard';
import { renderWithProviders, serverError, testUser, type Fixtures } from './support/render';

function renderCard(fixtures: Fixtures = {}) {
  const user = testUser();
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const r = renderWithProviders(<AccountDataCard userId={user.id} />, {
    user,
    route: '/profile',
    fixtures,
  });
  return { ...r, ue: userEvent.setup() };
}

async function openDelete(fixtures: Fixtures = {}) {
  const r = renderCard(fixtures);
  await r.ue.click(screen.getByRole('button', { name: MSG.account.deleteButton }));
  const dialog = await screen.findByRole('dialog');
  return { ...r, dialog };
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('Mes données', () => {
  it('offers the export as a JSON download of the player’s own data', () => {
    renderCard();
    const link = screen.getByRole('link', { name: MSG.account.exportButton });
    expect(link).toHaveAttribute('href', '/api/users/7/export');
    expect(link).toHaveAttribute('download', 'padel-match-donnees-7.json');
  });

  it('asks for the PIN before deleting (the PIN field focused), and sends nothing without four digits', async () => {
    const { dialog, ue, calls } = await openDelete();
    expect(within(dialog).getByText(MSG.account.deleteWarning)).toBeInTheDocument();
    await ue.click(within(dialog).getByRole('button', { name: MSG.account.deleteButton }));
    expect(await within(dialog).findByText(MSG.auth.pinRequired)).toBeInTheDocument();
    const pin = within(dialog).getByLabelText(MSG.account.deleteConfirmPin);
    expect(pin).toHaveFocus();
    await ue.type(pin, '12');
    await ue.click(within(dialog).getByRole('button', { name: MSG.account.deleteButton }));
    expect(await within(dialog).findByText(MSG.auth.pinFormat)).toBeInTheDocument();
    expect(pin).toHaveFocus();
    expect(calls.some((c) => c.path === 'users.deleteAccount')).toBe(false);
  });

  it('shows the server’s refusal (wrong PIN) and keeps the player logged in', async () => {
    const { dialog, ue } = await openDelete({
      'users.deleteAccount': () => Promise.reject(serverError(MSG.auth.currentPinWrong)),
    });
    await ue.type(within(dialog).getByLabelText(MSG.account.deleteConfirmPin), '1593');
    await ue.click(within(dialog).getByRole('button', { name: MSG.account.deleteButton }));
    expect(await within(dialog).findByText(MSG.auth.currentPinWrong)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
  });

  it('deletes with the PIN, then forgets the stored user', async () => {
    const { dialog, ue, calls } = await openDelete({
      'users.deleteAccount': { success: true, message: MSG.account.deleted },
    });
    await ue.type(within(dialog).getByLabelText(MSG.account.deleteConfirmPin), '4826');
    await ue.click(within(dialog).getByRole('button', { name: MSG.account.deleteButton }));
    await expect.poll(() => window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(calls.find((c) => c.path === 'users.deleteAccount')?.input).toEqual({
      id: 7,
      pin: '4826',
    });
  });

  it('after the deletion: "Votre compte a été supprimé.", a fresh sign-up with nothing filled in, no logout call, no cached answer', async () => {
    const user = testUser();
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    /** What App does with the session: the card while logged in, else the auth screen keyed by how it ended. */
    function Shell() {
      const auth = useAuth();
      return auth.user ? (
        <AccountDataCard userId={auth.user.id} />
      ) : (
        <AuthScreen key={auth.ended?.reason ?? 'none'} ended={auth.ended} onLogin={auth.setUser} />
      );
    }
    const { calls, queryClient } = renderWithProviders(<Shell />, {
      user,
      route: '/profile',
      fixtures: { 'users.deleteAccount': { success: true, message: MSG.account.deleted } },
    });
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: MSG.account.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    await ue.type(within(dialog).getByLabelText(MSG.account.deleteConfirmPin), '4826');
    await ue.click(within(dialog).getByRole('button', { name: MSG.account.deleteButton }));

    expect(await screen.findByText(MSG.account.deleted)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    // The server ended the session with the account: a logout would only be refused (401).
    expect(calls.map((c) => c.path)).not.toContain('auth.logout');
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined)
        .map((q) => q.queryKey),
    ).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
