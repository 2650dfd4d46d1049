import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import { COURT_UI, type TPlayerGender } from '../../../../common/messages-court';
import { formatLongDate, formatTime } from '../../lib/format';
import { Button } from '../ui';
import { genderLeavesOut, mustAskToJoin } from './join-level';
import { KindBadges } from './KindBadges';
import { LevelBadges } from './LevelBadges';
import { placesFact } from './MatchSummary';
import type { LevelView, MatchView } from './types';

type JoinState = 'own' | 'joined' | 'full' | 'joining' | 'asked' | 'reserved' | 'ask' | 'open';

/**
 * Which state the card's button is in for this player: own match first, then joined, full (its
 * waiting list shows under it), joining; then a request already waiting for the organiser, a
 * match whose gender rule leaves the player out, a match of other levels to ask for, and at last
 * one to join.
 */
function joinState(
  match: MatchView,
  userId: number | undefined,
  userLevel: string | null | undefined,
  userGender: TPlayerGender | null | undefined,
  joining: boolean,
): JoinState {
  if (userId !== undefined && match.created_by === userId) return 'own';
  if (userId !== undefined && match.participants.some((p) => p.user_id === userId)) return 'joined';
  if (match.missing_players <= 0) return 'full';
  if (joining) return 'joining';
  if (match.my_request === 'pending') return 'asked';
  if (genderLeavesOut(match.gender, userGender)) return 'reserved';
  if (userId !== undefined && mustAskToJoin(match, userLevel)) return 'ask';
  return 'open';
}

const BUTTON_TEXT: Record<Exclude<JoinState, 'reserved'>, string> = {
  own: MSG.match.yourMatch,
  joined: 'Vous participez',
  full: MSG.match.full,
  joining: MSG.match.joining,
  asked: MSG.room.requestPendingShort,
  ask: MSG.room.requestButton,
  open: 'Rejoindre',
};

interface MatchCardProps {
  match: MatchView;
  userId: number | undefined;
  /** The player's level: outside the match's levels, the card asks instead of joining. */
  userLevel?: string | null;
  /** The player's own gender: a « Hommes » or « Femmes » match that leaves them out says so. */
  userGender?: TPlayerGender | null;
  catalogue?: readonly LevelView[];
  joining?: boolean;
  onJoin?: (match: MatchView) => void;
  /** "Demander à rejoindre": opens the request to the organiser (issue 25). */
  onRequest?: (match: MatchView) => void;
  headingLevel?: 2 | 3;
  /** Shown under the button, e.g. the waiting list of a full match. */
  children?: ReactNode;
}

/**
 * A match in a list, compact so a phone's first screen shows several: place, day and time, address and
 * organiser, levels, free places with the button to join, or to ask when the player's level is not
 * among the match's (as on its page).
 */
export function MatchCard({
  match,
  userId,
  userLevel,
  userGender,
  catalogue,
  joining = false,
  onJoin,
  onRequest,
  headingLevel = 3,
  children,
}: MatchCardProps) {
  const headingId = useId();
  const state = joinState(match, userId, userLevel, userGender, joining);
  const active = state === 'open' || state === 'ask';
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
      <div className="match-badge-row">
        <LevelBadges levels={match.levels} catalogue={catalogue} withLabels />
        <KindBadges kind={match.kind} gender={match.gender} />
      </div>
      <div className="match-actions">
        <span className={`match-free ${places.className}`}>{places.text}</span>
        <Button
          variant={active || state === 'joining' ? 'primary' : 'secondary'}
          className="match-join"
          disabled={!active}
          aria-busy={state === 'joining' || undefined}
          onClick={() => (state === 'ask' ? onRequest?.(match) : onJoin?.(match))}
        >
          {state === 'reserved'
            ? COURT_UI.reserved[match.gender === 'femmes' ? 'femmes' : 'hommes']
            : BUTTON_TEXT[state]}
        </Button>
      </div>
      {children}
    </article>
  );
}
