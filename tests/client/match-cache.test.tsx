import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { trpc, type RouterOutputs } from '../../client/src/lib/trpc';
import FindMatchPage from '../../client/src/pages/FindMatchPage';
import { aMatch, levelRows } from './support/match-fixtures';
import { renderWithProviders, testUser } from './support/render';

type MatchPage = RouterOutputs['matches']['list'];
type JoinResult = RouterOutputs['matches']['join'];
type MyWaitlist = RouterOutputs['matches']['myWaitlist'];

const user = testUser({ id: 7 });

describe('match cache after a card join', () => {
  afterEach(cleanup);

  it("writes the join's answer into the list and refreshes the waiting list the join emptied", async () => {
    // A place came free on a match the player waited for; another card is full, so its waiting-list
    // control keeps `myWaitlist` on screen.
    const freed = aMatch({ place_name: 'Urban Padel', missing_players: 1 });
    const full = aMatch({ place_name: 'Padel Club Lyon', missing_players: 0 });
    const page: MatchPage = { items: [freed, full], nextCursor: null };
    let waiting: MyWaitlist = [{ match_id: freed.id, position: 1, waiting: 1 }];
    const joined: JoinResult = {
      success: true,
      message: MSG.match.joined,
      match: {
        ...freed,
        missing_players: 0,
        participants: [...freed.participants, { user_id: user.id }],
      },
    };
    const { calls, queryClient } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'levels.list': levelRows,
        'matches.list': page,
        'matches.myWaitlist': () => waiting,
        'matches.join': () => {
          // The server takes the player off the match's waiting list as it seats them.
          waiting = [];
          return joined;
        },
      },
    });
    const fetches = (path: string) => calls.filter((c) => c.path === path).length;
    const myWaitlistKey = getQueryKey(trpc.matches.myWaitlist, undefined, 'query');

    const card = await screen.findByRole('article', { name: 'Urban Padel' });
    await waitFor(() => expect(queryClient.getQueryData(myWaitlistKey)).toEqual(waiting));
    await userEvent.click(within(card).getByRole('button', { name: 'Rejoindre' }));

    expect(await within(card).findByRole('button', { name: 'Vous participez' })).toBeDisabled();
    await waitFor(() => expect(queryClient.getQueryData(myWaitlistKey)).toEqual([]));
    expect(fetches('matches.myWaitlist')).toBe(2);
    // The card came from the answer, not from a second list request.
    expect(fetches('matches.list')).toBe(1);
  });
});

describe('match cache fed by the live list stream', () => {
  afterEach(cleanup);

  it('writes the cards another player changed into the list, without refetching it', async () => {
    const match = aMatch({ place_name: 'Padel Direct', missing_players: 3 });
    const page: MatchPage = { items: [match], nextCursor: null };
    const changed = {
      ...match,
      missing_players: 1,
      participants: [...match.participants, { user_id: 90 }, { user_id: 91 }],
    };
    const { calls } = renderWithProviders(<FindMatchPage />, {
      user,
      fixtures: {
        'levels.list': levelRows,
        'matches.list': page,
        'matches.myWaitlist': [],
        'matches.onListChange': { cards: [changed], removed: [] },
      },
    });
    const card = await screen.findByRole('article', { name: 'Padel Direct' });
    expect(await within(card).findByText('1 place disponible')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'matches.list')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'matches.onListChange')?.input).toEqual({
      ids: [match.id],
    });
  });
});
