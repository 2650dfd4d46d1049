import type { ReactNode } from 'react';
import { MSG } from '../../../../common/messages';
import { Button, TitledCard } from '../ui';
import type { RouterOutputs } from '../../lib/trpc';
import { PhoneLinks } from './PhoneLinks';
import { Avatar } from '../layout/Avatar';

type Player = RouterOutputs['matches']['byId']['organiser'];

export const displayName = (p: Player) =>
  p.last_initial ? `${p.first_name} ${p.last_initial}` : p.first_name;

/**
 * One player: avatar, first name and initial, level, and, when the server sent the phone (to the
 * match's own players only), a link to call and one to write on WhatsApp.
 */
function PlayerRow({
  player,
  role,
  onRemove,
  badge,
}: {
  player: Player;
  role?: string;
  onRemove?: (player: Player) => void;
  badge?: (userId: number, name: string) => ReactNode;
}) {
  return (
    <li className="player">
      <Avatar name={displayName(player)} photo={player.photo} className="player-avatar" />
      <span className="player-text">
        <span className="player-name">
          {displayName(player)}
          {role && <span className="tag tag-creator">{role}</span>}
          {badge?.(player.user_id, displayName(player))}
        </span>
        <span className="player-level">{player.level ?? 'Niveau non renseigné'}</span>
        {player.phone && (
          <PhoneLinks phone={player.phone} name={displayName(player)} kind="player" />
        )}
      </span>
      {onRemove && (
        <Button
          variant="ghost"
          className="player-remove"
          aria-label={MSG.match.removeButtonLabel(displayName(player))}
          onClick={() => onRemove(player)}
        >
          {MSG.match.removeButton}
        </Button>
      )}
    </li>
  );
}

/** The organiser, then the players in joining order; `onRemove` (the organiser's view) adds "Retirer" to each player. */
export function MatchPlayers({
  organiser,
  participants,
  onRemove,
  badge,
}: {
  organiser: Player;
  participants: readonly Player[];
  onRemove?: (player: Player) => void;
  /** Something shown after a player's name (their reliability, from the results feature). */
  badge?: (userId: number, name: string) => ReactNode;
}) {
  return (
    <TitledCard title="Joueurs" className="match-players">
      <ul className="player-list">
        <PlayerRow player={organiser} role="Organisateur" badge={badge} />
        {participants.map((p) => (
          <PlayerRow key={p.user_id} player={p} onRemove={onRemove} badge={badge} />
        ))}
      </ul>
      {participants.length === 0 && <p className="muted">Personne n’a encore rejoint ce match.</p>}
    </TitledCard>
  );
}
