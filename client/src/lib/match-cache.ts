import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useMemo } from 'react';
import { trpc, type RouterOutputs } from './trpc';

type MatchPage = RouterOutputs['matches']['list'];
type Card = MatchPage['items'][number];
/** A match as a join, leave or removal answers it: the card without the viewer's own fields. */
type Match = RouterOutputs['matches']['join']['match'];
type Detail = RouterOutputs['matches']['byId'];

/**
 * The page with the card of match `id` changed by `change`; the same object when the match is not
 * on it (no re-render).
 */
function withCard(page: MatchPage, id: number, change: (card: Card) => Card): MatchPage {
  if (!page.items.some((m) => m.id === id)) return page;
  return { ...page, items: page.items.map((m) => (m.id === id ? change(m) : m)) };
}

/**
 * One policy for what a match mutation makes stale. A match shows on its cards (`matches.list`, plain
 * on Home, infinite on Find), its page (`byId`), My matches (`mine`), the participants panel and the
 * player's waiting list (`myWaitlist`); a screen that missed one kept showing the old state.
 * Invalidating an inactive query only marks it stale, so refreshing a query no screen shows is free.
 */
export function useMatchCache() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = (id?: number) => {
      if (id !== undefined) {
        void utils.matches.byId.invalidate({ id });
        void utils.matches.participants.invalidate({ id });
      }
      void utils.matches.list.invalidate();
      void utils.matches.mine.invalidate();
    };
    /**
     * A join or leave answers with the match as the cards show it: written into every loaded list
     * instead of refetching them (a refetch could also reorder or drop the card under the player's
     * finger). The page, My matches and the participants differ in shape, so they are refetched.
     */
    /** The card of match `id` changed in every loaded list (plain and infinite) where it shows. */
    const changeCard = (id: number, change: (card: Card) => Card) => {
      utils.matches.list.setQueriesData(
        undefined,
        {},
        (page) => page && withCard(page, id, change),
      );
      queryClient.setQueriesData<InfiniteData<MatchPage>>(
        { queryKey: getQueryKey(trpc.matches.list, undefined, 'infinite') },
        (data) => {
          if (!data) return data;
          const pages = data.pages.map((page) => withCard(page, id, change));
          return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
        },
      );
    };
    /**
     * The match's new state written over its card; what only the card carries (open to all
     * levels, the viewer's request) stays, as an answer without it did not change it.
     */
    const writeCard = (match: Match) => changeCard(match.id, (card) => ({ ...card, ...match }));
    const participationChanged = (match: Match) => {
      writeCard(match);
      void utils.matches.byId.invalidate({ id: match.id });
      void utils.matches.participants.invalidate({ id: match.id });
      void utils.matches.mine.invalidate();
    };
    return {
      created: () => refresh(),
      updated: (id: number) => refresh(id),
      deleted: (id: number) => refresh(id),
      /** Joining also takes the player off the match's waiting list. */
      joined: (match: Match) => {
        participationChanged(match);
        void utils.matches.myWaitlist.invalidate();
      },
      left: participationChanged,
      /** The organiser removed a player: the answer is the match as the cards show it, like a leave. */
      removed: participationChanged,
      /** A refused join or leave: what the screen showed was out of date, so everything about the match is refetched. */
      participationFailed: (id: number) => {
        refresh(id);
        void utils.matches.myWaitlist.invalidate();
      },
      /** The answer carries only a position, so the match's queue and everything showing it are refetched. */
      waitlistChanged: (id: number) => {
        void utils.matches.myWaitlist.invalidate();
        refresh(id);
      },
      /**
       * The match page as the live stream sent it (someone else joined, left, edited…): it is
       * exactly `byId`'s answer, so it replaces it; the participants panel is refetched.
       */
      live: (match: Detail) => {
        utils.matches.byId.setData({ id: match.id }, match);
        void utils.matches.participants.invalidate({ id: match.id });
      },
      /**
       * The court mark or a payment changed (issue 42): the answer is the page as the player now
       * sees it, written over every copy of it (opened by id or by its private link's token).
       */
      pageChanged: (match: Detail) => {
        utils.matches.byId.setQueriesData({ id: match.id }, {}, () => match);
      },
      /**
       * A request to join was sent from a card or the page: the card says it is pending at once
       * (no refetch that could move it), the page and My matches are read again.
       */
      requested: (id: number) => {
        changeCard(id, (card) => ({ ...card, my_request: 'pending' }));
        void utils.matches.byId.invalidate({ id });
        void utils.matches.mine.invalidate();
      },
      /** Cards a list stream sent: written in place; a removed match makes the lists refetch. */
      liveCards: ({ cards, removed }: { cards: Card[]; removed: number[] }) => {
        for (const card of cards) writeCard(card);
        if (cards.length > 0) void utils.matches.mine.invalidate();
        if (removed.length > 0) refresh();
      },
    };
  }, [utils, queryClient]);
}
