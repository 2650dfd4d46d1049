import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TABLE_TEXT } from '../../common/messages-season';
import { frenchTypography } from '../../common/typography';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import { GroupTableCard } from '../../client/src/pages/groups/GroupTableCard';
import { renderWithProviders, serverError, testUser, type Fixtures } from './support/render';

type Table = RouterOutputs['groups']['leaderboard'];

/** The table of group 3 over `days`: Bruno and Camille (the viewer, id 7) ranked, Zoé below. */
const table = (days = 90, o: Partial<Table> = {}): Table => ({
  days,
  from: '2026-09-01',
  to: '2026-11-29',
  min_games: 3,
  rows: [
    { user_id: 9, name: 'Bruno P.', points: 14, played: 6, wins: 4, rank: 1 },
    { user_id: 7, name: 'Camille M.', points: 9, played: 5, wins: 2, rank: 2 },
    { user_id: 12, name: 'Zoé L.', points: 4, played: 2, wins: 1, rank: null },
  ],
  ...o,
});

function renderTable(fixtures: Fixtures = {}, user = testUser({ leaderboard: true })) {
  const r = renderWithProviders(<GroupTableCard groupId={3} />, {
    user,
    route: '/groups/3',
    fixtures: {
      'groups.leaderboard': (input: { days?: number }) => table(input.days),
      ...fixtures,
    },
  });
  return { ...r, ue: userEvent.setup() };
}

const card = () => screen.getByRole('region', { name: TABLE_TEXT.title });
const bodyRows = async () => {
  const t = await within(card()).findByRole('table');
  return within(t).getAllByRole('row').slice(1);
};

afterEach(cleanup);

describe('Group page — « Classement »', () => {
  it('lists ranked lines, then unranked ones without a rank, with the five columns', async () => {
    renderTable();
    const rows = await bodyRows();
    const headers = within(card())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      `${TABLE_TEXT.columns.rank}${TABLE_TEXT.columnsShort.rank}`,
      TABLE_TEXT.columns.player,
      `${TABLE_TEXT.columns.points}${TABLE_TEXT.columnsShort.points}`,
      `${TABLE_TEXT.columns.played}${TABLE_TEXT.columnsShort.played}`,
      `${TABLE_TEXT.columns.wins}${TABLE_TEXT.columnsShort.wins}`,
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(rows).toHaveLength(3);
    expect(cells(rows[0]!)).toEqual(['1', '14', '6', '4']);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Bruno P.');
    expect(cells(rows[1]!)).toEqual(['2', '9', '5', '2']);
    // Zoé has two games of three: no rank, « Pas encore classé » instead.
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent(
      `Zoé L.${TABLE_TEXT.unranked}`,
    );
    expect(cells(rows[2]!)[0]).toBe(`–${TABLE_TEXT.unranked}`);
    expect(within(rows[0]!).queryByText(TABLE_TEXT.unranked)).not.toBeInTheDocument();
    // The window and the rules as a note, « : » and « ; » kept on their word's line.
    expect(within(card()).getByText(/Classé à partir de 3 parties/).textContent).toBe(
      `${TABLE_TEXT.window(90)}. ${frenchTypography(TABLE_TEXT.rules(3))}`,
    );
  });

  it('highlights the viewer’s own line and marks it « (vous) »', async () => {
    renderTable();
    const rows = await bodyRows();
    const mine = rows.filter((r) => r.getAttribute('aria-current') === 'true');
    expect(mine).toEqual([rows[1]]);
    expect(rows[1]).toHaveClass('group-table-me');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(
      `Camille M. ${TABLE_TEXT.you}`,
    );
    expect(within(rows[0]!).queryByText(TABLE_TEXT.you)).not.toBeInTheDocument();
    // Opted in: no invitation to appear.
    expect(screen.queryByText(TABLE_TEXT.notShown)).not.toBeInTheDocument();
  });

  it('says so when nobody is in the table', async () => {
    renderTable({ 'groups.leaderboard': table(90, { rows: [] }) });
    expect(await within(card()).findByText(TABLE_TEXT.empty)).toBeInTheDocument();
    expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('changes the period: 30, 90 or 365 days', async () => {
    const { ue, calls } = renderTable();
    await bodyRows();
    const period = within(card()).getByLabelText(TABLE_TEXT.period);
    expect(period).toHaveValue('90');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['30 jours', '90 jours', '1 an']);
    await ue.selectOptions(period, '30');
    expect(await within(card()).findByText(new RegExp(TABLE_TEXT.window(30)))).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'groups.leaderboard').map((c) => c.input)).toEqual([
      { id: 3, days: 90 },
      { id: 3, days: 30 },
    ]);
  });

  it('shows the server’s refusal, or the fallback', async () => {
    renderTable({ 'groups.leaderboard': () => Promise.reject(serverError('')) });
    expect(await within(card()).findByRole('alert')).toHaveTextContent(TABLE_TEXT.loadFailed);
  });

  it('lets a member who has not opted in appear in one tap, with their name and level', async () => {
    const saved = testUser({ leaderboard: true });
    const { ue, calls } = renderTable({ 'users.update': saved }, testUser({ leaderboard: false }));
    await bodyRows();
    expect(within(card()).getByText(TABLE_TEXT.notShown)).toBeInTheDocument();
    await ue.click(within(card()).getByRole('button', { name: TABLE_TEXT.showMe }));
    expect(await within(card()).findByText(TABLE_TEXT.shown)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toEqual({
      name: 'Camille Martin',
      level: 'Niveau 3',
      leaderboard: true,
    });
    expect(within(card()).queryByText(TABLE_TEXT.notShown)).not.toBeInTheDocument();
    // The table is asked again, now with the player in it.
    expect(calls.filter((c) => c.path === 'groups.leaderboard').length).toBeGreaterThan(1);
  });

  it('sends a member without a level to Mon Profil', async () => {
    renderTable({}, testUser({ level: null }));
    await bodyRows();
    expect(within(card()).getByText(TABLE_TEXT.notShownNoLevel)).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: TABLE_TEXT.toProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});
