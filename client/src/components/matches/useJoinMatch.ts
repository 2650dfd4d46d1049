import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { MatchView } from './types';
import { useNotice } from './useNotice';

/**
 * Joining from a card: remembers which card is joining (its button reads 'Inscription...'), shows the
 * spec's success text or the error (server text, else 'Erreur lors de l'inscription au match'), and
 * refreshes the lists that show the match.
 */
export function useJoinMatch() {
  const utils = trpc.useUtils();
  const notice = useNotice();
  const [joiningId, setJoiningId] = useState<number | null>(null);
  const mutation = trpc.matches.join.useMutation();

  const join = (match: MatchView) => {
    setJoiningId(match.id);
    mutation.mutate(
      { id: match.id },
      {
        onSuccess: () => notice.success(MSG.match.joined),
        onError: (err) => notice.error(errorMessage(err, MSG.match.joinFailed)),
        onSettled: () => {
          setJoiningId(null);
          void utils.matches.list.invalidate();
          void utils.matches.mine.invalidate();
        },
      },
    );
  };

  return { join, joiningId, notice };
}
