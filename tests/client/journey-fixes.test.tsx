import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LEVELS } from '../../common/levels';
import { MSG } from '../../common/messages';
import { levelRange } from '../../client/src/components/matches/join-level';
import AdminPage from '../../client/src/pages/AdminPage';
import FindMatchPage from '../../client/src/pages/FindMatchPage';
import MyMatchesPage from '../../client/src/pages/MyMatchesPage';
import ProfilePage from '../../client/src/pages/ProfilePage';
import { PhotoDropzone } from '../../client/src/pages/profile/PhotoDropzone';
import { RegisterStartStep } from '../../client/src/pages/auth/RegisterStartStep';
import { LevelChips } from '../../client/src/components/matches/MatchFormFields';
import {
  expectAlertKeptUntilDismissed,
  renderWithProviders,
  serverError,
  testUser,
} from './support/render';
import {
  aMatch,
  aMyMatch,
  levelRows,
  levels as levelViews,
  places,
  schedule,
} from './support/match-fixtures';

/** Issue 13 items 8, 10 and 11: what a player or an admin saw go wrong, now right. */

const user = testUser({ id: 7, level: 'Niveau 3' });
const findFixtures = (match: ReturnType<typeof aMatch>, join: unknown) => ({
  'matches.list': { items: [match], nextCursor: null },
  'matches.schedule': schedule,
  'places.list': places,
  'levels.list': levelRows,
  'matches.join': join,
});
const joinCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === 'matches.join').length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the outcome of joining is a toast, in view wherever the card was (item 8)', () => {
  it('a success is a status toast; "Match complet" is an alert toast that stays until dismissed', async () => {
    const match = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 3'] });
    let answer: () => unknown = () => ({ success: true, message: 'ok', match });
    renderWithProviders(<FindMatchPage />, { user, fixtures: findFixtures(match, () => answer()) });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    await userEvent.click(within(card).getByRole('button', { name: 'Rejoindre' }));
    const success = await screen.findByText(MSG.match.joined);
    const toast = success.closest('.notice');
    expect(toast).toHaveClass('notice-toast');
    expect(toast).toHaveAttribute('role', 'status');

    answer = () => {
      throw serverError(MSG.match.full, 'CONFLICT', 409);
    };
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le message' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Rejoindre' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.match.full);
    expect(alert).toHaveClass('notice-toast');
    expect(within(alert).getByRole('button', { name: 'Fermer le message' })).toBeInTheDocument();
  });
});

describe('a card’s way into a match depends on my level (item 11, issue 25)', () => {
  const requestCalls = (calls: { path: string; input: unknown }[]) =>
    calls.filter((c) => c.path === 'matches.request');
  const sent = { success: true, message: MSG.room.requestSent, outcome: 'sent' };

  it('offers "Demander à rejoindre" instead of "Rejoindre": Annuler sends nothing; sent, the card says it waits', async () => {
    const match = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 5', 'Niveau 4'] });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        ...findFixtures(match, { success: true, message: 'ok', match }),
        'matches.request': sent,
      },
    });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    expect(within(card).queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: MSG.room.requestButton }));
    const dialog = screen.getByRole('dialog', { name: MSG.room.requestTitle });
    expect(dialog).toHaveTextContent(MSG.room.requestText('Niveau 4–5'));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestCalls(calls)).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: MSG.room.requestButton }));
    const again = screen.getByRole('dialog', { name: MSG.room.requestTitle });
    await userEvent.type(within(again).getByLabelText(MSG.room.requestMessageLabel), 'Je m’adapte');
    await userEvent.click(within(again).getByRole('button', { name: MSG.room.requestSend }));
    expect(await screen.findByText(MSG.room.requestSent)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestCalls(calls).map((c) => c.input)).toEqual([
      { id: match.id, message: 'Je m’adapte' },
    ]);
    expect(joinCalls(calls)).toBe(0);
    expect(within(card).getByRole('button', { name: MSG.room.requestPendingShort })).toBeDisabled();
  });

  it('a request already waiting shows on the card; a match open to all levels is joined at once', async () => {
    const waiting = aMatch({
      place_name: 'Urban Padel',
      levels: ['Niveau 7'],
      my_request: 'pending',
    });
    const open = aMatch({ place_name: 'Padel Ouvert', levels: ['Niveau 7'], open_levels: true });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        ...findFixtures(open, { success: true, message: 'ok', match: open }),
        'matches.list': { items: [waiting, open], nextCursor: null },
      },
    });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    expect(within(card).getByRole('button', { name: MSG.room.requestPendingShort })).toBeDisabled();
    const openCard = screen.getByRole('article', { name: 'Padel Ouvert' });
    await userEvent.click(within(openCard).getByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(MSG.match.joined)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(joinCalls(calls)).toBe(1);
  });

  it('a refused request shows the server’s reason and sends the card back for a fresh read', async () => {
    const match = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 7'] });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        ...findFixtures(match, { success: true, message: 'ok', match }),
        'matches.request': () => {
          throw serverError(MSG.room.requestFull, 'CONFLICT', 409);
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    await userEvent.click(within(card).getByRole('button', { name: MSG.room.requestButton }));
    await userEvent.click(screen.getByRole('button', { name: MSG.room.requestSend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.room.requestFull);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'matches.list').length).toBeGreaterThan(1);
  });

  it('joins at once a match at my level', async () => {
    const match = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 3', 'Niveau 4'] });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: findFixtures(match, { success: true, message: 'ok', match }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText(MSG.match.joined)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(joinCalls(calls)).toBe(1);
  });

  it('with no level yet, asks for it first: Annuler joins nothing; the chosen level is saved, then the join goes on', async () => {
    const other = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 7'] });
    const saved = testUser({ level: 'Niveau 7' });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user: testUser({ level: null }),
      fixtures: {
        ...findFixtures(other, { success: true, message: 'ok', match: other }),
        'users.update': saved,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    let dialog = within(await screen.findByRole('dialog', { name: MSG.levelFirst.title }));
    expect(dialog.getByText(MSG.levelFirst.message('Niveau 7'))).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    expect(joinCalls(calls)).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    dialog = within(await screen.findByRole('dialog', { name: MSG.levelFirst.title }));
    await within(dialog.getByLabelText('Votre niveau')).findByRole('option', {
      name: 'Niveau 7 — Compétiteur',
    });
    expect(dialog.getByLabelText('Votre niveau')).toHaveValue('Niveau 7');
    await userEvent.click(dialog.getByRole('button', { name: MSG.levelFirst.confirm }));
    expect(await screen.findByText(MSG.match.joined)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toMatchObject({
      level: 'Niveau 7',
    });
    expect(joinCalls(calls)).toBe(1);
  });

  it('with no level yet, a level chosen outside the match’s leads to the request, not a join', async () => {
    const other = aMatch({ place_name: 'Urban Padel', levels: ['Niveau 7'] });
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user: testUser({ level: null }),
      fixtures: {
        ...findFixtures(other, { success: true, message: 'ok', match: other }),
        'users.update': testUser({ level: 'Niveau 3' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const dialog = within(await screen.findByRole('dialog', { name: MSG.levelFirst.title }));
    const select = dialog.getByLabelText('Votre niveau');
    await within(select).findByRole('option', { name: 'Niveau 3 — Intermédiaire bas' });
    await userEvent.selectOptions(select, 'Niveau 3');
    await userEvent.click(dialog.getByRole('button', { name: MSG.levelFirst.confirm }));
    const ask = await screen.findByRole('dialog', { name: MSG.room.requestTitle });
    expect(ask).toHaveTextContent(MSG.room.requestText('Niveau 7'));
    expect(joinCalls(calls)).toBe(0);
  });

  it('writes a contiguous run as a range, anything else as a list', () => {
    expect(levelRange(['Niveau 3', 'Niveau 4'])).toBe('Niveau 3–4');
    expect(levelRange(['Niveau 6', 'Niveau 4', 'Niveau 5'])).toBe('Niveau 4–6');
    expect(levelRange(['Niveau 2'])).toBe('Niveau 2');
    expect(levelRange(['Niveau 2', 'Niveau 5'])).toBe('Niveau 2 ou Niveau 5');
    expect(levelRange(['Débutant', 'Niveau 3', 'Expert'])).toBe('Débutant, Niveau 3 ou Expert');
  });
});

describe('My matches (items 10 and 11)', () => {
  const mine = {
    waiting: [],
    counters: { created: 1, joined: 1, upcoming: 1, waiting: 0 },
    matches: [
      aMyMatch({
        id: 1,
        place_name: 'Mon match',
        created_by: 7,
        creator_name: 'Camille Martin',
        is_creator: true,
        slots: 3,
        missing_players: 2,
      }),
      aMyMatch({
        id: 2,
        place_name: 'Match passé',
        is_finished: true,
        slots: 3,
        missing_players: 1,
        date: '2026-10-01',
      }),
    ],
  };
  const fixtures = {
    'matches.mine': mine,
    'levels.list': levelRows,
    'places.list': places,
    'matches.schedule': schedule,
    'settings.get': { max_places: 3, max_levels_selection: 3, months_ahead: 1 },
    'matches.participants': [
      {
        user_id: 7,
        name: 'Camille Martin',
        level: 'Niveau 3',
        phone: '+33611111111',
        joined_at: '2026-11-01T09:00:00.000Z',
        is_organiser: true,
      },
      {
        user_id: 43,
        name: 'Léa Petit',
        level: 'Niveau 4',
        phone: '+33698765432',
        joined_at: '2026-11-02T17:45:00.000Z',
        is_organiser: false,
      },
    ],
  };

  it('the participants panel lists the organiser first, and the count includes them', async () => {
    renderWithProviders(<MyMatchesPage />, { user, fixtures });
    const card = await screen.findByRole('article', { name: 'Mon match' });
    await userEvent.click(within(card).getByRole('button', { name: 'Participants (2)' }));
    const panel = await within(card).findByRole('group', { name: 'Participants' });
    await within(panel).findByText('Léa Petit');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Camille Martin'),
      expect.stringContaining('Léa Petit'),
    ]);
    expect(rows[0]).toHaveTextContent('Organisateur');
  });

  it('Modifier and Supprimer sit in one group, so they wrap together', async () => {
    renderWithProviders(<MyMatchesPage />, { user, fixtures });
    const card = await screen.findByRole('article', { name: 'Mon match' });
    const remove = within(card).getByRole('button', { name: 'Supprimer' });
    expect(remove.parentElement).toHaveClass('my-match-manage');
    expect(remove.parentElement).toContainElement(
      within(card).getByRole('button', { name: 'Modifier' }),
    );
  });

  it('a finished match shows no free place (and nothing green)', async () => {
    renderWithProviders(<MyMatchesPage />, { user, fixtures });
    const past = await screen.findByRole('article', { name: 'Match passé' });
    expect(within(past).queryByText(/place.* disponible/)).not.toBeInTheDocument();
    expect(past.querySelector('.match-open')).toBeNull();
    expect(within(past).getByText('3 joueurs')).toBeInTheDocument();
    // An upcoming match still says how many places are left.
    expect(
      within(screen.getByRole('article', { name: 'Mon match' })).getByText('2 places disponibles'),
    ).toBeInTheDocument();
  });
});

describe('admin history names users and places (item 11)', () => {
  it('shows the current name of the user an entry is about, not "Utilisateur #10"', async () => {
    renderWithProviders(<AdminPage />, {
      user: testUser({ is_admin: true }),
      route: '/admin?onglet=historique',
      fixtures: {
        'admin.audit.list': [
          {
            id: 2,
            actor_name: 'Alice Admin',
            subject_name: 'Zoé Durand',
            action: 'update',
            entity: 'user',
            entity_id: '10',
            details: { level: 'Niveau 6' },
            created_at: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 1,
            actor_name: 'Alice Admin',
            subject_name: null,
            action: 'delete',
            entity: 'user',
            entity_id: '9',
            details: { name: 'Paul Parti' },
            created_at: '2026-11-19T10:00:00.000Z',
          },
        ],
      },
    });
    const entries = await screen.findAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Modification · Utilisateur « Zoé Durand »');
    expect(entries[1]).toHaveTextContent('Suppression · Utilisateur « Paul Parti »');
    expect(screen.queryByText(/#10/)).not.toBeInTheDocument();
  });
});

describe('admin test errors keep the reason and stay (item 8)', () => {
  it("Twilio: a failed test shows the server's reason, as an alert toast, until dismissed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const reason = 'Échec du test Twilio : identifiants refusés (code 20003).';
      renderWithProviders(<AdminPage />, {
        user: testUser({ is_admin: true }),
        route: '/admin?onglet=twilio',
        fixtures: {
          'admin.twilio.get': {
            account_sid: 'AC123',
            auth_token: '••••abcd',
            phone_number: '+33600000000',
            is_live: false,
          },
          'admin.twilio.test': { success: false, message: reason },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Tester' }));
      expect(await screen.findByRole('alert')).toHaveClass('notice-toast');
      await expectAlertKeptUntilDismissed(reason);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('drag and drop is not offered on touch screens (item 11)', () => {
  const asked: string[] = [];
  const media = (fine: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => {
      asked.push(query);
      return {
        matches: fine,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      };
    });
  const dropzone = () =>
    render(
      <PhotoDropzone
        preview={null}
        name="Camille"
        onPhoto={vi.fn()}
        onRemove={vi.fn()}
        onError={vi.fn()}
      />,
    );

  it('a coarse pointer without hover gets the file picker only', () => {
    media(false);
    dropzone();
    expect(screen.queryByText(/Glissez-déposez/)).not.toBeInTheDocument();
    expect(screen.getByText('Choisir une photo')).toBeInTheDocument();
  });

  it('a mouse gets "Glissez-déposez" too', () => {
    media(true);
    dropzone();
    expect(screen.getByText('Glissez-déposez une photo ici')).toBeInTheDocument();
    expect(asked).toContain('(hover: hover) and (pointer: fine)');
  });
});

describe('an old form error clears when its field changes (item 11)', () => {
  const levels = DEFAULT_LEVELS.map((l, i) => ({ ...l, id: i + 1 }));

  it('PIN change: the mismatch goes when the confirmation is edited; another field keeps its own message', async () => {
    renderWithProviders(<ProfilePage />, {
      user,
      route: '/profile',
      fixtures: { 'levels.list': levels },
    });
    const ue = userEvent.setup();
    await ue.click(screen.getByRole('button', { name: 'Modifier le code PIN' }));
    await ue.type(screen.getByLabelText('PIN actuel'), '4826');
    await ue.type(screen.getByLabelText('Nouveau PIN'), '7391');
    await ue.type(screen.getByLabelText('Confirmer le nouveau PIN'), '7392');
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.auth.newPinMismatch)).toBeInTheDocument();
    await ue.type(screen.getByLabelText('PIN actuel'), '1');
    expect(screen.getByText(MSG.auth.newPinMismatch)).toBeInTheDocument();
    await ue.type(screen.getByLabelText('Confirmer le nouveau PIN'), '{Backspace}');
    expect(screen.queryByText(MSG.auth.newPinMismatch)).not.toBeInTheDocument();
  });

  it('profile: "name and level required" goes once the name is typed again', async () => {
    renderWithProviders(<ProfilePage />, {
      user,
      route: '/profile',
      fixtures: { 'levels.list': levels },
    });
    const ue = userEvent.setup();
    await screen.findByRole('progressbar');
    await ue.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    await ue.clear(screen.getByLabelText('Nom'));
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const nameField = screen.getByLabelText('Nom');
    await screen.findByText(MSG.profile.nameAndLevelRequired);
    await ue.type(nameField, 'C');
    expect(screen.queryByText(MSG.profile.nameAndLevelRequired)).not.toBeInTheDocument();
  });
});

describe('smaller items already right, kept right (item 11)', () => {
  // The dial code comes before the name: a phone shows the picker narrow and cuts the end of its text.
  it('the country picker shows the dial code of the chosen country first', () => {
    renderWithProviders(
      <RegisterStartStep
        initial={{ name: '', email: '', phone: '', country: 'BE' }}
        hasCodeFor={() => false}
        onContinue={vi.fn()}
        onCodeSent={vi.fn()}
        onHaveAccount={vi.fn()}
      />,
    );
    const picker = screen.getByLabelText('Pays');
    expect(picker).toHaveDisplayValue(/^\S+ \+32 Belgique$/);
    expect(within(picker).getByRole('option', { name: /\+33 France$/ })).toBeInTheDocument();
  });

  it('a selected level chip is pressed, filled with its colour and ticked; the others are not', () => {
    render(<LevelChips levels={levelViews} selected={['Niveau 3']} max={3} onChange={vi.fn()} />);
    const on = screen.getByRole('button', { name: /Niveau 3/ });
    const off = screen.getByRole('button', { name: /Niveau 4/ });
    expect(on).toHaveAttribute('aria-pressed', 'true');
    expect(on).toHaveStyle({ backgroundColor: '#CDDC39' });
    expect(on).toHaveTextContent('✓');
    expect(off).toHaveAttribute('aria-pressed', 'false');
    expect(off).not.toHaveTextContent('✓');
  });
});
