import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import './chat.css';

/** "3 messages non lus", linking to the match page where the chat is; nothing when none. */
export function UnreadBadge({ matchId, count }: { matchId: number; count: number }) {
  if (count <= 0) return null;
  return (
    <Link className="chat-unread" to={`/matches/${matchId}#chat-title`}>
      {MSG.chat.unread(count)}
    </Link>
  );
}
