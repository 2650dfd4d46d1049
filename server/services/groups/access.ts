import { and, eq } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import type { DbOrTx } from '../../../db/client';
import { groupMembers, groups } from '../../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';

export interface Membership {
  groupId: number;
  name: string;
  priorityHours: number;
  isAdmin: boolean;
}

/**
 * The actor's place in a group: a missing group is a 404, and so is a group the actor is not in
 * (site admins included: they run the site, not the players' circles), with the same French text,
 * so an outsider cannot tell a group from an unknown id. `missing` is that text (the poll or slot
 * door's own « introuvable » when the group was reached through one). `adminOnly` refuses plain
 * members with a 403 (they know the group). `lock` takes the group row FOR UPDATE, so membership
 * changes of one group run one at a time.
 */
export async function membershipOf(
  tx: DbOrTx,
  actor: SessionUser,
  groupId: number,
  {
    adminOnly = false,
    lock = false,
    missing = GROUP_MSG.notFound,
  }: { adminOnly?: boolean; lock?: boolean; missing?: string } = {},
): Promise<Membership> {
  const q = tx
    .select({ id: groups.id, name: groups.name, priorityHours: groups.priorityHours })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  const [group] = lock ? await q.for('update') : await q;
  if (!group) throw notFound(missing);
  const [member] = await tx
    .select({ isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)))
    .limit(1);
  if (!member) throw notFound(missing);
  if (adminOnly && !member.isAdmin) throw forbidden(GROUP_MSG.adminOnly);
  return {
    groupId,
    name: group.name,
    priorityHours: group.priorityHours,
    isAdmin: member.isAdmin,
  };
}
