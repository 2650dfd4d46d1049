import { useId } from 'react';
import { MSG } from '../../../../common/messages';
import { MatchSummary } from './MatchSummary';
import { WaitlistActions } from './WaitlistActions';
import type { LevelView, MyWaitingMatchView } from './types';

interface WaitingMatchItemProps {
  match: MyWaitingMatchView;
  catalogue?: readonly LevelView[];
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/** A match of My matches the player waits for: the match, their place in the queue, a way out. */
export function WaitingMatchItem({ match, catalogue, onNotice }: WaitingMatchItemProps) {
  const headingId = useId();
  return (
    <article className="card my-match is-waiting" aria-labelledby={headingId}>
      <MatchSummary
        match={match}
        catalogue={catalogue}
        headingId={headingId}
        headingLevel={3}
        tags={<span className="tag tag-waiting">{MSG.waitlist.tag}</span>}
      />
      <div className="my-match-actions">
        <WaitlistActions
          matchId={match.id}
          position={match.waitlist_position}
          onNotice={onNotice}
          className="match-waitlist my-match-waitlist"
        />
      </div>
    </article>
  );
}
