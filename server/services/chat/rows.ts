import { MSG } from '../../../common/messages';
import { publicName } from '../../../common/names';
import type { TChatMessage } from '../../../common/schemas/chat';
import { matchMessages, users } from '../../../db/schema';

/** The columns a message is shown from (the author's name only to build "Prénom N."). */
export const messageColumns = {
  id: matchMessages.id,
  text: matchMessages.text,
  kind: matchMessages.kind,
  authorId: matchMessages.authorId,
  authorName: users.name,
  createdAt: matchMessages.createdAt,
  editedAt: matchMessages.editedAt,
  deletedAt: matchMessages.deletedAt,
  rev: matchMessages.rev,
};
type MessageRow = {
  id: number;
  text: string;
  kind: 'user' | 'system';
  authorId: number | null;
  authorName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  rev: number;
};

/**
 * A message as every member sees it: the author as "Prénom N." (null for a system message, and for
 * an erased account, which the client shows as "Joueur supprimé"); a deleted message keeps its
 * place as "Message supprimé".
 */
export function toMessage(r: MessageRow): TChatMessage {
  const author =
    r.kind === 'user' && r.authorId !== null && r.authorName !== null
      ? { user_id: r.authorId, ...publicName(r.authorName) }
      : null;
  return {
    id: r.id,
    text: r.deletedAt ? MSG.chat.deletedText : r.text,
    author,
    kind: r.kind,
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt ? r.editedAt.toISOString() : null,
    deleted: r.deletedAt !== null,
  };
}
