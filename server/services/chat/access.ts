import { and, eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import { MSG } from '../../../common/messages';
import type { TChatRoom } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import {
  groupMembers,
  groups,
  matches,
  matchMessageReads,
  matchMessages,
  matchParticipants,
  matchWaitlist,
} from '../../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { hasStanding } from '../rooms/members';

export type ChatRole = 'organiser' | 'participant' | 'waiting' | 'member';

export interface ChatAccess {
  role: ChatRole;
  canWrite: boolean;
}

/** The rows of one room in the messages table (`match_id` or `group_id`). */
export const inRoom = (room: TChatRoom): SQL =>
  room.kind === 'match' ? eq(matchMessages.matchId, room.id) : eq(matchMessages.groupId, room.id);

/** The room columns of an insert into the messages or read-marker table. */
export const roomValues = (room: TChatRoom) =>
  room.kind === 'match' ? { matchId: room.id } : { groupId: room.id };

/** The unique key a read-marker upsert targets: one per kind of room. */
export const readsKey = (room: TChatRoom) =>
  room.kind === 'match'
    ? [matchMessageReads.matchId, matchMessageReads.userId]
    : [matchMessageReads.groupId, matchMessageReads.userId];

/** The read-marker row of one member in one room. */
export const readsOf = (room: TChatRoom, userId: number): SQL | undefined =>
  and(
    room.kind === 'match'
      ? eq(matchMessageReads.matchId, room.id)
      : eq(matchMessageReads.groupId, room.id),
    eq(matchMessageReads.userId, userId),
  );

/**
 * Who may see a match's chat: its organiser and participants (read and write), its waiting list
 * (read only, to follow what is arranged). Anyone else gets a French 403, as for the participants'
 * list, and a match that does not exist a 404; so does a private one, to whoever has no standing in
 * it (`hasStanding`: a requester, a member of its group may know it exists).
 */
async function matchChatAccess(
  tx: DbOrTx,
  actor: SessionUser,
  matchId: number,
  lock: boolean,
): Promise<ChatAccess> {
  // The match id as a value, not `${matches.id}`: in a one-table select drizzle writes its columns
  // unqualified, and a bare "id" inside the subquery is match_waitlist's own id, not the match's.
  const query = tx
    .select({
      createdBy: matches.createdBy,
      visibility: matches.visibility,
      isIn: sql<boolean>`exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matchId}::int and mp.user_id = ${actor.id}::int)`,
      isWaiting: sql<boolean>`exists (select 1 from ${matchWaitlist} mw where mw.match_id = ${matchId}::int and mw.user_id = ${actor.id}::int)`,
    })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(MSG.match.notFound);
  if (row.createdBy === actor.id) return { role: 'organiser', canWrite: true };
  if (row.isIn) return { role: 'participant', canWrite: true };
  if (row.isWaiting) return { role: 'waiting', canWrite: false };
  // A private match's id must not be probed: to a stranger it does not exist (matches/room.ts).
  if (row.visibility === 'private' && !(await hasStanding(tx, matchId, actor.id)))
    throw notFound(MSG.match.notFound);
  throw forbidden(MSG.chat.forbidden);
}

/**
 * Who may see a group's chat: its members, who all read and write. Anyone else, site admins
 * included, gets the 404 of a group that does not exist: the chat does not reveal the group.
 * `lock` takes the group row FOR NO KEY UPDATE: chat writes of one group queue on it (revisions
 * commit in order) without blocking the inserts that reference the group (a member joining).
 */
async function groupChatAccess(
  tx: DbOrTx,
  actor: SessionUser,
  groupId: number,
  lock: boolean,
): Promise<ChatAccess> {
  const query = tx
    .select({
      isMember: sql<boolean>`exists (select 1 from ${groupMembers} gm where gm.group_id = ${groups.id} and gm.user_id = ${actor.id})`,
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  const [row] = await (lock ? query.for('no key update') : query);
  if (!row?.isMember) throw notFound(GROUP_MSG.notFound);
  return { role: 'member', canWrite: true };
}

/**
 * Who may see a room's chat (see the two rules above), read from the database on every call, so a
 * player who leaves the match or the group loses access at once. `lock` takes the room's row: every
 * chat write holds it until commit, so message revisions commit in the order they were numbered.
 */
export function chatAccess(
  tx: DbOrTx,
  actor: SessionUser,
  room: TChatRoom,
  lock = false,
): Promise<ChatAccess> {
  return room.kind === 'match'
    ? matchChatAccess(tx, actor, room.id, lock)
    : groupChatAccess(tx, actor, room.id, lock);
}

/** The same, locked, refusing the waiting list (403: read only). */
export async function chatWriter(tx: DbOrTx, actor: SessionUser, room: TChatRoom) {
  const access = await chatAccess(tx, actor, room, true);
  if (!access.canWrite) throw forbidden(MSG.chat.readOnly);
  return access;
}

/**
 * Locks a room's row without checking anyone's access (system messages, admin moderation): the
 * lock every chat write holds. Answers whether the room exists.
 */
export async function lockRoom(tx: DbOrTx, room: TChatRoom): Promise<boolean> {
  const rows =
    room.kind === 'match'
      ? await tx
          .select({ id: matches.id })
          .from(matches)
          .where(eq(matches.id, room.id))
          .for('update')
      : await tx
          .select({ id: groups.id })
          .from(groups)
          .where(eq(groups.id, room.id))
          .for('no key update');
  return rows.length > 0;
}
