import { useId, type ReactNode } from 'react';
import { MSG } from '../../../../common/messages';
import { Button } from '../ui';
import { MatchSummary } from './MatchSummary';
import type { LevelView, MatchView } from './types';

type JoinState = 'own' | 'joined' | 'full' | 'joining' | 'open';

/** Which state the Rejoindre button is in for this player (own match first, then joined, full, joining). */
function joinState(match: MatchView, userId: number | undefined, joining: boolean): JoinState {
  if (userId !== undefined && match.created_by === userId) return 'own';
  if (userId !== undefined && match.participants.some((p) => p.user_id === userId)) return 'joined';
  if (match.missing_players <= 0) return 'full';
  if (joining) return 'joining';
  return 'open';
}

const BUTTON_TEXT: Record<JoinState, string> = {
  own: MSG.match.yourMatch,
  joined: 'Vous participez',
  full: MSG.match.full,
  joining: MSG.match.joining,
  open: 'Rejoindre',
};

interface MatchCardProps {
  match: MatchView;
  userId: number | undefined;
  catalogue?: readonly LevelView[];
  joining?: boolean;
  onJoin?: (match: MatchView) => void;
  headingLevel?: 2 | 3;
  /** Shown under the button, e.g. the waiting list of a full match. */
  children?: ReactNode;
}

/** A match in a grid, with the Rejoindre button and its states. */
export function MatchCard({ match, userId, catalogue, joining = false, onJoin, headingLevel, children }: MatchCardProps) {
  const headingId = useId();
  const state = joinState(match, userId, joining);
  return (
    <article className="card match-card" aria-labelledby={headingId}>
      <MatchSummary match={match} catalogue={catalogue} headingLevel={headingLevel} headingId={headingId} />
      <div className="match-actions">
        <Button
          variant={state === 'open' || state === 'joining' ? 'primary' : 'secondary'}
          className="match-join"
          disabled={state !== 'open'}
          aria-busy={state === 'joining' || undefined}
          onClick={() => onJoin?.(match)}
        >
          {BUTTON_TEXT[state]}
        </Button>
        {children}
      </div>
    </article>
  );
}
