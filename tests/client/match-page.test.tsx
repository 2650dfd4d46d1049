import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import MatchPage from '../../client/src/pages/MatchPage';
import { levelRows, publicRoom, plainCourt } from './support/match-fixtures';
import { renderWithProviders, serverError, testUser } from './support/render';

type Detail = RouterOutputs['matches']['byId'];
const user = testUser({ id: 7 });

const detail = (o: Partial<Detail> = {}): Detail => ({
  id: 42,
  place_id: 1,
  place_name: 'Padel Club Lyon',
  address: '12 rue des Sports',
  city: 'Lyon',
  date: '2026-11-28',
  time: '18:30',
  levels: ['Niveau 3', 'Niveau 4'],
  slots: 3,
  missing_players: 2,
  created_by: 3,
  organiser: {
    user_id: 3,
    first_name: 'Julie',
    last_initial: 'B.',
    level: 'Niveau 4',
    photo: null,
    phone: null,
  },
  participants: [
    {
      user_id: 9,
      first_name: 'Marc',
      last_initial: 'D.',
      level: 'Niveau 3',
      photo: null,
      phone: null,
    },
  ],
  is_creator: false,
  is_participant: false,
  is_finished: false,
  waitlist_position: null,
  ...publicRoom,
  ...plainCourt,
  ...o,
});

/** The match as its cards (and the join's answer) show it. */
const asCard = ({
  organiser,
  participants,
  is_creator: _c,
  is_participant: _p,
  is_finished: _f,
  waitlist_position: _w,
  ...m
}: Detail) => ({
  ...m,
  creator_name: organiser.first_name,
  participants: [...participants.map((p) => ({ user_id: p.user_id })), { user_id: user.id }],
});

const renderPage = (
  byId: unknown,
  join: unknown = () => ({}),
  more: Record<string, unknown> = {},
) =>
  renderWithProviders(
    <Routes>
      <Route path="/matches/:id" element={<MatchPage />} />
    </Routes>,
    {
      user,
      route: '/matches/42',
      fixtures: { 'matches.byId': byId, 'levels.list': levelRows, 'matches.join': join, ...more },
    },
  );

describe('Match page', () => {
  afterEach(cleanup);

  it('shows the place with a maps link, date, time, levels, free places and players by first name and initial', async () => {
    renderPage(detail());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' }),
    ).toBeInTheDocument();
    const maps = screen.getByRole('link', { name: '12 rue des Sports, Lyon' });
    expect(maps.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Padel%20Club%20Lyon%2C%2012%20rue%20des%20Sports%2C%20Lyon',
    );
    expect(screen.getByText('samedi 28 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('18:30')).toBeInTheDocument();
    expect(screen.getByText('2 places disponibles')).toBeInTheDocument();
    const players = screen.getByRole('region', { name: 'Joueurs' });
    expect(within(players).getByText('Julie B.')).toBeInTheDocument();
    expect(within(players).getByText('Marc D.')).toBeInTheDocument();
    expect(within(players).queryByRole('link')).not.toBeInTheDocument();
    // Not a player: no calendar, but sharing and joining.
    expect(screen.queryByRole('link', { name: 'Ajouter à mon agenda' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Partager' })).toBeInTheDocument();
  });

  it('tells a player the organiser removed them, with the reason, beside the way back in', async () => {
    renderPage(
      detail({
        my_removal: { reason: 'Terrain indisponible', removed_at: '2026-11-20T10:00:00.000Z' },
      }),
    );
    const notice = await screen.findByText("Vous avez été retiré de ce match par l'organisateur.");
    expect(notice.closest('[role="status"]')).toHaveTextContent(/Motif\s:\sTerrain indisponible/);
    // They may join again: the notice does not take the button away.
    expect(screen.getByRole('button', { name: 'Rejoindre' })).toBeInTheDocument();
  });

  it('tells the organiser how many players a late refill asked, while the seat is free', async () => {
    renderPage(detail({ is_creator: true, created_by: user.id, refill_offered: 20 }));
    expect(await screen.findByText('Place proposée à 20 joueurs')).toBeInTheDocument();
    cleanup();
    renderPage(
      detail({ is_creator: true, created_by: user.id, refill_offered: 20, missing_players: 0 }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.queryByText(/Place proposée/)).not.toBeInTheDocument();
  });

  it('says nothing of a removal without one, and no « Motif » when none was given', async () => {
    renderPage(detail({ my_removal: { reason: null, removed_at: '2026-11-20T10:00:00.000Z' } }));
    const notice = await screen.findByText("Vous avez été retiré de ce match par l'organisateur.");
    expect(notice.closest('[role="status"]')).not.toHaveTextContent('Motif');
    cleanup();
    renderPage(detail());
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.queryByText(/retiré de ce match/)).not.toBeInTheDocument();
  });

  it('sends the match on WhatsApp with its text and its public link, and names the tab after its day and time', async () => {
    renderPage(detail());
    const whatsapp = await screen.findByRole('link', { name: 'Envoyer sur WhatsApp' });
    const href = whatsapp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toBe(
      `2 places disponibles — Niveau 3, Niveau 4 — samedi 28 novembre 2026 18:30 — Padel Club Lyon\n${window.location.origin}/m/42`,
    );
    // Encoded: the link survives as one query value.
    expect(href).toContain(encodeURIComponent(`${window.location.origin}/m/42`));
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.title).toBe('Match du samedi 28 novembre à 18:30 — Padel Match');
  });

  it('joins from the page, then shows phones, the calendar download and Quitter', async () => {
    let joined = false;
    renderPage(
      () =>
        joined
          ? detail({
              is_participant: true,
              missing_players: 1,
              organiser: { ...detail().organiser, phone: '+33611111111' },
            })
          : detail(),
      () => {
        joined = true;
        const joinAnswer: RouterOutputs['matches']['join'] = {
          success: true,
          message: 'ok',
          match: asCard(detail({ missing_players: 1 })),
        };
        return joinAnswer;
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(await screen.findByText('Vous avez rejoint le match avec succès !')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '+33611111111' })).toHaveAttribute(
      'href',
      'tel:+33611111111',
    );
    expect(screen.getByRole('link', { name: 'Écrire à Julie B. sur WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/33611111111',
    );
    // Marc's phone was not sent: neither link for him.
    expect(screen.queryByRole('link', { name: /Marc D\./ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute(
      'href',
      '/api/matches/42/calendar.ics',
    );
    expect(screen.getByRole('button', { name: 'Quitter' })).toBeInTheDocument();
  });

  it('shows a French "Match introuvable" page for an unknown id', async () => {
    renderPage(() => {
      throw serverError('Match introuvable.', 'NOT_FOUND', 404);
    });
    expect(await screen.findByText('Match introuvable')).toBeInTheDocument();
    expect(document.title).toBe('Match introuvable — Padel Match');
    expect(screen.getByRole('link', { name: 'Trouver un match' })).toHaveAttribute(
      'href',
      '/find-match',
    );
  });

  it('a player of another level asks to join with an optional message; open to all levels, they join; a finished match shows no free place', async () => {
    const { calls } = renderPage(detail({ levels: ['Niveau 6', 'Niveau 5'] }), undefined, {
      'matches.request': () => ({ success: true, message: MSG.room.requestSent, outcome: 'sent' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: MSG.room.requestButton }));
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: MSG.room.requestTitle });
    expect(dialog).toHaveTextContent(MSG.room.requestText('Niveau 5–6'));
    await userEvent.type(
      within(dialog).getByLabelText(MSG.room.requestMessageLabel),
      'Je m’adapte',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.room.requestSend }));
    expect(await screen.findByText(MSG.room.requestSent)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'matches.request')?.input).toEqual({
      id: 42,
      message: 'Je m’adapte',
    });
    expect(calls.some((c) => c.path === 'matches.join')).toBe(false);
    cleanup();
    const open = renderPage(detail({ levels: ['Niveau 6'], open_levels: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    expect(open.calls.some((c) => c.path === 'matches.join')).toBe(true);
    cleanup();
    renderPage(detail({ is_finished: true, is_participant: true }));
    await screen.findByRole('heading', { level: 1, name: 'Padel Club Lyon' });
    expect(screen.queryByText(/place.* disponible/)).not.toBeInTheDocument();
  });

  it('a player with no level sets it first; a level outside the match’s leads to the request', async () => {
    const { calls } = renderWithProviders(
      <Routes>
        <Route path="/matches/:id" element={<MatchPage />} />
      </Routes>,
      {
        user: testUser({ id: 7, level: null }),
        route: '/matches/42',
        fixtures: {
          'matches.byId': detail({ levels: ['Niveau 6'] }),
          'levels.list': levelRows,
          'users.update': testUser({ id: 7, level: 'Niveau 3' }),
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rejoindre' }));
    const dialog = within(await screen.findByRole('dialog', { name: MSG.levelFirst.title }));
    const select = dialog.getByLabelText('Votre niveau');
    await within(select).findByRole('option', { name: 'Niveau 3 — Intermédiaire bas' });
    await userEvent.selectOptions(select, 'Niveau 3');
    await userEvent.click(dialog.getByRole('button', { name: MSG.levelFirst.confirm }));
    const ask = await screen.findByRole('dialog', { name: MSG.room.requestTitle });
    expect(ask).toHaveTextContent(MSG.room.requestText('Niveau 6'));
    expect(calls.some((c) => c.path === 'matches.join')).toBe(false);
  });

  it('a full match offers its waiting list: join, see the position, leave', async () => {
    let position: number | null = null;
    const { calls } = renderPage(
      () => detail({ missing_players: 0, waitlist_position: position }),
      undefined,
      {
        'matches.joinWaitlist': () => {
          position = 2;
          return { success: true, message: MSG.waitlist.joined(2), position: 2 };
        },
        'matches.leaveWaitlist': () => {
          position = null;
          return { success: true, message: MSG.waitlist.left };
        },
      },
    );
    expect(await screen.findByText(MSG.match.full)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MSG.waitlist.join }));
    expect(await screen.findByText("Vous êtes n°2 sur la liste d'attente")).toBeInTheDocument();
    expect(screen.getByText(MSG.waitlist.joined(2))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MSG.waitlist.leave }));
    expect(await screen.findByRole('button', { name: MSG.waitlist.join })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('Waitlist')).map((c) => c.path)).toEqual([
      'matches.joinWaitlist',
      'matches.leaveWaitlist',
    ]);
    cleanup();
    // Its players and its organiser are not offered the queue.
    renderPage(detail({ missing_players: 0, is_participant: true }));
    await screen.findByRole('button', { name: 'Quitter' });
    expect(screen.queryByRole('button', { name: MSG.waitlist.join })).not.toBeInTheDocument();
  });
  it('a player of another level is not offered the waiting list, but can leave one they are on', async () => {
    const outsider = testUser({ id: 7, level: 'Niveau 7' });
    const render = (position: number | null) =>
      renderWithProviders(
        <Routes>
          <Route path="/matches/:id" element={<MatchPage />} />
        </Routes>,
        {
          user: outsider,
          route: '/matches/42',
          fixtures: {
            'matches.byId': () => detail({ missing_players: 0, waitlist_position: position }),
            'levels.list': levelRows,
          },
        },
      );
    render(null);
    expect(await screen.findByText(MSG.match.full)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.waitlist.join })).not.toBeInTheDocument();
    cleanup();
    render(1);
    expect(await screen.findByRole('button', { name: MSG.waitlist.leave })).toBeInTheDocument();
  });
});
