import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TChatRoomKind, TChatUnread } from '../../../common/schemas/chat';
import {
  groupMembers,
  matches,
  matchMessageReads,
  matchMessages,
  matchParticipants,
  matchWaitlist,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';

/** The rooms of one kind whose chat the player reads: their matches (any role), their groups. */
function myRooms(kind: TChatRoomKind, me: number) {
  return kind === 'match'
    ? sql`(select ${matchParticipants.matchId} from ${matchParticipants} where ${matchParticipants.userId} = ${me}
           union select ${matches.id} from ${matches} where ${matches.createdBy} = ${me}
           union select ${matchWaitlist.matchId} from ${matchWaitlist} where ${matchWaitlist.userId} = ${me})`
    : sql`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${me})`;
}

/**
 * Unread messages per room for the player, in every match they organise, play or wait for (or
 * every group they belong to): the messages after their read marker, not their own, not the
 * system lines about themselves (their own join), not deleted. Rooms without any are left out.
 */
export async function unreadCounts(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { room: kind }: { room: TChatRoomKind } = { room: 'match' },
): Promise<TChatUnread> {
  const me = actor.id;
  const roomColumn = kind === 'match' ? matchMessages.matchId : matchMessages.groupId;
  const readColumn = kind === 'match' ? matchMessageReads.matchId : matchMessageReads.groupId;
  const rows = await deps.db
    .select({ roomId: roomColumn, n: sql<number>`count(*)::int` })
    .from(matchMessages)
    .leftJoin(matchMessageReads, and(eq(readColumn, roomColumn), eq(matchMessageReads.userId, me)))
    .where(
      and(
        sql`${roomColumn} in ${myRooms(kind, me)}`,
        gt(matchMessages.id, sql`coalesce(${matchMessageReads.lastReadId}, 0)`),
        sql`${matchMessages.authorId} is distinct from ${me}`,
        // A system line about the reader ("Julie a rejoint le match") tells them what they just did.
        sql`not (${matchMessages.kind} = 'system' and ${matchMessages.subjectId} is not distinct from ${me})`,
        isNull(matchMessages.deletedAt),
      ),
    )
    .groupBy(roomColumn);
  return Object.fromEntries(rows.map((r) => [String(r.roomId), r.n]));
}
