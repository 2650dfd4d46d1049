import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDashboard, TNoticeOverview } from '../../common/schemas/dashboard';
import AdminPage from '../../client/src/pages/AdminPage';
import { toCsv } from '../../client/src/pages/admin/dashboard/csv';
import { fmtDuration } from '../../client/src/pages/admin/dashboard/format';
import { renderWithProviders, serverError, testUser } from './support/render';

const dashboard: TDashboard = {
  from: '2026-05-25',
  to: '2026-06-07',
  place_id: null,
  totals: { created: 4, filled: 3, fill_rate: 0.75, median_fill_seconds: 10_800, signups: 3 },
  weeks: [
    { week: '2026-05-25', created: 2, filled: 1, active_players: 3, signups: 2 },
    { week: '2026-06-01', created: 2, filled: 2, active_players: 4, signups: 1 },
  ],
  places: [
    { place_id: 1, name: 'Club A', matches: 3 },
    { place_id: 2, name: 'Club B', matches: 1 },
  ],
  heatmap: [
    { dow: 5, hour: 9, matches: 1 },
    { dow: 6, hour: 18, matches: 3 },
  ],
  notices: [
    { channel: 'email', sent: 2, failed: 1, dropped: 1, pending: 1 },
    { channel: 'sms', sent: 0, failed: 1, dropped: 0, pending: 0 },
    { channel: 'push', sent: 1, failed: 0, dropped: 1, pending: 0 },
  ],
};
const places = [
  { id: 1, name: 'Club A', address: '1 rue', city: 'Paris', is_active: true },
  { id: 2, name: 'Club B', address: '2 rue', city: 'Lyon', is_active: true },
];
const admin = testUser({ is_admin: true });

// jsdom has no matchMedia, which uPlot reads as its module loads (for the pixel ratio); jsdom has
// no ResizeObserver either, so the charts draw nothing and the tables are what is tested here.
vi.stubGlobal('matchMedia', (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
}));

describe('Tableau de bord', () => {
  // The tab is a lazy chunk (uPlot with it): loaded once here, with a hook's time, rather than
  // inside the first findBy's second on a busy machine.
  beforeAll(() => import('../../client/src/pages/admin/dashboard/DashboardTab'), 30_000);
  afterEach(cleanup);

  it('is the first tab and opens by default, with the figures as tables', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin',
      fixtures: { 'admin.dashboard.get': dashboard, 'admin.places.list': places },
    });
    expect(screen.getAllByRole('tab')[0]).toHaveAttribute('aria-selected', 'true');
    // Role queries over the whole admin page are slow in jsdom on a busy machine: more than the
    // default second.
    expect(
      await screen.findByRole('heading', { name: 'Tableau de bord' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const kpi = await screen.findByText('Taux de remplissage');
    expect(kpi.nextElementSibling).toHaveTextContent('75 %');
    expect(screen.getByText('Délai médian pour être complet').nextElementSibling).toHaveTextContent(
      '3 h',
    );
    const weeks = screen.getByRole('table', { name: 'Matchs créés et complets par semaine' });
    const rows = within(weeks).getAllByRole('row');
    // Intl puts a narrow no-break space before « % »: compared as a plain space.
    expect(rows.map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'Semaine duCréésCompletsTaux',
      '25 mai2150 %',
      '1 juin22100 %',
    ]);
    const heat = screen.getByRole('table', { name: /Créneaux les plus demandés/ });
    expect(within(heat).getByRole('row', { name: /18 h/ })).toHaveTextContent('18 h000003');
    expect(screen.getByRole('table', { name: 'Notifications par canal' })).toHaveTextContent(
      'E-mail2111',
    );
    expect(
      screen.getByRole('button', {
        name: 'Télécharger « Lieux les plus fréquentés (matchs joués) » en CSV',
      }),
    ).toBeInTheDocument();
  });

  it('sends the period and place to the server, and refuses a reversed period without asking it', async () => {
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin',
      fixtures: { 'admin.dashboard.get': dashboard, 'admin.places.list': places },
    });
    await screen.findByText('Taux de remplissage');
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Club B');
    await screen.findByText('Taux de remplissage');
    expect(calls.filter((c) => c.path === 'admin.dashboard.get').at(-1)?.input).toEqual({
      place_id: 2,
    });
    const before = calls.length;
    // Date inputs take their value as typed ISO days.
    await userEvent.type(screen.getByLabelText('Du'), '2026-06-07');
    await userEvent.type(screen.getByLabelText('Au'), '2026-05-25');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La date de début doit précéder la date de fin.',
    );
    expect(
      calls
        .slice(before)
        .filter(
          (c) =>
            c.path === 'admin.dashboard.get' &&
            c.input &&
            typeof c.input === 'object' &&
            'to' in c.input &&
            'from' in c.input,
        ),
    ).toEqual([]);
  });
});

describe('dashboard helpers', () => {
  it('writes CSV for French spreadsheets', () => {
    expect(toCsv(['Lieu', 'Taux'], [['Club "A"; Paris', 0.5]])).toBe(
      '\uFEFFLieu;Taux\r\n"Club ""A""; Paris";0,5\r\n',
    );
  });
  it('says durations as an admin reads them', () => {
    expect([45 * 60, 2.5 * 3600, 3 * 86400 + 4 * 3600, null].map(fmtDuration)).toEqual([
      '45 min',
      '2 h 30 min',
      '3 j 4 h',
      '—',
    ]);
  });
});

const overview: TNoticeOverview = {
  total: 2,
  notices: [
    {
      id: 11,
      channel: 'email',
      event: 'joined',
      outcome: 'failed',
      reason: 'Connection refused',
      attempts: 20,
      match_id: 5,
      created_at: '2026-06-10T06:00:00.000Z',
      failed_at: '2026-06-10T08:00:00.000Z',
      age_seconds: 7200,
    },
    {
      id: 12,
      channel: 'sms',
      event: 'reminder',
      outcome: 'dropped',
      reason: 'stale: not sent within 12 h of being due',
      attempts: 1,
      match_id: null,
      created_at: '2026-06-09T06:00:00.000Z',
      failed_at: '2026-06-09T20:00:00.000Z',
      age_seconds: 50_400,
    },
  ],
  health: [
    {
      channel: 'email',
      last_success_at: '2026-06-10T07:00:00.000Z',
      failures_24h: 1,
      pending: 3,
      retrying: 1,
    },
    { channel: 'sms', last_success_at: null, failures_24h: 1, pending: 0, retrying: 0 },
    { channel: 'push', last_success_at: null, failures_24h: 0, pending: 0, retrying: 0 },
  ],
};

describe('Notifications tab', () => {
  afterEach(cleanup);

  it('lists the ended notices with reason, channel and age, and each channel’s health', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=notifications',
      fixtures: { 'admin.notices.list': overview },
    });
    const list = await screen.findByRole('heading', { name: 'Non remises (2)' });
    expect(list).toBeInTheDocument();
    expect(screen.getByText('Motif : Connection refused')).toBeInTheDocument();
    expect(screen.getByText(/il y a 2 heures · 20 essais · match n° 5/)).toBeInTheDocument();
    expect(screen.getByText('Abandonnée')).toBeInTheDocument();
    expect(screen.getByText('En attente : 3 (dont 1 en nouvel essai)')).toBeInTheDocument();
    expect(screen.getAllByText('Dernier envoi réussi : jamais')).toHaveLength(2);
  });

  it('retries one notice and says so; a refused retry shows the server’s French message', async () => {
    let attempt = 0;
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=notifications',
      fixtures: {
        'admin.notices.list': overview,
        'admin.notices.retry': () => {
          attempt += 1;
          if (attempt > 1)
            throw serverError(
              'Cette notification a déjà été relancée ou envoyée.',
              'CONFLICT',
              409,
            );
          return { retried: 1, message: '1 notification relancée.' };
        },
        'admin.notices.retryAll': { retried: 2, message: '2 notifications relancées.' },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Relancer la notification n° 11' }),
    );
    expect(await screen.findByText('1 notification relancée.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'admin.notices.retry')?.input).toEqual({ id: 11 });
    await userEvent.click(screen.getByRole('button', { name: 'Relancer la notification n° 11' }));
    expect(
      await screen.findByText('Cette notification a déjà été relancée ou envoyée.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tout relancer' }));
    expect(await screen.findByText('2 notifications relancées.')).toBeInTheDocument();
  });
});
