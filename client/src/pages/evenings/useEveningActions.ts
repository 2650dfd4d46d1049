import { useState } from 'react';
import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEvening, TEveningAccessInput } from '../../../../common/schemas/evenings';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export type EveningNotice = { kind: 'success' | 'error'; text: string };

/**
 * Every action of the evening's page. Each answers the French message and the evening as it now
 * is, which the page shows at once; a refusal (a 409: a score someone saved meanwhile, a round
 * already moved on) shows the server's message and reads the evening again.
 */
export function useEveningActions(input: TEveningAccessInput, arrived: string | null) {
  const utils = trpc.useUtils();
  const [notice, setNotice] = useState<EveningNotice | null>(
    arrived ? { kind: 'success', text: arrived } : null,
  );
  const handlers = {
    onSuccess: (r: { message: string; evening: TEvening }) => {
      utils.evenings.byId.setData(input, r.evening);
      setNotice({ kind: 'success', text: r.message });
    },
    onError: (e: unknown) => {
      setNotice({ kind: 'error', text: errorMessage(e, EVENING_UI.actionFailed) });
      void utils.evenings.byId.invalidate({ id: input.id });
    },
  };
  return {
    notice,
    clearNotice: () => setNotice(null),
    join: trpc.evenings.join.useMutation(handlers),
    leave: trpc.evenings.leave.useMutation(handlers),
    setSignupsClosed: trpc.evenings.setSignupsClosed.useMutation(handlers),
    removePlayer: trpc.evenings.removePlayer.useMutation(handlers),
    addPlayer: trpc.evenings.addPlayer.useMutation(handlers),
    start: trpc.evenings.start.useMutation(handlers),
    nextRound: trpc.evenings.nextRound.useMutation(handlers),
    finish: trpc.evenings.finish.useMutation(handlers),
    score: trpc.evenings.score.useMutation(handlers),
    // An absence goes through the match's own no-show rule (reliability reads it).
    markNoShow: trpc.results.markNoShow.useMutation({
      onSuccess: (r) => {
        setNotice({ kind: 'success', text: r.message });
        void utils.results.forMatch.invalidate({ id: input.id });
      },
      onError: handlers.onError,
    }),
  };
}
export type EveningActions = ReturnType<typeof useEveningActions>;
