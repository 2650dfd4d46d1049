import type { TChatMuteInput, TChatRoom } from '../../../common/schemas/chat';
import { matchMessageReads } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { chatAccess, readsKey, readsOf, roomValues } from './access';

/** Whether `userId` turned the room's notices off. */
export async function isMuted(tx: DbOrTx, room: TChatRoom, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ muted: matchMessageReads.muted })
    .from(matchMessageReads)
    .where(readsOf(room, userId));
  return row?.muted ?? false;
}

/**
 * Turns a room's notices off or back on for the player, in one tap (issue 41): the reader's row
 * of the room (its read marker) keeps the choice, and the chat's notices skip it. Readers only.
 */
export async function muteRoom(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TChatMuteInput,
): Promise<{ muted: boolean }> {
  const room: TChatRoom = { kind: input.room, id: input.id };
  return deps.db.transaction(async (tx) => {
    await chatAccess(tx, actor, room);
    const [row] = await tx
      .insert(matchMessageReads)
      .values({ ...roomValues(room), userId: actor.id, muted: input.muted })
      .onConflictDoUpdate({ target: readsKey(room), set: { muted: input.muted } })
      .returning({ muted: matchMessageReads.muted });
    return { muted: row?.muted ?? input.muted };
  });
}
