import { MSG } from '../../../../common/messages';
import type { RouterOutputs } from '../../lib/trpc';
import { Button, TitledCard } from '../ui';

type Request = RouterOutputs['matches']['byId']['requests'][number];

const nameOf = (r: Request) =>
  r.last_initial ? `${r.first_name} ${r.last_initial}` : r.first_name;

/** The organiser's pending requests to join (issue 25), each with "Accepter" and "Refuser". */
export function RequestsPanel({
  requests,
  busy,
  onAccept,
  onDecline,
}: {
  requests: readonly Request[];
  busy: boolean;
  onAccept: (r: Request) => void;
  onDecline: (r: Request) => void;
}) {
  if (requests.length === 0) return null;
  return (
    <TitledCard title={MSG.room.requestsTitle} className="match-requests">
      <ul className="player-list">
        {requests.map((r) => (
          <li key={r.user_id} className="player request-row">
            <span className="player-text">
              <span className="player-name">{nameOf(r)}</span>
              <span className="player-level">{r.level ?? 'Niveau non renseigné'}</span>
              {r.message && <span className="request-message">« {r.message} »</span>}
            </span>
            <span className="request-actions">
              <Button
                disabled={busy}
                aria-label={MSG.room.acceptLabel(nameOf(r))}
                onClick={() => onAccept(r)}
              >
                {MSG.room.accept}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={MSG.room.declineLabel(nameOf(r))}
                onClick={() => onDecline(r)}
              >
                {MSG.room.decline}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
