import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { LEVEL_TRUST_TEXT } from '../../common/messages-season';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import AdminPage from '../../client/src/pages/AdminPage';
import GroupPage from '../../client/src/pages/GroupPage';
import PlayerProfilePage from '../../client/src/pages/PlayerProfilePage';
import { hugo } from './support/admin-fixtures';
import { levelRows } from './support/match-fixtures';
import { renderWithProviders, serverError, testUser, type Fixtures } from './support/render';

type Profile = RouterOutputs['results']['profile'];
type Group = RouterOutputs['groups']['byId'];

afterEach(cleanup);

/** Bruno's public record: Niveau 4, one match played. */
const record = (o: Partial<Profile> = {}): Profile => ({
  id: 9,
  first_name: 'Bruno',
  last_initial: 'P.',
  level: { niveau: 'Niveau 4', label: 'Intermédiaire confirmé', couleur: '#FFC107' },
  photo: null,
  played: 1,
  level_provisional: true,
  level_verified: false,
  won: 1,
  win_rate: 100,
  streak: 1,
  favourite_places: [],
  partners: [],
  last_results: [],
  reliability: { percent: null, matches: 1 },
  suggestion: null,
  ...o,
});

const profilePage = (profile: Profile) =>
  renderWithProviders(
    <Routes>
      <Route path="/joueurs/:id" element={<PlayerProfilePage />} />
    </Routes>,
    { route: '/joueurs/9', user: testUser(), fixtures: { 'results.profile': profile } },
  );

describe('a player’s public profile — « vérifié »', () => {
  it('shows « vérifié » next to a verified level, with its reason for screen readers, and no « provisoire »', async () => {
    profilePage(record({ level_verified: true }));
    const badge = await screen.findByText(LEVEL_TRUST_TEXT.verified);
    expect(badge).toHaveAttribute('title', LEVEL_TRUST_TEXT.verifiedHint);
    const line = badge.closest('p');
    expect(line).toHaveTextContent('Niveau 4 — Intermédiaire confirmé');
    expect(line).toHaveTextContent(LEVEL_TRUST_TEXT.verifiedHint);
    expect(screen.queryByText(LEVEL_TRUST_TEXT.provisional)).not.toBeInTheDocument();
  });

  it('shows « provisoire » and no « vérifié » for a level nobody vouched for', async () => {
    profilePage(record());
    expect(await screen.findByText(LEVEL_TRUST_TEXT.provisional)).toBeInTheDocument();
    expect(screen.queryByText(LEVEL_TRUST_TEXT.verified)).not.toBeInTheDocument();
  });
});

/** Group 3: Camille (id 7, the viewer) its admin, Bruno verified, Zoé unverified, Léo without a level. */
const group = (isAdmin: boolean, o: Partial<Group> = {}): Group => ({
  id: 3,
  name: 'Les jeudis',
  description: '',
  is_admin: isAdmin,
  member_count: 4,
  invite_token: 'abc',
  priority_hours: 0,
  members: [
    { user_id: 7, name: 'Camille M.', level: 'Niveau 3', level_verified: false, is_admin: true },
    { user_id: 9, name: 'Bruno P.', level: 'Niveau 4', level_verified: true, is_admin: false },
    { user_id: 12, name: 'Zoé L.', level: 'Niveau 2', level_verified: false, is_admin: false },
    { user_id: 14, name: 'Léo R.', level: null, level_verified: false, is_admin: false },
  ],
  removed: [],
  matches: [],
  slots: [],
  polls: [],
  ...o,
});

const groupPage = (fixtures: Fixtures) =>
  renderWithProviders(
    <Routes>
      <Route path="/groups/:id" element={<GroupPage />} />
    </Routes>,
    { route: '/groups/3', user: testUser({ id: 7 }), fixtures },
  );

const membersCard = () => screen.getByRole('region', { name: 'Membres (4)' });
const memberItem = (name: string) =>
  within(membersCard())
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(name));

describe('a group’s members — « vérifié »', () => {
  it('shows « vérifié » beside a verified member’s level, and no toggle to a plain member', async () => {
    groupPage({ 'groups.byId': group(false) });
    await screen.findByRole('heading', { name: 'Les jeudis' });
    expect(within(memberItem('Bruno P.')!).getByText(LEVEL_TRUST_TEXT.verified)).toHaveAttribute(
      'title',
      LEVEL_TRUST_TEXT.verifiedHint,
    );
    expect(within(memberItem('Zoé L.')!).queryByText(LEVEL_TRUST_TEXT.verified)).toBeNull();
    expect(screen.queryByRole('button', { name: /niveau de/ })).not.toBeInTheDocument();
  });

  it('offers a group admin a toggle per member with a level, and refreshes the group with the server’s message', async () => {
    let verified = false;
    const setLevelVerified = vi.fn((input: { verified: boolean }) => {
      verified = input.verified;
      return {
        success: true,
        message: LEVEL_TRUST_TEXT.verifiedSaved,
        level_verified: input.verified,
      };
    });
    const base = group(true);
    const { calls } = groupPage({
      'groups.byId': () => ({
        ...base,
        members: base.members.map((m) =>
          m.user_id === 12 ? { ...m, level_verified: verified } : m,
        ),
      }),
      'groups.setLevelVerified': setLevelVerified,
    });
    await screen.findByRole('heading', { name: 'Les jeudis' });
    // Léo has no level: nothing to vouch for.
    expect(
      screen.queryByRole('button', { name: LEVEL_TRUST_TEXT.verify('Léo R.') }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: LEVEL_TRUST_TEXT.unverify('Bruno P.') }),
    ).toHaveTextContent(LEVEL_TRUST_TEXT.unverifyShort);
    expect(
      screen.getByRole('button', { name: LEVEL_TRUST_TEXT.verify('Camille M.') }),
    ).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: LEVEL_TRUST_TEXT.verify('Zoé L.') }));
    expect(setLevelVerified).toHaveBeenCalledWith({ id: 3, userId: 12, verified: true });
    expect(await screen.findByRole('status')).toHaveTextContent(LEVEL_TRUST_TEXT.verifiedSaved);
    expect(
      await screen.findByRole('button', { name: LEVEL_TRUST_TEXT.unverify('Zoé L.') }),
    ).toBeInTheDocument();
    expect(within(memberItem('Zoé L.')!).getByText(LEVEL_TRUST_TEXT.verified)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'groups.byId').length).toBeGreaterThan(1);
  });

  it('says the server’s refusal with the page’s notice', async () => {
    groupPage({
      'groups.byId': group(true),
      'groups.setLevelVerified': () => {
        throw serverError(LEVEL_TRUST_TEXT.notMember, 'NOT_FOUND', 404);
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: LEVEL_TRUST_TEXT.unverify('Bruno P.') }),
    );
    // Other cards say their own load errors here (no fixtures): the notice is the page's first alert.
    await vi.waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => a.textContent?.includes(LEVEL_TRUST_TEXT.notMember)),
      ).toBe(true),
    );
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(LEVEL_TRUST_TEXT.notMember);
  });
});

describe('the admin’s users list — « Niveau vérifié »', () => {
  it('shows « vérifié », toggles it for a user with a level (none without) and reloads the list', async () => {
    let verified = false;
    const setLevelVerified = vi.fn((input: { userId: number; verified: boolean }) => {
      verified = input.verified;
      return {
        success: true,
        message: LEVEL_TRUST_TEXT.verifiedSaved,
        level_verified: input.verified,
      };
    });
    const admin = testUser({ is_admin: true, level: null });
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=utilisateurs',
      fixtures: {
        'levels.list': levelRows,
        'admin.users.list': () => [{ ...hugo, level_verified: verified }, { ...admin }],
        'admin.users.setLevelVerified': setLevelVerified,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: LEVEL_TRUST_TEXT.verify('Hugo Leroy') }),
    );
    expect(setLevelVerified).toHaveBeenCalledWith({ userId: 50, verified: true });
    expect(await screen.findByRole('status')).toHaveTextContent(LEVEL_TRUST_TEXT.verifiedSaved);
    expect(
      await screen.findByRole('button', { name: LEVEL_TRUST_TEXT.unverify('Hugo Leroy') }),
    ).toBeInTheDocument();
    expect(screen.getByText(LEVEL_TRUST_TEXT.verified)).toHaveAttribute(
      'title',
      LEVEL_TRUST_TEXT.verifiedHint,
    );
    expect(calls.filter((c) => c.path === 'admin.users.list').length).toBeGreaterThan(1);
    // The admin has no level: no toggle for her.
    expect(
      screen.queryByRole('button', { name: LEVEL_TRUST_TEXT.verify(admin.name) }),
    ).not.toBeInTheDocument();
  });
});
