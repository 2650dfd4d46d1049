import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import { formatLongDate, formatTime } from '../../lib/format';
import { Button } from '../ui';
import { LevelBadges } from './LevelBadges';
import { placesFact } from './MatchSummary';
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

/**
 * A match in a list, compact so a phone's first screen shows several: place, day and time, address and
 * organiser, levels, free places with the Rejoindre button, organiser.
 */
export function MatchCard({
  match,
  userId,
  catalogue,
  joining = false,
  onJoin,
  headingLevel = 3,
  children,
}: MatchCardProps) {
  const headingId = useId();
  const state = joinState(match, userId, joining);
  const places = placesFact(match, false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card match-card" aria-labelledby={headingId}>
      <Heading className="match-place" id={headingId}>
        <Link className="match-link" to={`/matches/${match.id}`}>
          {match.place_name}
        </Link>
      </Heading>
      <p className="match-when">
        <span className="match-date">{formatLongDate(match.date)}</span>
        <span aria-hidden="true"> · </span>
        <span className="match-time">{formatTime(match.time)}</span>
      </p>
      <p className="match-where">
        <span>
          {match.address}, {match.city}
        </span>
        <span aria-hidden="true"> · </span>
        <span className="match-creator">
          Créé par <strong>{match.creator_name}</strong>
        </span>
      </p>
      <LevelBadges levels={match.levels} catalogue={catalogue} withLabels />
      <div className="match-actions">
        <span className={`match-free ${places.className}`}>{places.text}</span>
        <Button
          variant={state === 'open' || state === 'joining' ? 'primary' : 'secondary'}
          className="match-join"
          disabled={state !== 'open'}
          aria-busy={state === 'joining' || undefined}
          onClick={() => onJoin?.(match)}
        >
          {BUTTON_TEXT[state]}
        </Button>
      </div>
      {children}
    </article>
  );
}
