import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENING_TEXT, EVENING_UI } from '../../common/messages-evenings';
import { RESULT_MSG } from '../../common/results';
import type { TEvening } from '../../common/schemas/evenings';
import EveningPage from '../../client/src/pages/EveningPage';
import type { RouterInputs, RouterOutputs } from '../../client/src/lib/trpc';
import { renderWithProviders, testUser } from './support/render';

type Presence = RouterOutputs['results']['forMatch'];

const player = (user_id: number, name: string) => ({ user_id, name });
const OLIVIA = player(7, 'Olivia M.');
const PLAYERS = [OLIVIA, player(8, 'Julie B.'), player(9, 'Marc D.'), player(10, 'Léo P.')];

/** Olivia's Mexicano on one court, in round 2; round 1 ended 15–9 (a typo she will fix). */
const evening = (o: Partial<TEvening> = {}): TEvening => ({
  id: 5,
  format: 'mexicano',
  status: 'running',
  place: { id: 1, name: 'Club Soirée', city: 'Lyon' },
  date: '2026-12-03',
  time: '19:00',
  levels: ['Niveau 3'],
  courts: 1,
  max_players: 4,
  points_per_game: 24,
  competitive: false,
  price_cents: null,
  visibility: 'public',
  sit_out_rule: 'zero',
  mexicano_pairing: '1-3',
  signups_closed: false,
  current_round: 2,
  organiser: OLIVIA,
  players: PLAYERS,
  waiting: 0,
  waiting_list: [],
  rounds: [
    {
      number: 1,
      games: [
        {
          id: 11,
          court: 1,
          teams: [
            [7, 8],
            [9, 10],
          ],
          score: [15, 9],
        },
      ],
      sitting_out: [],
    },
    {
      number: 2,
      games: [
        {
          id: 12,
          court: 1,
          teams: [
            [7, 9],
            [8, 10],
          ],
          score: null,
        },
      ],
      sitting_out: [],
    },
  ],
  standings: PLAYERS.map((p) => ({ ...p, points: 0, games: 1, wins: 0, diff: 0 })),
  me: { organiser: true, playing: true, waitlist_position: null },
  share_token: null,
  ...o,
});

/** One player's report button: its hidden text names the player (the no-break space may be dropped). */
const reportOf = (name: string) => new RegExp(`^${RESULT_MSG.noShowReport}\\s?:\\s${name}$`);

const presence = (o: Partial<Presence> = {}): Presence => ({
  result: null,
  can_enter: false,
  can_mark_absent: true,
  absent: [],
  reliability: [],
  ...o,
});

const page = (e: TEvening, user = testUser({ id: 7 }), fixtures: Record<string, unknown> = {}) =>
  renderWithProviders(
    <Routes>
      <Route path="/soirees/:id" element={<EveningPage />} />
    </Routes>,
    {
      route: '/soirees/5',
      user,
      fixtures: { 'evenings.byId': e, 'results.forMatch': presence(), ...fixtures },
    },
  );

describe('an evening’s page, for its organiser during the evening', () => {
  afterEach(cleanup);

  it('says the rules she picked and offers the calendar file', async () => {
    page(evening());
    await screen.findByRole('heading', { level: 1, name: 'Mexicano · Club Soirée' });
    expect(screen.getByText(/Un tour passé compte 0 point\./)).toHaveTextContent(
      EVENING_UI.pairingRule('1-3'),
    );
    expect(screen.getByRole('link', { name: EVENING_UI.addToCalendar })).toHaveAttribute(
      'href',
      '/api/matches/5/calendar.ics',
    );
  });

  it('fixes a past round’s score from « Tours précédents », sending the score she saw', async () => {
    const { calls } = page(evening(), testUser({ id: 7 }), {
      'evenings.score': (input: RouterInputs['evenings']['score']) => ({
        message: EVENING_TEXT.scoreSaved,
        evening: evening(),
        input,
      }),
    });
    const past = await screen.findByRole('region', { name: EVENING_UI.pastRoundsTitle });
    await userEvent.click(within(past).getByText(EVENING_UI.roundTitle(1)));
    const ours = within(past).getByLabelText(EVENING_UI.scoreFor('Olivia M. et Julie B.'));
    expect(ours).toHaveValue(15);
    await userEvent.clear(ours);
    await userEvent.type(ours, '14');
    expect(within(past).getByLabelText(EVENING_UI.scoreFor('Marc D. et Léo P.'))).toHaveValue(10);
    await userEvent.click(within(past).getByRole('button', { name: EVENING_UI.saveScore }));
    expect(await screen.findByText(EVENING_TEXT.scoreSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'evenings.score')?.input).toEqual({
      id: 5,
      gameId: 11,
      score: [14, 10],
      previous: [15, 9],
    });
  });

  it('reports a player who did not come, through the match’s no-show rule', async () => {
    let absent: Presence['absent'] = [];
    const { calls } = page(evening(), testUser({ id: 7 }), {
      'results.forMatch': () => presence({ absent }),
      'results.markNoShow': () => {
        absent = [{ user_id: 9, status: 'absent' }];
        return { message: RESULT_MSG.noShowMarked };
      },
    });
    const players = await screen.findByRole('region', { name: EVENING_UI.playersTitle(4, 4) });
    const reports = await within(players).findAllByRole('button', {
      name: new RegExp(`^${RESULT_MSG.noShowReport}`),
    });
    // Everyone but herself.
    expect(reports).toHaveLength(3);
    await userEvent.click(within(players).getByRole('button', { name: reportOf('Marc D.') }));
    const dialog = await screen.findByRole('dialog', { name: RESULT_MSG.noShowAsk('Marc D.') });
    await userEvent.click(within(dialog).getByRole('button', { name: RESULT_MSG.noShowReport }));
    expect(await screen.findByText(RESULT_MSG.noShowMarked)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'results.markNoShow')?.input).toEqual({ id: 5, userId: 9 });
    expect(await within(players).findByText(EVENING_UI.absent)).toBeInTheDocument();
    expect(
      within(players).queryByRole('button', { name: reportOf('Marc D.') }),
    ).not.toBeInTheDocument();
  });
});

describe('an evening’s page, for a player', () => {
  afterEach(cleanup);

  it('shows past rounds read-only, and no absence to report', async () => {
    const { calls } = page(
      evening({ me: { organiser: false, playing: true, waitlist_position: null } }),
      testUser({ id: 8 }),
    );
    const past = await screen.findByRole('region', { name: EVENING_UI.pastRoundsTitle });
    await userEvent.click(within(past).getByText(EVENING_UI.roundTitle(1)));
    expect(within(past).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(past).getByText('15')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: new RegExp(`^${RESULT_MSG.noShowReport}`) }),
    ).not.toBeInTheDocument();
    // Nobody asked the no-show state for a player.
    expect(calls.some((c) => c.path === 'results.forMatch')).toBe(false);
  });
});
