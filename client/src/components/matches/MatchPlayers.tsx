import { TitledCard } from '../ui';
import type { RouterOutputs } from '../../lib/trpc';
import { PhoneLinks } from './PhoneLinks';
import { Avatar } from '../layout/Avatar';

type Player = RouterOutputs['matches']['byId']['organiser'];

const displayName = (p: Player) =>
  p.last_initial ? `${p.first_name} ${p.last_initial}` : p.first_name;

/**
 * One player: avatar, first name and initial, level, and, when the server sent the phone (to the
 * match's own players only), a link to call and one to write on WhatsApp.
 */
function PlayerRow({ player, role }: { player: Player; role?: string }) {
  return (
    <li className="player">
      <Avatar name={displayName(player)} photo={player.photo} className="player-avatar" />
      <span className="player-text">
        <span className="player-name">
          {displayName(player)}
          {role && <span className="tag tag-creator">{role}</span>}
        </span>
        <span className="player-level">{player.level ?? 'Niveau non renseigné'}</span>
        {player.phone && (
          <PhoneLinks phone={player.phone} name={displayName(player)} kind="player" />
        )}
      </span>
    </li>
  );
}

/** The organiser, then the players in joining order. */
export function MatchPlayers({
  organiser,
  participants,
}: {
  organiser: Player;
  participants: readonly Player[];
}) {
  return (
    <TitledCard title="Joueurs" className="match-players">
      <ul className="player-list">
        <PlayerRow player={organiser} role="Organisateur" />
        {participants.map((p) => (
          <PlayerRow key={p.user_id} player={p} />
        ))}
      </ul>
      {participants.length === 0 && <p className="muted">Personne n’a encore rejoint ce match.</p>}
    </TitledCard>
  );
}
