import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Notice, Spinner } from '../ui';
import { LevelBadge } from './LevelBadges';
import type { LevelView, ParticipantView } from './types';

interface ParticipantsListProps {
  participants: readonly ParticipantView[];
  catalogue?: readonly LevelView[];
}

/** Name, level, phone (a tel: link) and join date of each player who joined. */
function ParticipantsList({ participants, catalogue }: ParticipantsListProps) {
  if (participants.length === 0) return <p className="participants-empty">Aucun joueur inscrit pour le moment.</p>;
  return (
    <ul className="participants-list">
      {participants.map((p) => (
        <li key={p.user_id} className="participant">
          <span className="participant-avatar" aria-hidden="true">
            {p.name.trim().charAt(0).toUpperCase()}
          </span>
          <div className="participant-main">
            <span className="participant-name">{p.name}</span>
            <span className="participant-joined">Inscrit le {formatDateTime(p.joined_at)}</span>
          </div>
          {p.level ? (
            <LevelBadge niveau={p.level} catalogue={catalogue} />
          ) : (
            <span className="participant-nolevel">Niveau non renseigné</span>
          )}
          <a className="participant-phone" href={`tel:${p.phone}`}>
            {p.phone}
          </a>
        </li>
      ))}
    </ul>
  );
}

interface ParticipantsPanelProps {
  matchId: number;
  id: string;
  catalogue?: readonly LevelView[];
}

/** Loads the participants of a match when the panel is opened (creator or participant only). */
export function ParticipantsPanel({ matchId, id, catalogue }: ParticipantsPanelProps) {
  const query = trpc.matches.participants.useQuery({ id: matchId });
  return (
    <div className="participants-panel" id={id} role="group" aria-label="Participants">
      {query.isPending && <Spinner label="Chargement des participants..." showLabel />}
      {query.isError && (
        <Notice kind="error" persistent message={errorMessage(query.error, 'Erreur lors du chargement des participants')} />
      )}
      {query.data && <ParticipantsList participants={query.data} catalogue={catalogue} />}
    </div>
  );
}
