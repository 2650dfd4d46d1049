import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PhoneLinks } from './PhoneLinks';
import { Notice, Spinner } from '../ui';
import { LevelBadge } from './LevelBadges';
import type { LevelView, ParticipantView } from './types';

interface ParticipantsListProps {
  participants: readonly ParticipantView[];
  catalogue?: readonly LevelView[];
}

const initial = (name: string) => name.trim().charAt(0).toUpperCase();

/**
 * The organiser first (the server lists them first: they play too), then each player who joined;
 * everyone with the same details (name, level, phone with a tel: link and a WhatsApp chat), so the
 * players reach the organiser as they reach each other.
 */
function ParticipantsList({ participants, catalogue }: ParticipantsListProps) {
  const players = participants.filter((p) => !p.is_organiser);
  return (
    <ul className="participants-list">
      {participants.map((p) => (
        <li
          key={p.user_id}
          className={p.is_organiser ? 'participant participant-organiser' : 'participant'}
        >
          <span className="participant-avatar" aria-hidden="true">
            {initial(p.name)}
          </span>
          <div className="participant-main">
            <span className="participant-name">{p.name}</span>
            <span className="participant-joined">
              {p.is_organiser ? 'Organisateur' : `Inscrit le ${formatDateTime(p.joined_at)}`}
            </span>
          </div>
          {p.level ? (
            <LevelBadge niveau={p.level} catalogue={catalogue} />
          ) : (
            <span className="participant-nolevel">Niveau non renseigné</span>
          )}
          <PhoneLinks phone={p.phone} name={p.name} kind="participant" />
        </li>
      ))}
      {players.length === 0 && (
        <li className="participants-empty">Aucun autre joueur inscrit pour le moment.</li>
      )}
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
        <Notice
          kind="error"
          persistent
          message={errorMessage(query.error, 'Erreur lors du chargement des participants')}
        />
      )}
      {query.data && <ParticipantsList participants={query.data} catalogue={catalogue} />}
    </div>
  );
}
