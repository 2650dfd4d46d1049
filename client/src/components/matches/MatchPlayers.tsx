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

type Guest = RouterOutputs['matches']['byId']['guests'][number];

/** A reserved seat: the guest's first name (players only) and "Invité de Paul" (issue 25). */
function GuestRow({
  guest,
  organiser,
  onRelease,
}: {
  guest: Guest;
  organiser: Player;
  onRelease?: (guest: Guest) => void;
}) {
  const of = MSG.room.guestOf(organiser.first_name);
  return (
    <li className="player player-guest">
      <Avatar name={guest.name ?? of} photo={null} className="player-avatar" />
      <span className="player-text">
        <span className="player-name">{guest.name ?? of}</span>
        {guest.name && <span className="player-level">{of}</span>}
      </span>
      {onRelease && (
        <Button
          variant="ghost"
          className="player-remove"
          aria-label={MSG.room.releaseLabel(guest.name ?? of)}
          onClick={() => onRelease(guest)}
        >
          {MSG.room.release}
        </Button>
      )}
    </li>
  );
}

/**
 * The organiser, then the players in joining order, then the reserved seats; `onRemove` and
 * `onRelease` (the organiser's view) add "Retirer" to each player and "Libérer" to each seat.
 */
export function MatchPlayers({
  organiser,
  participants,
  guests = [],
  onRemove,
  onRelease,
  badge,
}: {
  organiser: Player;
  participants: readonly Player[];
  guests?: readonly Guest[];
  onRemove?: (player: Player) => void;
  onRelease?: (guest: Guest) => void;
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
        {guests.map((g) => (
          <GuestRow key={g.id} guest={g} organiser={organiser} onRelease={onRelease} />
        ))}
      </ul>
      {participants.length === 0 && guests.length === 0 && (
        <p className="muted">Personne n’a encore rejoint ce match.</p>
      )}
    </TitledCard>
  );
}
