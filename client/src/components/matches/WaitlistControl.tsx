import { trpc } from '../../lib/trpc';
import { WaitlistActions } from './WaitlistActions';
import type { MatchView } from './types';

interface WaitlistControlProps {
  match: MatchView;
  userId: number | undefined;
  /** Where the outcome is shown (the screen's notice). */
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/**
 * On the card of a full match the player neither created nor joined: the waiting list. One
 * `myWaitlist` query serves every card of the screen.
 */
export function WaitlistControl({ match, userId, onNotice }: WaitlistControlProps) {
  const relevant =
    userId !== undefined &&
    match.missing_players <= 0 &&
    match.created_by !== userId &&
    !match.participants.some((p) => p.user_id === userId);
  const mine = trpc.matches.myWaitlist.useQuery(undefined, { enabled: relevant });
  if (!relevant) return null;
  const entry = mine.data?.find((w) => w.match_id === match.id);
  return (
    <WaitlistActions matchId={match.id} position={entry?.position ?? null} onNotice={onNotice} />
  );
}
