import { and, eq, gt, sql } from 'drizzle-orm';
import type { TChatRoom } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import { matchMessages, users } from '../../../db/schema';
import { inRoom } from './access';
import { messageColumns, toMessage } from './rows';

/** The chat's latest revision in a room (0 when empty): where a live stream starts. */
export async function currentRev(db: DbOrTx, room: TChatRoom): Promise<number> {
  const [row] = await db
    .select({ rev: sql<string>`coalesce(max(${matchMessages.rev}), 0)::text` })
    .from(matchMessages)
    .where(inRoom(room));
  return Number(row?.rev ?? 0);
}

/**
 * The changes of a room's chat after revision `after`, oldest first (new, edited and deleted
 * messages alike), and the revision reached: what a live stream sends after each poke.
 */
export async function changesSince(db: DbOrTx, room: TChatRoom, after: number) {
  const rows = await db
    .select(messageColumns)
    .from(matchMessages)
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .where(and(inRoom(room), gt(matchMessages.rev, after)))
    .orderBy(matchMessages.rev)
    .limit(500);
  return rows.map((r) => ({ rev: Number(r.rev), message: toMessage(r) }));
}
