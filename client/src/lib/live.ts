import { useEffect, useRef } from 'react';
import { useMatchCache } from './match-cache';
import { trpc } from './trpc';

/** After a stream the server ended while restarting, or a network failure, try again this late. */
const RETRY_MS = 2000;

/**
 * Restarts a subscription that failed for a reason that passes (the server restarting, the
 * network); a refused one (session ended, match or poll gone, no longer a member) stays stopped.
 */
function useRetry() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (code: string | undefined, reset: () => void) => {
    if (
      code === 'UNAUTHORIZED' ||
      code === 'NOT_FOUND' ||
      code === 'FORBIDDEN' ||
      code === 'TOO_MANY_REQUESTS'
    )
      return;
    clearTimeout(timer.current);
    timer.current = setTimeout(reset, RETRY_MS);
  };
}

/**
 * Keeps the match page's `byId` and `results.forMatch` answers current without reloading: the
 * server sends the match as `byId` answers it, at once and after every change by anyone (its
 * result and absences included), on any instance.
 */
export function useLiveMatch(id: number, enabled: boolean, token?: string) {
  const cache = useMatchCache();
  const utils = trpc.useUtils();
  const retry = useRetry();
  const sub = trpc.matches.onChange.useSubscription(token ? { id, token } : { id }, {
    enabled,
    onData: (e) => {
      cache.live(e.data);
      // A private match opened through its link is cached under the link's token too.
      if (token) utils.matches.byId.setData({ id, token }, e.data);
      // The match's result and absences are their own answer, announced on the same stream: an
      // entry, confirmation or absence by another player shows without reloading.
      void utils.results.forMatch.invalidate({ id });
    },
    onError: (err) => {
      // Deleted meanwhile: the page refetches and shows "Match introuvable".
      if (err.data?.code === 'NOT_FOUND') cache.deleted(id);
      retry(err.data?.code, () => sub.reset());
    },
  });
}

/** Keeps the cards of a list current: changed cards are written in place, a removed one refetches. */
export function useLiveCards(ids: readonly number[]) {
  const cache = useMatchCache();
  const retry = useRetry();
  const sub = trpc.matches.onListChange.useSubscription(
    { ids: [...ids] },
    {
      enabled: ids.length > 0,
      onData: (changes) => cache.liveCards(changes),
      onError: (err) => retry(err.data?.code, () => sub.reset()),
    },
  );
}

/**
 * Keeps a poll's page current: the server sends the poll as `groups.poll` answers it (counts and
 * this player's answers), at once and after every answer by anyone, its match and its closing.
 */
export function useLivePoll(id: number, enabled: boolean) {
  const utils = trpc.useUtils();
  const retry = useRetry();
  const sub = trpc.groups.onPoll.useSubscription(
    { id },
    {
      enabled,
      onData: (e) => utils.groups.poll.setData({ id }, e.data),
      onError: (err) => {
        // Gone or no longer a member: the page reads the poll again and shows why.
        if (err.data?.code === 'NOT_FOUND' || err.data?.code === 'FORBIDDEN')
          void utils.groups.poll.invalidate({ id });
        retry(err.data?.code, () => sub.reset());
      },
    },
  );
}

/**
 * Keeps a group's page current: the server sends the page as `groups.byId` answers it, at once and
 * after every member who joins or goes, every match, weekly slot or poll, on any instance.
 */
export function useLiveGroup(id: number, enabled: boolean) {
  const utils = trpc.useUtils();
  const retry = useRetry();
  const sub = trpc.groups.onChange.useSubscription(
    { id },
    {
      enabled,
      onData: (group) => {
        utils.groups.byId.setData({ id }, group);
        // Its evenings are their own list (a new one announces the group's change).
        void utils.evenings.list.invalidate({ group_id: id });
      },
      onError: (err) => {
        // Deleted, or no longer a member: the page reads the group again and shows why.
        if (err.data?.code === 'NOT_FOUND') void utils.groups.byId.invalidate({ id });
        retry(err.data?.code, () => sub.reset());
      },
    },
  );
}

/**
 * Keeps an evening's page current (issue 40): the server sends the evening as `evenings.byId`
 * answers it, at once and after every sign-up, round and score by anyone, on any instance.
 */
export function useLiveEvening(id: number, enabled: boolean, token?: string) {
  const utils = trpc.useUtils();
  const retry = useRetry();
  const input = token ? { id, token } : { id };
  const sub = trpc.evenings.onChange.useSubscription(input, {
    enabled,
    onData: (evening) => utils.evenings.byId.setData(input, evening),
    onError: (err) => {
      // Gone, or no longer reachable: the page reads the evening again and shows why.
      if (err.data?.code === 'NOT_FOUND') void utils.evenings.byId.invalidate({ id });
      retry(err.data?.code, () => sub.reset());
    },
  });
}
