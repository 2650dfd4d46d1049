import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { whatsappChatUrl } from '../../lib/whatsapp';
import { Notice, Spinner } from '../ui';
import { LevelBadge } from './LevelBadges';
import type { LevelView, ParticipantView } from './types';

interface ParticipantsListProps {
  participants: readonly ParticipantView[];
  catalogue?: readonly LevelView[];
  organiser?: string | undefined;
}

const initial = (name: string) => name.trim().charAt(0).toUpperCase();

/**
 * The organiser first (they play too), then name, level, phone (a tel: link and a WhatsApp chat)
 * and join date of each player who joined.
 */
function ParticipantsList({ participants, catalogue, organiser }: ParticipantsListProps) {
  return (
    <ul className="participants-list">
      {organiser !== undefined && (
        <li className="participant participant-organiser">
          <span className="participant-avatar" aria-hidden="true">
            {initial(organiser)}
          </span>
          <div className="participant-main">
            <span className="participant-name">{organiser}</span>
            <span className="participant-joined">Organisateur</span>
          </div>
        </li>
      )}
      {participants.length === 0 && (
        <li className="participants-empty">Aucun autre joueur inscrit pour le moment.</li>
      )}
      {participants.map((p) => (
        <li key={p.user_id} className="participant">
          <span className="participant-avatar" aria-hidden="true">
            {initial(p.name)}
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
          <span className="participant-contact">
            <a
              className="participant-phone"
              href={`tel:${p.phone}`}
              title={MSG.matchPage.callPlayer(p.name)}
            >
              {p.phone}
            </a>
            <a
              className="participant-whatsapp"
              href={whatsappChatUrl(p.phone)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={MSG.matchPage.whatsappPlayer(p.name)}
            >
              {MSG.matchPage.whatsapp}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

interface ParticipantsPanelProps {
  matchId: number;
  id: string;
  catalogue?: readonly LevelView[];
  /** The organiser's name, listed first. */
  organiser?: string;
}

/** Loads the participants of a match when the panel is opened (creator or participant only). */
export function ParticipantsPanel({ matchId, id, catalogue, organiser }: ParticipantsPanelProps) {
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
      {query.data && (
        <ParticipantsList participants={query.data} catalogue={catalogue} organiser={organiser} />
      )}
    </div>
  );
}
