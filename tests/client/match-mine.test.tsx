import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import MyMatchesPage from '../../client/src/pages/MyMatchesPage';
import { renderWithProviders, serverError, testUser } from './support/render';
import { aMyMatch, levelRows, places, schedule } from './support/match-fixtures';

const user = testUser({ id: 7 });
const mine = {
  waiting: [],
  counters: { created: 2, joined: 5, upcoming: 4, waiting: 0 },
  matches: [
    aMyMatch({
      id: 1,
      place_name: 'Mon match',
      created_by: 7,
      creator_name: user.name,
      is_creator: true,
      date: '2026-11-22',
      time: '18:30',
    }),
    aMyMatch({ id: 2, place_name: 'Match passé', is_finished: true, date: '2026-10-01' }),
  ],
};
const base = {
  'matches.mine': mine,
  'levels.list': levelRows,
  'places.list': places,
  'matches.schedule': schedule,
  'settings.get': { max_places: 3, max_levels_selection: 3, months_ahead: 1 },
};

describe('My matches', () => {
  afterEach(cleanup);

  it('shows the three counters and tags past matches "Terminé"', async () => {
    renderWithProviders(<MyMatchesPage />, { user, fixtures: base });
    const past = await screen.findByRole('article', { name: 'Match passé' });
    expect(within(past).getByText('Terminé')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Mon match' })).queryByText('Terminé'),
    ).not.toBeInTheDocument();
    const counter = (label: string) => screen.getByText(label).parentElement;
    expect(counter('Matchs créés')).toHaveTextContent('2Matchs créés');
    expect(counter('Matchs rejoints')).toHaveTextContent('5Matchs rejoints');
    expect(counter('À venir')).toHaveTextContent('4À venir');
  });

  it('opens the participants panel with name, level, phone and join date', async () => {
    renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: {
        ...base,
        'matches.participants': [
          {
            user_id: 43,
            name: 'Léa Petit',
            level: 'Niveau 4',
            phone: '+33698765432',
            joined_at: '2026-11-02T17:45:00.000Z',
            is_organiser: false,
          },
        ],
      },
    });
    const card = await screen.findByRole('article', { name: 'Mon match' });
    await userEvent.click(within(card).getByRole('button', { name: /Participants/ }));
    const panel = await within(card).findByRole('group', { name: 'Participants' });
    expect(await within(panel).findByText('Léa Petit')).toBeInTheDocument();
    expect(within(panel).getByText('Niveau 4')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '+33698765432' })).toHaveAttribute(
      'href',
      'tel:+33698765432',
    );
    expect(
      within(panel).getByRole('link', { name: 'Écrire à Léa Petit sur WhatsApp' }),
    ).toHaveAttribute('href', 'https://wa.me/33698765432');
    expect(within(panel).getByText(/Inscrit le .*2026/)).toBeInTheDocument();
  });

  it('a co-player sees the organiser with their level and phone, like the other players', async () => {
    renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: {
        ...base,
        'matches.participants': [
          {
            user_id: 9,
            name: 'Odile Orsini',
            level: 'Niveau 5',
            phone: '+33655554444',
            joined_at: '2026-11-01T09:00:00.000Z',
            is_organiser: true,
          },
          {
            user_id: 7,
            name: user.name,
            level: 'Niveau 4',
            phone: '+33698765432',
            joined_at: '2026-11-02T17:45:00.000Z',
            is_organiser: false,
          },
        ],
      },
    });
    const card = await screen.findByRole('article', { name: 'Match passé' });
    await userEvent.click(within(card).getByRole('button', { name: /Participants/ }));
    const panel = await within(card).findByRole('group', { name: 'Participants' });
    const first = (await within(panel).findAllByRole('listitem'))[0]!;
    expect(first).toHaveTextContent('Odile Orsini');
    expect(first).toHaveTextContent('Organisateur');
    expect(within(first).getByText('Niveau 5')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '+33655554444' })).toHaveAttribute(
      'href',
      'tel:+33655554444',
    );
  });

  it('only the creator can edit and delete; a joined player can leave', async () => {
    renderWithProviders(<MyMatchesPage />, { user, fixtures: base });
    const own = await screen.findByRole('article', { name: 'Mon match' });
    expect(within(own).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Quitter' })).not.toBeInTheDocument();
    const past = screen.getByRole('article', { name: 'Match passé' });
    expect(within(past).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it('edits the match inline and says so', async () => {
    const update = vi.fn((input: { id: number }) => ({ ...mine.matches[0], ...input }));
    renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: { ...base, 'matches.update': update },
    });
    const own = await screen.findByRole('article', { name: 'Mon match' });
    await userEvent.click(within(own).getByRole('button', { name: 'Modifier' }));
    const form = within(own).getByRole('form', { name: 'Modifier le match' });
    await userEvent.selectOptions(within(form).getByLabelText('Horaire'), '21:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Match modifié avec succès !')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, time: '21:30', date: '2026-11-22', place_id: 1 }),
    );
  });

  it("asks before deleting ('Cette action est irréversible.') and shows a failure", async () => {
    renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: {
        ...base,
        'matches.delete': () => {
          throw serverError('', 'BAD_REQUEST', 400);
        },
      },
    });
    const own = await screen.findByRole('article', { name: 'Mon match' });
    await userEvent.click(within(own).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce match ?' });
    expect(within(dialog).getByText('Cette action est irréversible.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la suppression du match',
    );
  });

  it('leaves a joined match', async () => {
    const joined = aMyMatch({ id: 3, place_name: 'Match rejoint', participants: [{ user_id: 7 }] });
    const leave = vi.fn(() => ({
      success: true,
      message: 'Vous avez quitté le match.',
      match: joined,
    }));
    renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: { ...base, 'matches.mine': { ...mine, matches: [joined] }, 'matches.leave': leave },
    });
    const card = await screen.findByRole('article', { name: 'Match rejoint' });
    await userEvent.click(within(card).getByRole('button', { name: 'Quitter' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Quitter' }),
    );
    expect(await screen.findByText('Vous avez quitté le match.')).toBeInTheDocument();
    expect(leave).toHaveBeenCalledWith({ id: 3 });
  });

  it('lists the matches I wait for with my position, counts them, and lets me leave the queue', async () => {
    let waiting = [
      {
        ...aMyMatch({ id: 5, place_name: 'Match attendu', missing_players: 0 }),
        waitlist_position: 3,
      },
    ];
    const { calls } = renderWithProviders(<MyMatchesPage />, {
      user,
      fixtures: {
        ...base,
        'matches.mine': () => ({
          ...mine,
          waiting,
          counters: { ...mine.counters, waiting: waiting.length },
        }),
        'matches.leaveWaitlist': () => {
          waiting = [];
          return { success: true, message: MSG.waitlist.left };
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Match attendu' });
    expect(within(card).getByText(MSG.waitlist.tag)).toBeInTheDocument();
    expect(within(card).getByText(MSG.waitlist.position(3))).toBeInTheDocument();
    expect(
      screen.getByText(MSG.waitlist.counter, { selector: '.counter-label' }).parentElement,
    ).toHaveTextContent(`1${MSG.waitlist.counter}`);
    await userEvent.click(within(card).getByRole('button', { name: MSG.waitlist.leave }));
    expect(await screen.findByText(MSG.waitlist.left)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Match attendu' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === 'matches.leaveWaitlist')?.input).toEqual({ id: 5 });
  });
});
