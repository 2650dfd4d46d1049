import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_MSG } from '../../common/results';
import { ResultsTab } from '../../client/src/pages/admin/ResultsTab';
import type { RouterInputs, RouterOutputs } from '../../client/src/lib/trpc';
import { renderWithProviders, serverError, testUser } from './support/render';

type Contested = RouterOutputs['results']['adminContested'];
type Decision = RouterInputs['results']['adminDecide'];
type AbsenceDecision = RouterInputs['results']['adminDecideNoShow'];

const admin = testUser({ is_admin: true });

/** Two contested results (one with Paul's guest) and one contested absence. */
const contested = (): Contested => ({
  results: [
    {
      match_id: 11,
      date: '2026-06-09',
      place_name: 'Padel Club Lyon',
      sets: [
        [6, 4],
        [3, 6],
        [10, 8],
      ],
      teams: [
        [
          { user_id: 1, name: 'Olga M.' },
          { guest_id: 4, name: 'Invité de Paul', guest_name: null },
        ],
        [
          { user_id: 2, name: 'Bruno P.' },
          { user_id: 3, name: 'Chloé R.' },
        ],
      ],
      winner: 0,
      reason: 'Nous avons gagné le 2e set',
    },
    {
      match_id: 12,
      date: '2026-06-10',
      place_name: 'Club Nantes',
      sets: [
        [6, 0],
        [6, 0],
      ],
      teams: [
        [
          { user_id: 5, name: 'Eve T.' },
          { user_id: 6, name: 'Fred T.' },
        ],
        [
          { user_id: 7, name: 'Gina T.' },
          { user_id: 8, name: 'Hugo T.' },
        ],
      ],
      winner: 0,
      reason: null,
    },
  ],
  no_shows: [
    { match_id: 13, user_id: 9, name: 'Ana F.', date: '2026-06-08', reason: 'J’étais là' },
  ],
});

const distribution: RouterOutputs['results']['adminDistribution'] = [
  { niveau: 'Niveau 1', label: 'Découverte', players: 2 },
  { niveau: 'Niveau 3', label: 'Intermédiaire bas', players: 14 },
  { niveau: null, label: null, players: 3 },
];

const history: RouterOutputs['results']['adminRating'] = {
  user_id: 42,
  rating: 1563,
  suggestion: 'Niveau 5',
  history: [
    { match_id: 12, rating: 1563, at: '2026-06-10T12:00:00.000Z' },
    { match_id: 11, rating: 1498, at: '2026-06-09T12:00:00.000Z' },
  ],
};

/** The server as the tab sees it: decisions take items off the lists, the setting is kept. */
function server(o: { suggestions?: boolean; decideFails?: boolean } = {}) {
  const state = { list: contested(), suggestions: o.suggestions ?? true };
  return {
    state,
    fixtures: {
      'results.adminContested': () => state.list,
      'results.adminSettings': () => ({ suggestions_enabled: state.suggestions }),
      'results.adminDistribution': distribution,
      'results.adminSetSettings': (input: { suggestions_enabled: boolean }) => {
        state.suggestions = input.suggestions_enabled;
        return input;
      },
      'results.adminDecide': (input: Decision) => {
        state.list = {
          ...state.list,
          results: state.list.results.filter((r) => r.match_id !== input.id),
        };
        if (o.decideFails) throw serverError(RESULT_MSG.notContested, 'CONFLICT', 409);
        return {
          success: true,
          message: RESULT_MSG.decided,
          result: {
            match_id: input.id,
            teams: [],
            sets: [],
            winner: 0,
            status: input.decision,
            entered_by: 1,
            entered_at: '2026-06-09T12:00:00.000Z',
            contest_reason: null,
            viewer_side: null,
            can_answer: false,
            auto_confirm_at: null,
            has_answerer: true,
          },
        };
      },
      'results.adminDecideNoShow': (input: AbsenceDecision) => {
        state.list = { ...state.list, no_shows: [] };
        return {
          success: true,
          message: RESULT_MSG.decided,
          match_id: input.id,
          user_id: input.userId,
          status: input.decision,
        };
      },
      'results.adminRating': (input: { id: number }) => {
        if (input.id !== 42) throw serverError(RESULT_MSG.profileNotFound, 'NOT_FOUND', 404);
        return history;
      },
    },
  };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('section') as HTMLElement;

describe('Administration → Résultats', () => {
  afterEach(cleanup);

  it('lists contested results with date, place, score, teams (the guest as « Invité de Paul ») and reason', async () => {
    renderWithProviders(<ResultsTab />, { user: admin, fixtures: server().fixtures });
    const first = (await screen.findByText(/Padel Club Lyon/)).closest('li') as HTMLElement;
    expect(first).toHaveTextContent('mardi 9 juin 2026, Padel Club Lyon : 6-4 3-6 10-8');
    expect(first).toHaveTextContent('(Olga M. et Invité de Paul contre Bruno P. et Chloé R.)');
    expect(first).toHaveTextContent('Motif : Nous avons gagné le 2e set');
    expect(screen.getByText(/Club Nantes/).closest('li')).not.toHaveTextContent('Motif');
    const absence = screen.getByText(/Ana F\./).closest('li') as HTMLElement;
    expect(absence).toHaveTextContent('Ana F., match du lundi 8 juin 2026 : « J’étais là »');
  });

  it('validating or refusing a result decides that one, says so, and takes it off the list', async () => {
    const { state, fixtures } = server();
    const { calls } = renderWithProviders(<ResultsTab />, { user: admin, fixtures });
    const validate = await screen.findByRole('button', {
      name: 'Valider le résultat du mardi 9 juin 2026, Padel Club Lyon',
    });
    await userEvent.click(validate);
    expect(await screen.findByText(RESULT_MSG.decided)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Padel Club Lyon/)).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === 'results.adminDecide')?.input).toEqual({
      id: 11,
      decision: 'confirmed',
    });
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Refuser le résultat du mercredi 10 juin 2026, Club Nantes',
      }),
    );
    await waitFor(() => expect(screen.getByText('Aucun résultat contesté.')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === 'results.adminDecide').map((c) => c.input)).toEqual([
      { id: 11, decision: 'confirmed' },
      { id: 12, decision: 'rejected' },
    ]);
    expect(state.list.results).toEqual([]);
  });

  it('a result another admin decided first: the French refusal shows and the list is read again', async () => {
    renderWithProviders(<ResultsTab />, {
      user: admin,
      fixtures: server({ decideFails: true }).fixtures,
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Valider le résultat du mardi 9 juin 2026, Padel Club Lyon',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(RESULT_MSG.notContested);
    await waitFor(() => expect(screen.queryByText(/Padel Club Lyon/)).not.toBeInTheDocument());
  });

  it('upholding or cancelling a contested absence', async () => {
    const { fixtures } = server();
    const { calls } = renderWithProviders(<ResultsTab />, { user: admin, fixtures });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Annuler l’absence de Ana F. le lundi 8 juin 2026',
      }),
    );
    expect(await screen.findByText(RESULT_MSG.decided)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Aucune absence contestée.')).toBeInTheDocument());
    expect(calls.find((c) => c.path === 'results.adminDecideNoShow')?.input).toEqual({
      id: 13,
      userId: 9,
      decision: 'cancelled',
    });
  });

  it('switches level suggestions off and on, and says it is saved', async () => {
    const { state, fixtures } = server({ suggestions: true });
    renderWithProviders(<ResultsTab />, { user: admin, fixtures });
    const box = await screen.findByRole('checkbox', {
      name: 'Proposer aux joueurs le niveau correspondant à leurs résultats',
    });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText(RESULT_MSG.settingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(state.suggestions).toBe(false);
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(state.suggestions).toBe(true);
  });

  it('shows the distribution of levels, players without a known level last', async () => {
    renderWithProviders(<ResultsTab />, { user: admin, fixtures: server().fixtures });
    const table = await screen.findByRole('table', { name: 'Répartition des niveaux' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'NiveauJoueurs',
      'Niveau 1 — Découverte2',
      'Niveau 3 — Intermédiaire bas14',
      'Niveau non renseigné3',
    ]);
  });

  it('shows a player’s hidden rating, suggestion and history by number; an unknown number says so', async () => {
    renderWithProviders(<ResultsTab />, { user: admin, fixtures: server().fixtures });
    const field = await screen.findByLabelText('Numéro du joueur');
    const ratings = section('Suggestions de niveau');
    await userEvent.type(field, 'abc');
    expect(within(ratings).queryByText(/Classement :/)).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '42');
    expect(
      await within(ratings).findByText('Classement : 1563 — suggestion : Niveau 5'),
    ).toBeVisible();
    const items = within(ratings)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['10/06/2026 : 1563 (match 12)', '09/06/2026 : 1498 (match 11)']);
    await userEvent.clear(field);
    await userEvent.type(field, '43');
    expect(await within(ratings).findByRole('alert')).toHaveTextContent(RESULT_MSG.profileNotFound);
  });
});
