import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useMemo } from 'react';
import { trpc, type RouterOutputs } from './trpc';

type MatchPage = RouterOutputs['matches']['list'];
type Match = MatchPage['items'][number];
type Detail = RouterOutputs['matches']['byId'];

/** The page with `match` in place of its stale copy; the same object when the match is not on it (no re-render). */
function withMatch(page: MatchPage, match: Match): MatchPage {
  if (!page.items.some((m) => m.id === match.id)) return page;
  return { ...page, items: page.items.map((m) => (m.id === match.id ? match : m)) };
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
    /** The card written into every loaded list (plain and infinite) where it shows. */
    const writeCard = (match: Match) => {
      utils.matches.list.setQueriesData(undefined, {}, (page) => page && withMatch(page, match));
      queryClient.setQueriesData<InfiniteData<MatchPage>>(
        { queryKey: getQueryKey(trpc.matches.list, undefined, 'infinite') },
        (data) => {
          if (!data) return data;
          const pages = data.pages.map((page) => withMatch(page, match));
          return pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };
        },
      );
    };
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
      /** Cards a list stream sent: written in place; a removed match makes the lists refetch. */
      liveCards: ({ cards, removed }: { cards: Match[]; removed: number[] }) => {
        for (const card of cards) writeCard(card);
        if (cards.length > 0) void utils.matches.mine.invalidate();
        if (removed.length > 0) refresh();
      },
    };
  }, [utils, queryClient]);
}
