import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { useMatchCache } from '../../lib/match-cache';
import { offerPush } from '../../lib/push';
import { useSingleFlight } from '../../lib/single-flight';
import { trpc } from '../../lib/trpc';
import { levelExcludes } from './join-level';
import type { MatchView } from './types';
import { useNotice } from './useNotice';

/**
 * Joining from a card: remembers which card is joining (its button reads 'Inscription...'), shows the
 * spec's success text or the error (server text, else 'Erreur lors de l'inscription au match'), and
 * updates every screen that shows the match. A match whose levels exclude the player's asks first
 * (`levelCheck`, rendered with JoinLevelConfirm).
 */
export function useJoinMatch() {
  const { user } = useAuth();
  const [unsure, setUnsure] = useState<MatchView | null>(null);
  const cache = useMatchCache();
  const notice = useNotice();
  const [joiningId, setJoiningId] = useState<number | null>(null);
  const mutation = trpc.matches.join.useMutation();
  const once = useSingleFlight();

  const joinNow = (match: MatchView) =>
    once(async () => {
      setJoiningId(match.id);
      try {
        const result = await mutation.mutateAsync({ id: match.id });
        cache.joined(result.match);
        notice.success(MSG.match.joined);
        offerPush();
      } catch (err) {
        cache.participationFailed(match.id);
        notice.error(errorMessage(err, MSG.match.joinFailed));
      } finally {
        setJoiningId(null);
      }
    });

  const join = (match: MatchView) => {
    if (levelExcludes(match.levels, user?.level)) setUnsure(match);
    else joinNow(match);
  };
  const levelCheck = {
    levels: unsure?.levels ?? null,
    onConfirm: () => {
      if (unsure) joinNow(unsure);
      setUnsure(null);
    },
    onCancel: () => setUnsure(null),
  };
  /** What a MatchCardGrid needs to join from its cards and report waiting-list outcomes here. */
  const gridProps = {
    joiningId,
    onJoin: join,
    onNotice: (kind: 'success' | 'error', message: string) => notice[kind](message),
  };
  return { notice, gridProps, levelCheck };
}
