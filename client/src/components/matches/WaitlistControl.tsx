import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui';
import type { MatchView } from './types';

interface WaitlistControlProps {
  match: MatchView;
  userId: number | undefined;
  /** Where the outcome is shown (the screen's notice). */
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/**
 * On a full match the player neither created nor joined: "Rejoindre la liste d'attente", then
 * their position and a way out. One `myWaitlist` query serves every card of the screen.
 */
export function WaitlistControl({ match, userId, onNotice }: WaitlistControlProps) {
  const relevant =
    userId !== undefined &&
    match.missing_players <= 0 &&
    match.created_by !== userId &&
    !match.participants.some((p) => p.user_id === userId);
  const utils = trpc.useUtils();
  const mine = trpc.matches.myWaitlist.useQuery(undefined, { enabled: relevant });
  const refresh = () => {
    void utils.matches.myWaitlist.invalidate();
    void utils.matches.list.invalidate();
    void utils.matches.mine.invalidate();
  };
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
  if (!relevant) return null;
  const entry = mine.data?.find((w) => w.match_id === match.id);
  if (!entry) {
    return (
      <Button variant="primary" className="match-waitlist" loading={join.isPending} onClick={() => join.mutate({ id: match.id })}>
        {MSG.waitlist.join}
      </Button>
    );
  }
  return (
    <div className="match-waitlist">
      <p className="match-waitlist-position" role="status">
        {MSG.waitlist.position(entry.position)}
      </p>
      <Button variant="secondary" loading={leave.isPending} onClick={() => leave.mutate({ id: match.id })}>
        {MSG.waitlist.leave}
      </Button>
    </div>
  );
}
