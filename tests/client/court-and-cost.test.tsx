import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import {
  COST_TEXT,
  COURT_TEXT,
  COURT_UI,
  GENDER_TEXT,
  KIND_TEXT,
} from '../../common/messages-court';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import CreateMatchPage from '../../client/src/pages/CreateMatchPage';
import MatchPage from '../../client/src/pages/MatchPage';
import FindMatchPage from '../../client/src/pages/FindMatchPage';
import { FilterBar } from '../../client/src/pages/find/FilterBar';
import {
  EMPTY_FILTERS,
  filtersKey,
  loadFilters,
  toListInput,
} from '../../client/src/pages/find/filters';
import {
  aMatch,
  levelRows,
  places,
  plainCourt,
  publicRoom,
  schedule,
} from './support/match-fixtures';
import { renderWithProviders, serverError, testUser } from './support/render';

type Detail = RouterOutputs['matches']['byId'];

const person = (user_id: number, first_name: string, last_initial: string) => ({
  user_id,
  first_name,
  last_initial,
  level: 'Niveau 3',
  photo: null,
  phone: null,
});
const julie = person(3, 'Julie', 'M.');
const marc = person(9, 'Marc', 'D.');
const camille = person(7, 'Camille', 'M.');

/** Julie's « Compétitif » match at 40 € the court, Marc and Camille in. */
const detail = (o: Partial<Detail> = {}): Detail => ({
  id: 42,
  place_id: 1,
  place_name: 'Padel Club Lyon',
  address: '12 rue des Sports',
  city: 'Lyon',
  date: '2026-11-28',
  time: '18:30',
  levels: ['Niveau 3'],
  slots: 3,
  missing_players: 1,
  created_by: 3,
  organiser: julie,
  participants: [marc, camille],
  is_creator: false,
  is_participant: true,
  is_finished: false,
  waitlist_position: null,
  ...publicRoom,
  ...plainCourt,
  kind: 'competitif',
  booking_url: 'https://playtomic.io/padel-club-lyon',
  price_cents: 4000,
  payments: [
    { user_id: 3, share_cents: 1334, paid: false },
    { user_id: 9, share_cents: 1333, paid: true },
    { user_id: 7, share_cents: 1333, paid: false },
  ],
  ...o,
});

const renderPage = (
  byId: unknown,
  fixtures: Record<string, unknown> = {},
  user = testUser({ id: 7, name: 'Camille Martin' }),
) =>
  renderWithProviders(
    <Routes>
      <Route path="/matches/:id" element={<MatchPage />} />
    </Routes>,
    {
      user,
      route: '/matches/42',
      fixtures: {
        'matches.byId': byId,
        'levels.list': levelRows,
        'chat.history': { messages: [], nextCursor: null },
        ...fixtures,
      },
    },
  );

const courtBlock = async () => screen.findByRole('region', { name: COURT_TEXT.title });

describe('Match page: kind and gender rule badges', () => {
  afterEach(cleanup);

  it('shows « Compétitif » and a gender rule other than « Ouvert »', async () => {
    renderPage(detail({ gender: 'mixte', is_participant: false, participants: [marc] }));
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.getByText(KIND_TEXT.names.competitif)).toBeInTheDocument();
    expect(screen.getByText(GENDER_TEXT.names.mixte)).toBeInTheDocument();
    cleanup();
    renderPage(detail({ kind: 'amical', is_participant: false, participants: [marc] }));
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.getByText(KIND_TEXT.names.amical)).toBeInTheDocument();
    expect(screen.queryByText(GENDER_TEXT.names.ouvert)).not.toBeInTheDocument();
  });
});

describe('Match page: the court', () => {
  afterEach(cleanup);

  it('offers the booking link and « J’ai réservé le terrain » to a player, then says who booked', async () => {
    const booked = detail({
      court: {
        booked: true,
        booked_by: 7,
        booked_by_name: 'Camille M.',
        booked_at: '2026-11-20T10:00:00.000Z',
      },
    });
    const setCourt = vi.fn(() => ({ message: COURT_TEXT.booked, match: booked }));
    const { calls } = renderPage(detail(), { 'matches.setCourt': setCourt });
    const block = await courtBlock();
    expect(within(block).getByText(COURT_TEXT.notBooked)).toBeInTheDocument();
    const link = within(block).getByRole('link', { name: new RegExp(COURT_TEXT.book) });
    expect(link).toHaveAttribute('href', 'https://playtomic.io/padel-club-lyon');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    await userEvent.click(within(block).getByRole('button', { name: COURT_TEXT.iBooked }));
    expect(await within(block).findByText(COURT_TEXT.bookedBy('Camille M.'))).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.setCourt')?.input).toEqual({
      id: 42,
      booked: true,
    });
    expect(await screen.findByText(COURT_TEXT.booked)).toBeInTheDocument();
    // Booked: no more link or mark, the undo instead.
    expect(within(block).queryByRole('link', { name: new RegExp(COURT_TEXT.book) })).toBeNull();
    await userEvent.click(within(block).getByRole('button', { name: COURT_TEXT.unmark }));
    expect(calls.filter((c) => c.path === 'matches.setCourt').at(-1)?.input).toEqual({
      id: 42,
      booked: false,
    });
  });

  it('shows a stranger the price line only: no booking, no payments', async () => {
    renderPage(detail({ is_participant: false, participants: [marc], payments: [], court: null }));
    const block = await screen.findByRole('region', { name: COST_TEXT.title });
    // A full match of 4 shares 40 € by 4.
    expect(within(block).getByText(COST_TEXT.total('40,00'))).toBeInTheDocument();
    expect(within(block).getByText(COST_TEXT.share('10,00'))).toBeInTheDocument();
    expect(within(block).queryByRole('button')).toBeNull();
    expect(within(block).queryByRole('link')).toBeNull();
    expect(screen.queryByText(COST_TEXT.whoPaid)).not.toBeInTheDocument();
  });

  it('shows a stranger nothing of the court when the match has no price', async () => {
    renderPage(
      detail({
        is_participant: false,
        participants: [marc],
        payments: [],
        price_cents: null,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.queryByRole('region', { name: COST_TEXT.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: COURT_TEXT.title })).not.toBeInTheDocument();
  });

  it('tells the organiser no price is given, and still offers the booking mark', async () => {
    renderPage(
      detail({ is_creator: true, is_participant: false, price_cents: null, payments: [] }),
      {},
      testUser({ id: 3, name: 'Julie Martin' }),
    );
    const block = await courtBlock();
    expect(within(block).getByText(COST_TEXT.noPrice)).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: COURT_TEXT.iBooked })).toBeInTheDocument();
  });
});

describe('Match page: who paid', () => {
  afterEach(cleanup);

  it('lists every player with their share and mark; the viewer marks their own share only', async () => {
    const after = detail({
      payments: [
        { user_id: 3, share_cents: 1334, paid: false },
        { user_id: 9, share_cents: 1333, paid: true },
        { user_id: 7, share_cents: 1333, paid: true },
      ],
    });
    const { calls } = renderPage(detail(), {
      'matches.setPayment': () => ({ message: COST_TEXT.savedPaid, match: after }),
    });
    const block = await courtBlock();
    expect(within(block).getByText(COST_TEXT.total('40,00'))).toBeInTheDocument();
    expect(within(block).getByText(COST_TEXT.share('13,33'))).toBeInTheDocument();
    expect(within(block).getByText(COST_TEXT.recordedOnly)).toBeInTheDocument();
    const rows = within(within(block).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Julie M.'),
      expect.stringContaining('Marc D.'),
      expect.stringContaining('Camille M.'),
    ]);
    expect(rows[0]).toHaveTextContent(COST_TEXT.unpaid);
    expect(rows[0]).toHaveTextContent(COURT_UI.amount('13,34'));
    expect(rows[1]).toHaveTextContent(COST_TEXT.paid);
    // A participant cannot tick the others' rows.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(block).queryByRole('checkbox')).toBeNull();

    await userEvent.click(within(rows[2]!).getByRole('button', { name: COST_TEXT.iPaid }));
    expect(calls.find((c) => c.path === 'matches.setPayment')?.input).toEqual({
      id: 42,
      userId: 7,
      paid: true,
    });
    expect(await screen.findByText(COST_TEXT.savedPaid)).toBeInTheDocument();
    const own = within(block).getAllByRole('listitem')[2]!;
    expect(own).toHaveTextContent(COST_TEXT.paid);
    expect(within(own).getByRole('button', { name: COST_TEXT.undo })).toBeInTheDocument();
  });

  it('lets the organiser tick anyone’s share, and says why a change failed', async () => {
    const { calls } = renderPage(
      detail({ is_creator: true, is_participant: false }),
      { 'matches.setPayment': () => Promise.reject(serverError(COST_TEXT.noPriceYet)) },
      testUser({ id: 3, name: 'Julie Martin' }),
    );
    const block = await courtBlock();
    expect(
      within(block).getByRole('checkbox', { name: COST_TEXT.markPaid('Marc D.') }),
    ).toBeChecked();
    const camilleTick = within(block).getByRole('checkbox', {
      name: COST_TEXT.markPaid('Camille M.'),
    });
    expect(camilleTick).not.toBeChecked();
    await userEvent.click(camilleTick);
    expect(calls.find((c) => c.path === 'matches.setPayment')?.input).toEqual({
      id: 42,
      userId: 7,
      paid: true,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(COST_TEXT.noPriceYet);
    // Her own row is hers to mark too.
    expect(within(block).getByRole('button', { name: COST_TEXT.iPaid })).toBeInTheDocument();
  });
});

describe('Joining a match with a gender rule', () => {
  afterEach(cleanup);

  const open = (o: Partial<Detail> = {}) =>
    detail({ is_participant: false, participants: [marc], payments: [], gender: 'femmes', ...o });

  it('asks « Vous êtes… », saves the gender to the profile, then joins', async () => {
    const viewer = testUser({ id: 7, name: 'Camille Martin', level: 'Niveau 3', gender: null });
    const { calls } = renderPage(
      open({ open_to: ['femme'] }),
      {
        'users.update': (input: { gender: string }) => ({ ...viewer, gender: input.gender }),
        'matches.join': () => ({ match: aMatch({ id: 42 }) }),
      },
      viewer,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const dialog = await screen.findByRole('dialog', { name: GENDER_TEXT.askTitle });
    expect(calls.some((c) => c.path === 'matches.join')).toBe(false);
    // Nothing chosen yet: the dialog says so and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: GENDER_TEXT.askSave }));
    expect(within(dialog).getByText(GENDER_TEXT.playerInvalid)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: GENDER_TEXT.players.femme }));
    await userEvent.click(within(dialog).getByRole('button', { name: GENDER_TEXT.askSave }));
    expect(await screen.findByText(MSG.match.joined)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toEqual({
      name: 'Camille Martin',
      level: 'Niveau 3',
      gender: 'femme',
    });
    expect(calls.find((c) => c.path === 'matches.join')?.input).toEqual({ id: 42 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the same dialog when the server answers that it needs the gender', async () => {
    renderPage(
      open({ gender: 'ouvert' }),
      { 'matches.join': () => Promise.reject(serverError(GENDER_TEXT.needed)) },
      testUser({ id: 7, gender: null }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByRole('dialog', { name: GENDER_TEXT.askTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: COURT_UI.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no join to a player the rule leaves out, and says why', async () => {
    renderPage(open({ open_to: ['femme'] }), {}, testUser({ id: 7, gender: 'homme' }));
    expect(await screen.findByText(GENDER_TEXT.closed.femmes)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
    cleanup();
    renderPage(
      open({ gender: 'mixte', open_to: ['femme'] }),
      {},
      testUser({ id: 7, gender: 'homme' }),
    );
    expect(await screen.findByText(GENDER_TEXT.closed.mixte('homme'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
  });
});

describe('Trouver: kind and gender filters', () => {
  afterEach(cleanup);

  it('offers every kind and rule, « all » first, and changes the filters', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <FilterBar
        filters={EMPTY_FILTERS}
        onChange={onChange}
        days={schedule.createDates}
        places={places}
        levels={levelRows}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filtres' }));
    const kind = screen.getByLabelText(KIND_TEXT.label);
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([KIND_TEXT.filterAll, 'Amical', 'Compétitif']);
    await userEvent.selectOptions(kind, 'Compétitif');
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, kind: 'competitif' });
    const gender = screen.getByLabelText(GENDER_TEXT.label);
    expect(
      within(gender)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([GENDER_TEXT.filterAll, 'Ouvert', 'Hommes', 'Femmes', 'Mixte']);
    await userEvent.selectOptions(gender, 'Mixte');
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, gender: 'mixte' });
  });

  it('sends them with the list query, counts them, and reads filters stored before them', () => {
    expect(toListInput({ ...EMPTY_FILTERS, kind: 'competitif', gender: 'femmes' })).toEqual({
      kind: 'competitif',
      gender: 'femmes',
    });
    expect(toListInput(EMPTY_FILTERS)).toEqual({});
    window.localStorage.setItem(
      filtersKey(5),
      JSON.stringify({ day: '', where: '', level: 'Niveau 3', available: true, order: 'date' }),
    );
    expect(loadFilters(5, null, '2026-11-20')).toEqual({
      ...EMPTY_FILTERS,
      level: 'Niveau 3',
      available: true,
    });
    window.localStorage.clear();
  });

  it('asks the server for the chosen kind, and shows the cards’ badges', async () => {
    const user = testUser({ id: 7 });
    window.localStorage.setItem(
      filtersKey(user.id),
      JSON.stringify({ ...EMPTY_FILTERS, kind: 'competitif' }),
    );
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.schedule': schedule,
        'places.list': places,
        'levels.list': levelRows,
        'chat.unread': {},
        'matches.list': {
          items: [aMatch({ kind: 'competitif', gender: 'hommes' })],
          nextCursor: null,
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Padel Club Lyon' });
    expect(within(card).getByText('Compétitif')).toBeInTheDocument();
    expect(within(card).getByText('Hommes')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.list')?.input).toMatchObject({
      kind: 'competitif',
    });
    window.localStorage.clear();
  });

  it('a « Hommes » card offers no join to a woman', async () => {
    const user = testUser({ id: 7, gender: 'femme' });
    renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'matches.schedule': schedule,
        'places.list': places,
        'levels.list': levelRows,
        'chat.unread': {},
        'matches.list': { items: [aMatch({ gender: 'hommes' })], nextCursor: null },
      },
    });
    const card = await screen.findByRole('article', { name: 'Padel Club Lyon' });
    expect(within(card).getByRole('button', { name: COURT_UI.reserved.hommes })).toBeDisabled();
    window.localStorage.clear();
  });
});

describe('Create match: kind, gender rule and price', () => {
  afterEach(cleanup);

  it('sends « Compétitif », « Femmes » and the price, saving « Vous êtes… » to the profile first', async () => {
    const user = testUser({ id: 7, name: 'Camille Martin', level: 'Niveau 3', gender: null });
    const { calls } = renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: {
        'matches.schedule': schedule,
        'places.list': places,
        'levels.list': levelRows,
        'settings.get': { max_places: 4, max_levels_selection: 3, months_ahead: 1 },
        'users.update': (input: { gender: string }) => ({ ...user, gender: input.gender }),
        'matches.create': () => aMatch({ kind: 'competitif', gender: 'femmes', created_by: 7 }),
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Lieu'), 'Padel Club Lyon — Lyon');
    await userEvent.click(screen.getByRole('radio', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(screen.getByRole('radio', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 4/ }));
    const kinds = screen.getByRole('radiogroup', { name: KIND_TEXT.label });
    expect(within(kinds).getByRole('radio', { name: 'Amical' })).toBeChecked();
    expect(screen.getByText(KIND_TEXT.hint)).toBeInTheDocument();
    await userEvent.click(within(kinds).getByRole('radio', { name: 'Compétitif' }));
    const rule = screen.getByRole('radiogroup', { name: GENDER_TEXT.label });
    expect(within(rule).getByRole('radio', { name: 'Ouvert' })).toBeChecked();
    expect(screen.queryByRole('group', { name: GENDER_TEXT.askTitle })).not.toBeInTheDocument();
    await userEvent.click(within(rule).getByRole('radio', { name: 'Femmes' }));
    await userEvent.type(screen.getByLabelText(COST_TEXT.priceLabel), '42,5');

    // No gender in the profile: the form asks, and sends nothing until it is given.
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    const me = screen.getByRole('group', { name: GENDER_TEXT.askTitle });
    expect(within(me).getByText(GENDER_TEXT.playerInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'matches.create')).toBe(false);
    await userEvent.click(within(me).getByRole('radio', { name: 'Femme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));

    expect(
      await screen.findByRole('heading', { name: 'Match créé avec succès !' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toEqual({
      name: 'Camille Martin',
      level: 'Niveau 3',
      gender: 'femme',
    });
    expect(calls.find((c) => c.path === 'matches.create')?.input).toMatchObject({
      kind: 'competitif',
      gender: 'femmes',
      price_cents: 4250,
    });
    const order = calls.map((c) => c.path);
    expect(order.indexOf('users.update')).toBeLessThan(order.indexOf('matches.create'));
  });

  it('refuses a price that is not one', async () => {
    renderWithProviders(<CreateMatchPage />, {
      user: testUser(),
      fixtures: {
        'matches.schedule': schedule,
        'places.list': places,
        'levels.list': levelRows,
        'settings.get': { max_places: 4, max_levels_selection: 3, months_ahead: 1 },
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Lieu'), 'Padel Club Lyon — Lyon');
    await userEvent.click(screen.getByRole('radio', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(screen.getByRole('radio', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 4/ }));
    await userEvent.type(screen.getByLabelText(COST_TEXT.priceLabel), '12,345');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(await screen.findByText(COST_TEXT.priceInvalid)).toBeInTheDocument();
  });
});
