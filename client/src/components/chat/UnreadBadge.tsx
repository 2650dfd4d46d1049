import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import type { TChatRoomKind } from '../../../../common/schemas/chat';
import './chat.css';

const PAGE: Record<TChatRoomKind, string> = { match: '/matches', group: '/groups' };

/**
 * "3 messages non lus", linking to the page where the room's chat is (the match's, or the
 * group's); nothing when none.
 */
export function UnreadBadge({
  matchId,
  room = 'match',
  count,
}: {
  /** The room's id: a match's, or a group's with `room="group"`. */
  matchId: number;
  room?: TChatRoomKind;
  count: number;
}) {
  if (count <= 0) return null;
  return (
    <Link className="chat-unread" to={`${PAGE[room]}/${matchId}#chat-title`}>
      {MSG.chat.unread(count)}
    </Link>
  );
}
