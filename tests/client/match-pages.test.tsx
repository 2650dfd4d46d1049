import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import FindMatchPage from '../../client/src/pages/FindMatchPage';
import HomePage from '../../client/src/pages/HomePage';
import { networkError, renderWithProviders, serverError, testUser } from './support/render';
import { aMatch, levelRows } from './support/match-fixtures';

const user = testUser({ id: 7, name: 'Camille Martin', level: 'Niveau 3', phone: '+33612345678' });

describe('Home', () => {
  afterEach(cleanup);

  it('greets the player, shows their level and phone and the first 3 matches', async () => {
    const items = [
      aMatch({ place_name: 'A' }),
      aMatch({ place_name: 'B' }),
      aMatch({ place_name: 'C' }),
      aMatch({ place_name: 'D' }),
    ];
    renderWithProviders(<HomePage />, {
      user,
      fixtures: { 'matches.list': { items, nextCursor: null }, 'levels.list': levelRows },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Camille Martin');
    expect(screen.getByRole('link', { name: 'Trouver un match' })).toHaveAttribute(
      'href',
      '/find-match',
    );
    expect(screen.getByRole('link', { name: 'Créer un match' })).toHaveAttribute(
      'href',
      '/create-match',
    );
    expect(screen.getByText('+33612345678')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'A' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('article', { name: 'D' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir tous les matchs' })).toHaveAttribute(
      'href',
      '/find-match',
    );
  });

  it('a card of other levels asks the organiser from the home page too (issue 25)', async () => {
    const other = aMatch({ place_name: 'Club Expert', levels: ['Niveau 7'] });
    const { calls } = renderWithProviders(<HomePage />, {
      user,
      fixtures: {
        'matches.list': { items: [other], nextCursor: null },
        'levels.list': levelRows,
        'matches.request': { success: true, message: MSG.room.requestSent, outcome: 'sent' },
      },
    });
    const card = await screen.findByRole('article', { name: 'Club Expert' });
    await userEvent.click(within(card).getByRole('button', { name: MSG.room.requestButton }));
    const dialog = screen.getByRole('dialog', { name: MSG.room.requestTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.room.requestSend }));
    expect(await screen.findByText(MSG.room.requestSent)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.request')?.input).toEqual({ id: other.id });
    expect(within(card).getByRole('button', { name: MSG.room.requestPendingShort })).toBeDisabled();
  });

  it('shows the empty state with a link to create the first match', async () => {
    renderWithProviders(<HomePage />, {
      user,
      fixtures: { 'matches.list': { items: [], nextCursor: null }, 'levels.list': levelRows },
    });
    expect(await screen.findByText('Aucun match disponible pour le moment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer le premier match' })).toHaveAttribute(
      'href',
      '/create-match',
    );
  });
});

describe('Find match', () => {
  afterEach(cleanup);

  it('joins a match: the button reads "Inscription..." then the success message shows', async () => {
    let release: () => void = () => undefined;
    const match = aMatch({ place_name: 'Urban Padel' });
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.list': { items: [match], nextCursor: null },
        'levels.list': levelRows,
        'matches.join': () =>
          new Promise((resolve) => {
            release = () =>
              resolve({ success: true, message: 'ok', match: { ...match, missing_players: 1 } });
          }),
      },
    });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    await userEvent.click(within(card).getByRole('button', { name: 'Rejoindre' }));
    expect(within(card).getByRole('button', { name: 'Inscription...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Vous avez rejoint le match avec succès !')).toBeInTheDocument();
  });

  it("shows the server's reason when joining fails", async () => {
    const match = aMatch();
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.list': { items: [match], nextCursor: null },
        'levels.list': levelRows,
        'matches.join': () => {
          throw serverError('Match complet', 'CONFLICT', 409);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Match complet');
  });

  it('falls back to the spec message, or the connection message when offline', async () => {
    const match = aMatch();
    let fail: () => never = () => {
      throw serverError('', 'BAD_REQUEST', 400);
    };
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.list': { items: [match], nextCursor: null },
        'levels.list': levelRows,
        'matches.join': () => fail(),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Erreur lors de l'inscription au match",
    );
    fail = () => {
      throw networkError();
    };
    await userEvent.click(screen.getByRole('button', { name: 'Rejoindre' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Erreur de connexion. Vérifiez votre connexion internet.',
      ),
    );
  });

  it('loads more matches with the cursor', async () => {
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'levels.list': levelRows,
        'matches.list': (input: { cursor?: string }) =>
          input.cursor === 'page-2'
            ? { items: [aMatch({ place_name: 'Second' })], nextCursor: null }
            : { items: [aMatch({ place_name: 'First' })], nextCursor: 'page-2' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByRole('article', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  });

  it('offers one day and one order at a time, as radio chips the arrow keys move through', async () => {
    const inputs: unknown[] = [];
    renderWithProviders(<FindMatchPage />, {
      user: testUser({ id: 8, level: null }),
      fixtures: {
        'matches.schedule': {
          today: '2026-11-23',
          createDates: ['2026-11-23', '2026-11-24'],
          createTimes: [],
          editDates: [],
          editTimes: [],
        },
        'matches.list': (input: unknown) => {
          inputs.push(input);
          return { items: [], nextCursor: null };
        },
        'levels.list': levelRows,
      },
    });
    // The filters wait behind one row of chips; any of them opens the sheet.
    const chips = within(await screen.findByRole('group', { name: 'Filtres' }));
    expect(chips.getByRole('button', { name: 'Tous les niveaux' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(chips.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
    await userEvent.click(chips.getByRole('button', { name: 'Tous les jours' }));
    const sheet = within(screen.getByRole('dialog', { name: 'Filtres' }));
    const days = within(sheet.getByRole('radiogroup', { name: 'Jour' }));
    expect(days.getByRole('radio', { name: 'Tous les jours' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(await days.findByRole('radio', { name: /24 novembre/ }));
    expect(days.getByRole('radio', { name: /24 novembre/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(days.getByRole('radio', { name: 'Tous les jours' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await waitFor(() =>
      expect(inputs.at(-1)).toMatchObject({ from: '2026-11-24', to: '2026-11-24' }),
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(days.getByRole('radio', { name: /23 novembre/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    const order = within(sheet.getByRole('radiogroup', { name: 'Ordre' }));
    await userEvent.click(order.getByRole('radio', { name: "Presque complets d'abord" }));
    expect(order.getByRole('radio', { name: "Presque complets d'abord" })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ from: '2026-11-23', order: 'need' }));
    await userEvent.click(sheet.getByRole('button', { name: 'Voir les matchs' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'lun. 23 nov.' })).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Filtres (1)' })).toBeInTheDocument();
  });

  it("the day strip covers the create form's whole window; a chosen level shows on its chip", async () => {
    const window = Array.from({ length: 90 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 23 + i)).toISOString().slice(0, 10),
    );
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.schedule': {
          today: '2026-11-23',
          now: '08:00',
          timezone: 'Europe/Paris',
          createDates: window,
          createTimes: [],
          editDates: [],
          editTimes: [],
        },
        'matches.list': { items: [], nextCursor: null },
        'levels.list': levelRows,
      },
    });
    const chips = within(await screen.findByRole('group', { name: 'Filtres' }));
    expect(chips.getByRole('button', { name: 'Filtres (1)' })).toBeInTheDocument();
    await userEvent.click(chips.getByRole('button', { name: 'Niveau 3' }));
    const sheet = within(screen.getByRole('dialog', { name: 'Filtres' }));
    const days = within(sheet.getByRole('radiogroup', { name: 'Jour' }));
    expect(days.getAllByRole('radio')).toHaveLength(91);
    expect(days.getByRole('radio', { name: /20 février 2027/ })).toBeInTheDocument();
    expect(sheet.getByLabelText('Niveau')).toHaveFocus();
  });

  it("filters at the player's level first; with nothing found, offers to clear the filters, then to create the first match", async () => {
    const inputs: unknown[] = [];
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.list': (input: unknown) => {
          inputs.push(input);
          return { items: [], nextCursor: null };
        },
        'levels.list': levelRows,
      },
    });
    expect(await screen.findByText('Aucun match ne correspond à vos filtres.')).toBeInTheDocument();
    expect(inputs[0]).toMatchObject({ level: 'Niveau 3' });
    expect(screen.getByRole('link', { name: 'Créer ce match' })).toHaveAttribute(
      'href',
      '/create-match',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('Aucun match disponible pour le moment')).toBeInTheDocument();
    expect(inputs.at(-1)).not.toHaveProperty('level');
    // Remembered for this player on this device.
    expect(JSON.parse(localStorage.getItem('padel-match:find-filters:7') ?? '{}')).toMatchObject({
      level: '',
    });
    expect(screen.getByRole('link', { name: 'Créer le premier match' })).toHaveAttribute(
      'href',
      '/create-match',
    );
  });
});

describe('Trouver: unread chat messages', () => {
  afterEach(cleanup);

  it('a card of a match the player is in says how many chat messages are unread, linking to the chat', async () => {
    const mine = aMatch({ id: 12, place_name: 'Urban Padel', participants: [{ user_id: 7 }] });
    const other = aMatch({ id: 13, place_name: 'Casa Padel' });
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.list': { items: [mine, other], nextCursor: null },
        'levels.list': levelRows,
        'chat.unread': { '12': 3 },
      },
    });
    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    const badge = await within(card).findByRole('link', { name: '3 messages non lus' });
    expect(badge).toHaveAttribute('href', '/matches/12#chat-title');
    const plain = screen.getByRole('article', { name: 'Casa Padel' });
    expect(within(plain).queryByText(/non lus?/)).not.toBeInTheDocument();
  });
});
