import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { useMatchCache } from '../../lib/match-cache';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui';

export interface WaitlistActionsProps {
  matchId: number;
  /** The player's place in the queue, or null when they are not on it. */
  position: number | null;
  /** Where the outcome is shown (the screen's notice). */
  onNotice: (kind: 'success' | 'error', message: string) => void;
  className?: string;
  /** A private match's link token (issue 25): queueing needs it until one is in the queue. */
  token?: string;
}

/**
 * A full match's waiting list for one player: "Rejoindre la liste d'attente", then their position
 * and a way out. Every screen that shows the match (cards, its page, My matches) is refreshed after.
 */
export function WaitlistActions({
  matchId,
  position,
  onNotice,
  className = 'match-waitlist',
  token,
}: WaitlistActionsProps) {
  const cache = useMatchCache();
  const refresh = () => cache.waitlistChanged(matchId);
  const join = trpc.matches.joinWaitlist.useMutation({
    onSuccess: (r) => onNotice('success', r.message),
    onError: (err) => onNotice('error', errorMessage(err, MSG.match.joinFailed)),
    onSettled: refresh,
  });
  const leave = trpc.matches.leaveWaitlist.useMutation({
    onSuccess: (r) => onNotice('success', r.message),
    onError: (err) => onNotice('error', errorMessage(err, MSG.match.leaveFailed)),
    onSettled: refresh,
  });
  if (position === null) {
    return (
      <Button
        variant="primary"
        className={className}
        loading={join.isPending}
        onClick={() => join.mutate({ id: matchId, ...(token ? { token } : {}) })}
      >
        {MSG.waitlist.join}
      </Button>
    );
  }
  return (
    <div className={className}>
      <p className="match-waitlist-position" role="status">
        {MSG.waitlist.position(position)}
      </p>
      <Button
        variant="secondary"
        loading={leave.isPending}
        onClick={() => leave.mutate({ id: matchId })}
      >
        {MSG.waitlist.leave}
      </Button>
    </div>
  );
}
