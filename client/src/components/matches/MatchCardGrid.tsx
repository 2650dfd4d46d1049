import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import type { TPlayerGender } from '../../../../common/messages-court';
import { UnreadBadge } from '../chat/UnreadBadge';
import { EmptyState } from '../ui';
import { MatchCard } from './MatchCard';
import type { LevelView, MatchView } from './types';
import { WaitlistControl } from './WaitlistControl';

interface MatchCardGridProps {
  matches: readonly MatchView[];
  userId: number | undefined;
  /** The player's level, which decides between "Rejoindre" and "Demander à rejoindre". */
  userLevel: string | null;
  /** The player's own gender, which a « Hommes » or « Femmes » card checks. */
  userGender?: TPlayerGender | null;
  catalogue?: readonly LevelView[];
  /** The match whose Rejoindre button is busy (from useJoinMatch). */
  joiningId: number | null;
  onJoin: (match: MatchView) => void;
  onRequest: (match: MatchView) => void;
  headingLevel?: 2 | 3;
  /** Shows the outcome of joining or leaving a waiting list; without it, full matches offer none. */
  onNotice?: (kind: 'success' | 'error', message: string) => void;
  /** Unread chat messages per match id, for the matches the player is in (`chat.unread`). */
  unread?: Readonly<Record<string, number>>;
}

/** Upcoming matches as a grid of cards, each with its button to join or to ask. */
export function MatchCardGrid({
  matches,
  userId,
  userLevel,
  userGender,
  catalogue,
  joiningId,
  onJoin,
  onRequest,
  headingLevel,
  onNotice,
  unread,
}: MatchCardGridProps) {
  return (
    <div className="match-grid">
      {matches.map((match) => (
        <MatchCard
          key={match.id}
          match={match}
          userId={userId}
          userLevel={userLevel}
          userGender={userGender}
          catalogue={catalogue}
          joining={joiningId === match.id}
          onJoin={onJoin}
          onRequest={onRequest}
          headingLevel={headingLevel}
        >
          {onNotice && (
            <WaitlistControl
              match={match}
              userId={userId}
              userLevel={userLevel}
              onNotice={onNotice}
            />
          )}
          {unread && <UnreadBadge matchId={match.id} count={unread[String(match.id)] ?? 0} />}
        </MatchCard>
      ))}
    </div>
  );
}

/** The two ways to a match: find one, or create one. */
export function FindOrCreateLinks({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link className="btn btn-primary" to="/find-match">
        Trouver un match
      </Link>
      <Link className="btn btn-secondary" to="/create-match">
        Créer un match
      </Link>
    </div>
  );
}

/** No upcoming match: 'Aucun match disponible' and a link to create the first one. */
export function NoMatchesAvailable() {
  return (
    <EmptyState
      title={MSG.match.noneAvailable}
      action={
        <Link className="btn btn-primary" to="/create-match">
          {MSG.match.createFirst}
        </Link>
      }
    />
  );
}
