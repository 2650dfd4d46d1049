import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { FEEDBACK_TEXT } from '../../common/messages-season';
import { RESULT_MSG } from '../../common/results';
import { REASON_MAX } from '../../common/schemas/matches';
import { MatchResultPanel } from '../../client/src/components/results/MatchResultPanel';
import { useLiveMatch } from '../../client/src/lib/live';
import type { RouterInputs, RouterOutputs } from '../../client/src/lib/trpc';
import { publicRoom, plainCourt } from './support/match-fixtures';
import { renderWithProviders, serverError, testUser } from './support/render';

type Detail = RouterOutputs['matches']['byId'];
type State = RouterOutputs['results']['forMatch'];
type View = NonNullable<State['result']>;

const person = (user_id: number, first_name: string, last_initial: string) => ({
  user_id,
  first_name,
  last_initial,
  level: 'Niveau 3',
  photo: null,
  phone: null,
});

/** Paul's finished match: Bruno and David joined, Marc holds Paul's reserved seat. */
const match: Detail = {
  id: 42,
  place_id: 1,
  place_name: 'Padel Club Lyon',
  address: '12 rue des Sports',
  city: 'Lyon',
  date: '2026-11-20',
  time: '10:00',
  levels: ['Niveau 3'],
  slots: 3,
  missing_players: 0,
  created_by: 3,
  organiser: person(3, 'Paul', 'G.'),
  participants: [person(9, 'Bruno', 'P.'), person(10, 'David', 'N.')],
  is_creator: true,
  is_participant: false,
  is_finished: true,
  waitlist_position: null,
  ...publicRoom,
  ...plainCourt,
  guests: [{ id: 4, name: 'Marc' }],
};

const state = (o: Partial<State> = {}): State => ({
  result: null,
  can_enter: true,
  can_mark_absent: false,
  absent: [],
  reliability: [],
  ...o,
});

const view = (o: Partial<View> = {}): View => ({
  match_id: 42,
  teams: [
    [
      { user_id: 3, name: 'Paul G.' },
      { guest_id: 4, name: 'Invité de Paul', guest_name: 'Marc' },
    ],
    [
      { user_id: 10, name: 'David N.' },
      { user_id: 9, name: 'Bruno P.' },
    ],
  ],
  sets: [
    [6, 3],
    [6, 2],
  ],
  winner: 0,
  status: 'pending',
  entered_by: 3,
  entered_at: '2026-11-20T12:00:00.000Z',
  contest_reason: null,
  viewer_side: 0,
  can_answer: false,
  auto_confirm_at: '2026-11-22T12:00:00.000Z',
  has_answerer: true,
  may_judge: [],
  ...o,
});

describe('Résultat of a match with a reserved-seat guest', () => {
  afterEach(cleanup);

  it('offers the guest in the team choices and sends { guest: id } for him', async () => {
    const paul = testUser({ id: 3, name: 'Paul Garnier' });
    const { calls } = renderWithProviders(<MatchResultPanel match={match} />, {
      user: paul,
      fixtures: {
        'results.forMatch': state(),
        'results.enter': (input: RouterInputs['results']['enter']) => ({
          success: true,
          message: RESULT_MSG.entered,
          result: view({ teams: view().teams, sets: input.sets }),
        }),
      },
    });
    const team1 = await screen.findByRole('group', { name: 'Équipe 1' });
    const team2 = screen.getByRole('group', { name: 'Équipe 2' });
    const choices = within(team1).getByLabelText('Joueur 2');
    expect(
      within(choices)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Paul G.', 'Bruno P.', 'David N.', 'Marc (invité de Paul)']);
    await userEvent.selectOptions(choices, 'Marc (invité de Paul)');
    await userEvent.selectOptions(within(team2).getByLabelText('Joueur 1'), 'David N.');
    await userEvent.selectOptions(within(team2).getByLabelText('Joueur 2'), 'Bruno P.');
    for (const [i, set] of [
      [6, 3],
      [6, 2],
    ].entries())
      for (const [k, games] of set.entries())
        await userEvent.type(
          screen.getByLabelText(`Set ${i + 1}, jeux de l’équipe ${k + 1}`),
          String(games),
        );
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    expect(await screen.findByText(RESULT_MSG.entered)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'results.enter')?.input).toEqual({
      id: 42,
      teams: [
        [3, { guest: 4 }],
        [10, 9],
      ],
      sets: [
        [6, 3],
        [6, 2],
      ],
    });
  });

  it('names the guest « Marc (invité de Paul) » to the players, « Invité de Paul » to others, with no profile link', async () => {
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: { 'results.forMatch': state({ result: view(), can_enter: false }) },
    });
    const teams = (await screen.findByText(/contre/)).closest('p') as HTMLElement;
    expect(teams).toHaveTextContent('Paul G. et Marc (invité de Paul) contre David N. et Bruno P.');
    expect(
      within(teams)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Paul G.', 'David N.', 'Bruno P.']);
    cleanup();
    const hidden = view({
      teams: [
        [
          { user_id: 3, name: 'Paul G.' },
          { guest_id: 4, name: 'Invité de Paul', guest_name: null },
        ],
        view().teams[1]!,
      ],
      viewer_side: null,
    });
    renderWithProviders(
      <MatchResultPanel match={{ ...match, is_creator: false, guests: [{ id: 4, name: null }] }} />,
      {
        user: testUser({ id: 77 }),
        fixtures: { 'results.forMatch': state({ result: hidden, can_enter: false }) },
      },
    );
    expect((await screen.findByText(/contre/)).closest('p')).toHaveTextContent(
      'Paul G. et Invité de Paul contre David N. et Bruno P.',
    );
  });

  it('against a team of two guests, says nobody can confirm and when it counts by itself', async () => {
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: {
        'results.forMatch': state({
          result: view({ has_answerer: false }),
          can_enter: false,
        }),
      },
    });
    expect(
      await screen.findByText(/L’équipe adverse n’a que des invités : le résultat sera confirmé/),
    ).toHaveTextContent('22 nov. 2026');
    expect(screen.queryByRole('button', { name: 'Confirmer le résultat' })).not.toBeInTheDocument();
  });

  it('a contest owes a reason: blank is refused in the dialog, a reason is sent', async () => {
    const { calls } = renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 10 }),
      fixtures: {
        'results.forMatch': state({
          result: view({ viewer_side: 1, can_answer: true }),
          can_enter: false,
        }),
        'results.contest': (input: RouterInputs['results']['contest']) => ({
          success: true,
          message: RESULT_MSG.contested,
          result: view({ status: 'contested', contest_reason: input.reason }),
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Contester' }));
    const dialog = screen.getByRole('dialog', { name: 'Contester le résultat' });
    const field = within(dialog).getByLabelText(RESULT_MSG.reasonLabel);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Contester' }));
    expect(await within(dialog).findByText(MSG.match.reasonInvalid(REASON_MAX))).toBeVisible();
    expect(calls.some((c) => c.path === 'results.contest')).toBe(false);
    await userEvent.type(field, 'Le 2e set était 6-4 pour nous');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Contester' }));
    expect(await screen.findByText(RESULT_MSG.contested)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'results.contest')?.input).toEqual({
      id: 42,
      reason: 'Le 2e set était 6-4 pour nous',
    });
  });
});

describe('« Signaler une absence » (the organiser, within 48 h)', () => {
  afterEach(cleanup);

  const organiserView = () =>
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: {
        'results.forMatch': state({ can_enter: false, can_mark_absent: true }),
        'results.markNoShow': (input: RouterInputs['results']['markNoShow']) => ({
          success: true,
          message: RESULT_MSG.noShowMarked,
          match_id: input.id,
          user_id: input.userId,
          status: 'absent',
        }),
      },
    });

  it('is an explicit button per participant, never a bare « Absent »', async () => {
    organiserView();
    const list = await screen.findByRole('list', { name: 'Présence des joueurs' });
    expect(
      within(list).getByRole('button', { name: /^Signaler une absence\s?: Bruno P\.$/ }),
    ).toBeVisible();
    expect(
      within(list).getByRole('button', { name: /^Signaler une absence\s?: David N\.$/ }),
    ).toBeVisible();
    // Not for the organiser, and no button reads as a mere label.
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: /^Absent/ })).not.toBeInTheDocument();
  });

  it('asks « Signaler l’absence de Bruno P. ? » first: « Annuler » reports nothing', async () => {
    const { calls } = organiserView();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Signaler une absence\s?: Bruno P\.$/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Signaler une absence' });
    expect(within(dialog).getByText(/^Signaler l'absence de Bruno P\./)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === 'results.markNoShow')).toBe(false);
  });

  it('« Confirmer » reports the player named in the dialog, once, and says so', async () => {
    const { calls } = organiserView();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Signaler une absence\s?: David N\.$/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Signaler une absence' });
    expect(within(dialog).getByText(/^Signaler l'absence de David N\./)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(RESULT_MSG.noShowMarked)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'results.markNoShow').map((c) => c.input)).toEqual([
      { id: 42, userId: 10 },
    ]);
  });
});

describe('Résultat, live', () => {
  afterEach(cleanup);

  /** The match page's two parts at stake: its live subscription and the result panel. */
  function LivePanel() {
    useLiveMatch(match.id, true);
    return <MatchResultPanel match={match} />;
  }

  it('shows the result the other team entered as soon as the match changes, without reloading', async () => {
    let entered = false;
    let announce = () => {};
    const change = new Promise<void>((resolve) => (announce = resolve));
    renderWithProviders(<LivePanel />, {
      user: testUser({ id: 10 }),
      fixtures: {
        'results.forMatch': () =>
          state({
            can_enter: false,
            result: entered ? view({ viewer_side: 1, can_answer: true }) : null,
          }),
        // The stream's event arrives once Paul's entry is committed.
        'matches.onChange': () => change.then(() => ({ id: '2', data: match })),
      },
    });
    expect(await screen.findByText('Aucun résultat n’a encore été saisi.')).toBeVisible();
    entered = true;
    announce();
    expect(await screen.findByRole('button', { name: 'Confirmer le résultat' })).toBeVisible();
    expect(screen.getByText('6-3 6-2')).toBeInTheDocument();
  });
});

describe('« Leur niveau, selon vous » (a confirmed result, its players)', () => {
  afterEach(cleanup);

  /** Paul (id 3) on a confirmed result: he may still judge David and Bruno, not his guest Marc. */
  const confirmed = (o: Partial<View> = {}) =>
    state({ can_enter: false, result: view({ status: 'confirmed', may_judge: [10, 9], ...o }) });
  const card = () => screen.findByRole('region', { name: FEEDBACK_TEXT.title });

  it('lists each co-player in may_judge with three verdicts named after them', async () => {
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: { 'results.forMatch': confirmed() },
    });
    const region = await card();
    expect(within(region).getByText(FEEDBACK_TEXT.lead)).toBeVisible();
    for (const name of ['David N.', 'Bruno P.']) {
      const row = within(region).getByRole('group', { name });
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.textContent?.replace(/\s+/g, ' ')),
      ).toEqual(
        Object.values(FEEDBACK_TEXT.verdicts).map((v) => `${v} : ${name}`.replace(/\s+/g, ' ')),
      );
      expect(
        within(row).getByRole('button', {
          name: new RegExp(`^${FEEDBACK_TEXT.verdicts.juste}\\s?: ${name.replace('.', '\\.')}$`),
        }),
      ).toBeVisible();
    }
    // Six buttons: nobody else (not Paul himself, not the guest).
    expect(within(region).getAllByRole('button')).toHaveLength(6);
  });

  it('is not shown for a pending result, nor when there is nobody left to judge', async () => {
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: {
        'results.forMatch': state({ can_enter: false, result: view({ may_judge: [10, 9] }) }),
      },
    });
    expect(await screen.findByText('En attente de confirmation')).toBeVisible();
    expect(screen.queryByRole('region', { name: FEEDBACK_TEXT.title })).not.toBeInTheDocument();
    cleanup();
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: { 'results.forMatch': confirmed({ may_judge: [] }) },
    });
    expect(await screen.findByText('Confirmé')).toBeVisible();
    expect(screen.queryByRole('region', { name: FEEDBACK_TEXT.title })).not.toBeInTheDocument();
    expect(screen.queryByText(FEEDBACK_TEXT.verdicts.juste)).not.toBeInTheDocument();
  });

  it('a verdict sends { id, user_id, verdict }, says the server’s message, and the player leaves the list', async () => {
    const judged = new Set<number>();
    const { calls } = renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: {
        'results.forMatch': () => confirmed({ may_judge: [10, 9].filter((id) => !judged.has(id)) }),
        'results.levelFeedback': (input: RouterInputs['results']['levelFeedback']) => {
          judged.add(Number(input.user_id));
          return { success: true, message: FEEDBACK_TEXT.saved };
        },
      },
    });
    const region = await card();
    await userEvent.click(
      within(within(region).getByRole('group', { name: 'Bruno P.' })).getByRole('button', {
        name: /^Niveau plus haut\s?: Bruno P\.$/,
      }),
    );
    expect(await screen.findByText(FEEDBACK_TEXT.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'results.levelFeedback').map((c) => c.input)).toEqual([
      { id: 42, user_id: 9, verdict: 'plus_haut' },
    ]);
    await waitFor(() => expect(within(region).queryByText('Bruno P.')).not.toBeInTheDocument());
    expect(within(region).getByRole('group', { name: 'David N.' })).toBeVisible();
  });

  it('a refusal is said in French and the row stays', async () => {
    renderWithProviders(<MatchResultPanel match={match} />, {
      user: testUser({ id: 3 }),
      fixtures: {
        'results.forMatch': confirmed(),
        'results.levelFeedback': () => Promise.reject(serverError(FEEDBACK_TEXT.already)),
      },
    });
    const region = await card();
    await userEvent.click(
      within(region).getByRole('button', { name: /^Niveau juste\s?: David N\.$/ }),
    );
    expect(await screen.findByText(FEEDBACK_TEXT.already)).toBeInTheDocument();
    expect(within(region).getByRole('group', { name: 'David N.' })).toBeVisible();
  });
});
