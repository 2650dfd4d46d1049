import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { groupMatches, groupMembers, matchRequests, matchWaitlist } from '../../../db/schema';

/**
 * Who belongs to a room (a match's, a group's), read by chat, matches and groups alike: kept below
 * those domains so none of them has to import another to know its members.
 */

/**
 * Whether someone without the link has a standing in a private match: they wait for a place or
 * asked to join (both came through the link once), or they are a member of the group it was made
 * for (a match kept to its group is private to everyone else). Organiser and participants are
 * checked by the callers, which already know them.
 */
export async function hasStanding(tx: DbOrTx, matchId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({
      ok: sql<boolean>`exists (select 1 from ${matchWaitlist} w where w.match_id = ${matchId}::int and w.user_id = ${userId}::int)
        or exists (select 1 from ${matchRequests} r where r.match_id = ${matchId}::int and r.user_id = ${userId}::int)
        or exists (select 1 from ${groupMatches} g join ${groupMembers} gm on gm.group_id = g.group_id
                    where g.match_id = ${matchId}::int and gm.user_id = ${userId}::int)`,
    })
    .from(sql`(select 1) as one`);
  return row?.ok ?? false;
}

/** Every member's id (the people a group notice goes to). */
export async function memberIds(tx: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.id);
}
