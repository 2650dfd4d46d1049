import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { MatchCard } from '../../client/src/components/matches/MatchCard';
import { aMatch, levels } from './support/match-fixtures';

const ME = 7;
/** The place name links to the match page, so a card needs a router. */
const renderCard = (ui: ReactElement) => render(ui, { wrapper: MemoryRouter });

describe('MatchCard', () => {
  afterEach(cleanup);

  it('shows the place, address, long French date, time, levels, free places and creator', () => {
    const match = aMatch({ time: '18:30:00' });
    renderCard(<MatchCard match={match} userId={ME} catalogue={levels} />);
    const card = screen.getByRole('article', { name: 'Padel Club Lyon' });
    expect(within(card).getByRole('link', { name: 'Padel Club Lyon' })).toHaveAttribute(
      'href',
      `/matches/${match.id}`,
    );
    expect(within(card).getByText('12 rue des Sports, Lyon')).toBeInTheDocument();
    expect(within(card).getByText('samedi 21 novembre 2026')).toBeInTheDocument();
    expect(within(card).getByText('18:30')).toBeInTheDocument();
    const badges = within(card).getByRole('list', { name: 'Niveaux' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Niveau 3 · Intermédiaire bas', 'Niveau 4 · Intermédiaire confirmé']);
    expect(within(card).getByText('2 places disponibles')).toBeInTheDocument();
    expect(within(card).getByText('Julie Bernard')).toBeInTheDocument();
  });

  it('draws each level in its own colour with readable text', () => {
    renderCard(
      <MatchCard match={aMatch({ levels: ['Niveau 7'] })} userId={ME} catalogue={levels} />,
    );
    const badge = screen.getByText('Niveau 7 · Compétiteur');
    expect(badge).toHaveStyle({ backgroundColor: '#E91E63', color: '#000000' });
  });

  it('says "1 place disponible" in the singular', () => {
    renderCard(<MatchCard match={aMatch({ missing_players: 1 })} userId={ME} />);
    expect(screen.getByText('1 place disponible')).toBeInTheDocument();
  });

  it('lets a player join an open match', async () => {
    const onJoin = vi.fn();
    const match = aMatch();
    renderCard(<MatchCard match={match} userId={ME} onJoin={onJoin} />);
    const button = screen.getByRole('button', { name: 'Rejoindre' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onJoin).toHaveBeenCalledWith(match);
  });

  it("shows a disabled 'Votre match' on the player's own match", () => {
    renderCard(<MatchCard match={aMatch({ created_by: ME })} userId={ME} />);
    expect(screen.getByRole('button', { name: 'Votre match' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
  });

  it("shows a disabled 'Match complet' when no place is left", () => {
    renderCard(<MatchCard match={aMatch({ missing_players: 0 })} userId={ME} />);
    expect(screen.getByRole('button', { name: 'Match complet' })).toBeDisabled();
  });

  it("shows 'Inscription...' while the join is on its way", () => {
    renderCard(<MatchCard match={aMatch()} userId={ME} joining />);
    expect(screen.getByRole('button', { name: 'Inscription...' })).toBeDisabled();
  });

  it('does not offer to join again a match the player already joined', () => {
    renderCard(<MatchCard match={aMatch({ participants: [{ user_id: ME }] })} userId={ME} />);
    expect(screen.getByRole('button', { name: 'Vous participez' })).toBeDisabled();
  });

  it('asks instead of joining when the player’s level is not among the match’s (issue 25)', async () => {
    const onJoin = vi.fn();
    const onRequest = vi.fn();
    const match = aMatch({ levels: ['Niveau 3', 'Niveau 4'] });
    renderCard(
      <MatchCard
        match={match}
        userId={ME}
        userLevel="Niveau 7"
        onJoin={onJoin}
        onRequest={onRequest}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Rejoindre' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MSG.room.requestButton }));
    expect(onRequest).toHaveBeenCalledWith(match);
    expect(onJoin).not.toHaveBeenCalled();
  });

  it('keeps "Rejoindre" within the levels, on a match open to all levels, and to a player without a level', () => {
    for (const [userLevel, o] of [
      ['Niveau 4', {}],
      ['Niveau 7', { open_levels: true }],
      [null, {}],
    ] as const) {
      renderCard(<MatchCard match={aMatch(o)} userId={ME} userLevel={userLevel} />);
      expect(screen.getByRole('button', { name: 'Rejoindre' })).toBeEnabled();
      cleanup();
    }
  });

  it('says a request waits for the organiser, and nothing more can be sent from the card', () => {
    renderCard(
      <MatchCard match={aMatch({ my_request: 'pending' })} userId={ME} userLevel="Niveau 7" />,
    );
    expect(screen.getByRole('button', { name: MSG.room.requestPendingShort })).toBeDisabled();
    expect(screen.queryByRole('button', { name: MSG.room.requestButton })).not.toBeInTheDocument();
  });

  it('a declined request may be sent again; a full match offers no request', () => {
    renderCard(
      <MatchCard match={aMatch({ my_request: 'declined' })} userId={ME} userLevel="Niveau 7" />,
    );
    expect(screen.getByRole('button', { name: MSG.room.requestButton })).toBeEnabled();
    cleanup();
    renderCard(
      <MatchCard match={aMatch({ missing_players: 0 })} userId={ME} userLevel="Niveau 7" />,
    );
    expect(screen.getByRole('button', { name: 'Match complet' })).toBeDisabled();
  });

  it('shows the date problem instead of a broken date', () => {
    renderCard(<MatchCard match={aMatch({ date: '' })} userId={ME} />);
    expect(screen.getByText('Date manquante')).toBeInTheDocument();
  });
});
