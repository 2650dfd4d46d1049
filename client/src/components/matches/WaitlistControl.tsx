import { trpc } from '../../lib/trpc';
import { mustAskToJoin } from './join-level';
import { WaitlistActions } from './WaitlistActions';
import type { MatchView } from './types';

interface WaitlistControlProps {
  match: MatchView;
  userId: number | undefined;
  /** The player's level: outside the match's levels, there is no waiting list to join. */
  userLevel?: string | null;
  /** Where the outcome is shown (the screen's notice). */
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/**
 * On the card of a full match the player neither created nor joined: the waiting list. One
 * `myWaitlist` query serves every card of the screen.
 */
export function WaitlistControl({ match, userId, userLevel, onNotice }: WaitlistControlProps) {
  const relevant =
    userId !== undefined &&
    match.missing_players <= 0 &&
    match.created_by !== userId &&
    !match.participants.some((p) => p.user_id === userId);
  const mine = trpc.matches.myWaitlist.useQuery(undefined, { enabled: relevant });
  if (!relevant) return null;
  const entry = mine.data?.find((w) => w.match_id === match.id);
  // The server refuses a player of another level; one already queued can still leave.
  if (!entry && mustAskToJoin(match, userLevel)) return null;
  return (
    <WaitlistActions matchId={match.id} position={entry?.position ?? null} onNotice={onNotice} />
  );
}
