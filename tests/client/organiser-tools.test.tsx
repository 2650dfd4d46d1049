import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import MatchPage from '../../client/src/pages/MatchPage';
import MyMatchesPage from '../../client/src/pages/MyMatchesPage';
import {
  aMyMatch,
  levelRows,
  places,
  schedule,
  publicRoom,
  plainCourt,
} from './support/match-fixtures';
import { renderWithProviders, testUser } from './support/render';

type Detail = RouterOutputs['matches']['byId'];
const organiser = testUser({ id: 3 });

const player = (user_id: number, first_name: string) => ({
  user_id,
  first_name,
  last_initial: 'D.',
  level: 'Niveau 3',
  photo: null,
  phone: null,
});
const detail = (o: Partial<Detail> = {}): Detail => ({
  id: 42,
  place_id: 1,
  place_name: 'Padel Club Lyon',
  address: '12 rue des Sports',
  city: 'Lyon',
  date: '2026-11-28',
  time: '18:30',
  levels: ['Niveau 3'],
  slots: 2,
  missing_players: 0,
  created_by: 3,
  organiser: player(3, 'Julie'),
  participants: [player(9, 'Marc'), player(10, 'Léa')],
  is_creator: true,
  is_participant: false,
  is_finished: false,
  waitlist_position: null,
  ...publicRoom,
  ...plainCourt,
  ...o,
});
const asCard = (d: Detail) => ({
  id: d.id,
  place_id: d.place_id,
  place_name: d.place_name,
  address: d.address,
  city: d.city,
  date: d.date,
  time: d.time,
  levels: d.levels,
  slots: d.slots,
  missing_players: d.missing_players,
  created_by: d.created_by,
  creator_name: d.organiser.first_name,
  participants: d.participants.map((p) => ({ user_id: p.user_id })),
});

const renderPage = (byId: unknown, more: Record<string, unknown> = {}) =>
  renderWithProviders(
    <Routes>
      <Route path="/matches/:id" element={<MatchPage />} />
    </Routes>,
    {
      user: organiser,
      route: '/matches/42',
      fixtures: { 'matches.byId': byId, 'levels.list': levelRows, ...more },
    },
  );

describe('the organiser removes a player', () => {
  afterEach(cleanup);

  it('"Retirer" next to each player (not the organiser), a dialog with an optional reason, then the refreshed list and a notice', async () => {
    let removed = false;
    // After the removal, the first waiting player (Zoé) has taken Marc's place.
    const after = detail({ participants: [player(10, 'Léa'), player(11, 'Zoé')] });
    const { calls } = renderPage(() => (removed ? after : detail()), {
      'matches.removeParticipant': () => {
        removed = true;
        return { success: true, message: MSG.match.removed, match: asCard(after) };
      },
    });
    const players = await screen.findByRole('region', { name: 'Joueurs' });
    expect(within(players).getAllByRole('button', { name: /^Retirer / })).toHaveLength(2);
    expect(
      within(players).queryByRole('button', { name: 'Retirer Julie D. du match' }),
    ).not.toBeInTheDocument();

    await userEvent.click(
      within(players).getByRole('button', { name: 'Retirer Marc D. du match' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Retirer Marc D. du match ?' });
    const reason = within(dialog).getByLabelText(MSG.match.reasonLabel);
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Niveau trop éloigné');
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.match.removeConfirm }));

    expect(await screen.findByText(MSG.match.removed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(players).findByText('Zoé D.')).toBeInTheDocument();
    expect(within(players).queryByText('Marc D.')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.removeParticipant')?.input).toEqual({
      id: 42,
      userId: 9,
      reason: 'Niveau trop éloigné',
    });
  });

  it('a blank reason sends none; Annuler sends nothing; a reason with a tab is refused in French before sending', async () => {
    const { calls } = renderPage(detail(), {
      'matches.removeParticipant': () => ({
        success: true,
        message: MSG.match.removed,
        match: asCard(detail()),
      }),
    });
    const players = await screen.findByRole('region', { name: 'Joueurs' });
    await userEvent.click(within(players).getByRole('button', { name: 'Retirer Léa D. du match' }));
    let dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.path === 'matches.removeParticipant')).toBe(false);

    await userEvent.click(within(players).getByRole('button', { name: 'Retirer Léa D. du match' }));
    dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText(MSG.match.reasonLabel);
    // One line only: a pasted tab is refused by the schema the server applies.
    await userEvent.click(reason);
    await userEvent.paste('Pluie\tforte');
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.match.removeConfirm }));
    expect(await within(dialog).findByText(MSG.http.oneLine)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'matches.removeParticipant')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.match.removeConfirm }));
    expect(await screen.findByText(MSG.match.removed)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.removeParticipant')?.input).toEqual({
      id: 42,
      userId: 10,
    });
  });

  it('players and a finished match show no "Retirer"', async () => {
    renderPage(detail({ is_creator: false, is_participant: true }));
    const players = await screen.findByRole('region', { name: 'Joueurs' });
    expect(within(players).queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
    cleanup();
    renderPage(detail({ is_finished: true }));
    const past = await screen.findByRole('region', { name: 'Joueurs' });
    expect(within(past).queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
  });
});

describe('cancelling a match with a reason', () => {
  afterEach(cleanup);

  it('the delete dialog offers "Motif (facultatif)" with the suggestion as placeholder and sends the reason', async () => {
    const { calls } = renderWithProviders(<MyMatchesPage />, {
      user: organiser,
      fixtures: {
        'matches.mine': {
          waiting: [],
          counters: { created: 1, joined: 0, upcoming: 1, waiting: 0 },
          matches: [
            aMyMatch({
              id: 1,
              place_name: 'Mon match',
              created_by: 3,
              creator_name: organiser.name,
              is_creator: true,
            }),
          ],
        },
        'levels.list': levelRows,
        'places.list': places,
        'matches.schedule': schedule,
        'settings.get': { max_places: 3, max_levels_selection: 3, months_ahead: 1 },
        'matches.delete': () => ({ success: true, message: MSG.match.deleted }),
      },
    });
    const own = await screen.findByRole('article', { name: 'Mon match' });
    await userEvent.click(within(own).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce match ?' });
    const reason = within(dialog).getByLabelText(MSG.match.reasonLabel);
    expect(reason).toHaveAttribute('placeholder', 'Terrain indisponible');
    await userEvent.type(reason, 'Terrain indisponible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(MSG.match.deleted)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.delete')?.input).toEqual({
      id: 1,
      reason: 'Terrain indisponible',
    });
  });
});
