import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import { shortPublicName } from '../../../common/names';
import type {
  TCreateGroupInput,
  TGroupDetail,
  TGroupSummary,
  TUpdateGroupInput,
} from '../../../common/schemas/groups';
import { groupBans, groupMembers, groups, polls, users } from '../../../db/schema';
import { levelVerified } from '../levels';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { lockRoom } from '../chat/access';
import { announceChat } from '../chat/messages';
import { announceGroupChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { membershipOf } from './access';
import { upcomingGroupMatches } from './group-matches';
import { listSlots } from './slots';

type Result = { success: true; message: string };

/** 18 random bytes: 144 bits, so a link cannot be guessed; base64url keeps it URL-safe. */
const newInviteToken = () => randomBytes(18).toString('base64url');

const summaryColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  invite_token: groups.inviteToken,
  priority_hours: groups.priorityHours,
  is_admin: groupMembers.isAdmin,
  member_count: sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${groups.id})`,
};

/** Creates a group; its creator is its first member and admin, in one transaction. */
export async function createGroup(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  input: TCreateGroupInput,
): Promise<TGroupSummary> {
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(groups)
      .values({
        name: input.name,
        description: input.description ?? '',
        inviteToken: newInviteToken(),
        createdBy: actor.id,
      })
      .returning({ id: groups.id });
    if (!row) throw new Error('createGroup: insert returned nothing');
    await tx.insert(groupMembers).values({ groupId: row.id, userId: actor.id, isAdmin: true });
    return row.id;
  });
  return groupSummary(deps, actor, id);
}

async function groupSummary(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<TGroupSummary> {
  const [row] = await deps.db
    .select(summaryColumns)
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, actor.id)),
    )
    .where(eq(groups.id, id));
  if (!row) throw notFound(GROUP_MSG.notFound);
  return row;
}

/** The groups the player belongs to, by name. */
export async function listMyGroups(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
): Promise<TGroupSummary[]> {
  return deps.db
    .select(summaryColumns)
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, actor.id)),
    )
    .orderBy(asc(groups.name), asc(groups.id));
}

/**
 * Joins the group whose invite link holds `token`. Opening the link again is harmless: a member
 * gets the group back with « déjà membre » (the link is how they find it). The primary key on
 * (group, user) settles two joins at once to one row. The group's chat says who joined. Someone a
 * group admin removed is refused (French 403) until re-invited: the ban is read under the group's
 * row lock, which a removal and a re-invitation hold too, so a join cannot slip between them.
 */
export async function joinGroup(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  token: string,
): Promise<TGroupSummary & { message: string }> {
  const group = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.inviteToken, token))
      .limit(1);
    // The chat's lock before the member row: every group transaction takes the group row first.
    if (!found || !(await lockRoom(tx, { kind: 'group', id: found.id })))
      throw notFound(GROUP_MSG.inviteInvalid);
    const barred = await tx.$count(
      groupBans,
      and(eq(groupBans.groupId, found.id), eq(groupBans.userId, actor.id)),
    );
    if (barred > 0) throw forbidden(GROUP_MSG.barred);
    const added = await tx
      .insert(groupMembers)
      .values({ groupId: found.id, userId: actor.id })
      .onConflictDoNothing()
      .returning({ userId: groupMembers.userId });
    if (added.length > 0) {
      await recordEvent(tx, {
        type: 'group.member_joined',
        userId: actor.id,
        actorId: actor.id,
        payload: { groupId: found.id },
      });
      await announceGroupChange(tx, found.id);
    }
    return { ...found, added: added.length > 0 };
  });
  const message = group.added ? GROUP_MSG.joined(group.name) : GROUP_MSG.alreadyMember;
  return { ...(await groupSummary(deps, actor, group.id)), message };
}

/**
 * The group page: members as "Prénom N." with their level (members are not co-players, so no
 * phone nor e-mail), upcoming group matches, weekly slots and polls. Members only. Group admins
 * also get the players removed from the group, whom they may re-invite.
 */
export async function getGroup(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
): Promise<TGroupDetail> {
  const me = await membershipOf(deps.db, actor, id);
  const [summary, members, matches, slots, pollRows, removed] = await Promise.all([
    groupSummary(deps, actor, id),
    deps.db
      .select({
        user_id: users.id,
        name: users.name,
        level: users.level,
        level_verified: levelVerified,
        is_admin: groupMembers.isAdmin,
      })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, id))
      .orderBy(asc(groupMembers.joinedAt), asc(users.id)),
    upcomingGroupMatches(deps, id),
    listSlots(deps.db, id),
    deps.db
      .select({
        id: polls.id,
        status: polls.status,
        closes_at: polls.closesAt,
        match_id: polls.matchId,
      })
      .from(polls)
      .where(eq(polls.groupId, id))
      .orderBy(asc(polls.closesAt), asc(polls.id)),
    me.isAdmin
      ? deps.db
          .select({ user_id: users.id, name: users.name, removed_at: groupBans.createdAt })
          .from(groupBans)
          .innerJoin(users, eq(users.id, groupBans.userId))
          .where(eq(groupBans.groupId, id))
          .orderBy(asc(groupBans.createdAt), asc(users.id))
      : Promise.resolve([]),
  ]);
  return {
    ...summary,
    members: members.map((m) => ({ ...m, name: shortPublicName(m.name) })),
    removed: removed.map((r) => ({
      user_id: r.user_id,
      name: shortPublicName(r.name),
      removed_at: r.removed_at.toISOString(),
    })),
    matches,
    slots,
    polls: pollRows.map((p) => ({ ...p, closes_at: p.closes_at.toISOString() })),
  };
}

/** Renames the group, changes its description or its members' priority window; group admins only. */
export async function updateGroup(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, name, description, priority_hours }: TUpdateGroupInput,
): Promise<TGroupSummary> {
  await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true, lock: true });
    await tx
      .update(groups)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
        ...(priority_hours === undefined ? {} : { priorityHours: priority_hours }),
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id));
    await announceGroupChange(tx, id);
  });
  return groupSummary(deps, actor, id);
}

/**
 * Deletes the group, its members, slots, polls and chat; group admins only. Its matches stay
 * (players are in them) and keep their privacy (`group_matches.group_id` becomes null). Open
 * chat streams are poked, find the group gone and end.
 */
export async function deleteGroup(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<Result> {
  await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true, lock: true });
    await tx.delete(groups).where(eq(groups.id, id));
    await announceChat(tx, { kind: 'group', id });
    await announceGroupChange(tx, id);
  });
  return { success: true, message: GROUP_MSG.deleted };
}

/** Admins left once `leaving` is gone, counted under the group's row lock. */
async function adminsBesides(
  tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0],
  groupId: number,
  leaving: number,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.isAdmin, true),
        sql`${groupMembers.userId} <> ${leaving}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Leaves a group. The last admin may not leave a group that still has other members (it would
 * have nobody to run it); alone, leaving deletes the group. Under the group's row lock, so two
 * admins leaving at once cannot both pass the check.
 */
export async function leaveGroup(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<Result> {
  await deps.db.transaction(async (tx) => {
    const me = await membershipOf(tx, actor, id, { lock: true });
    const others = await tx.$count(
      groupMembers,
      and(eq(groupMembers.groupId, id), sql`${groupMembers.userId} <> ${actor.id}`),
    );
    if (others === 0) {
      await tx.delete(groups).where(eq(groups.id, id));
      await announceChat(tx, { kind: 'group', id });
      await announceGroupChange(tx, id);
      return;
    }
    if (me.isAdmin && (await adminsBesides(tx, id, actor.id)) === 0)
      throw badRequest(GROUP_MSG.lastAdmin);
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, actor.id)));
    await recordEvent(tx, {
      type: 'group.member_left',
      userId: actor.id,
      actorId: actor.id,
      payload: { groupId: id },
    });
    // What ends the leaver's open chat stream: it re-checks access on this change.
    await announceChat(tx, { kind: 'group', id });
    await announceGroupChange(tx, id);
  });
  return { success: true, message: GROUP_MSG.left };
}

/**
 * A group admin takes a member out of the group (not themselves: that is leaving). The removed
 * player is barred from the invite link (a `group_bans` row) until a group admin re-invites them.
 */
export async function removeMember(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, userId }: { id: number; userId: number },
): Promise<Result> {
  await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true, lock: true });
    if (userId === actor.id) throw badRequest(GROUP_MSG.removeSelf);
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw notFound(GROUP_MSG.notMember);
    await tx
      .insert(groupBans)
      .values({ groupId: id, userId, bannedBy: actor.id })
      .onConflictDoNothing();
    await recordEvent(tx, {
      type: 'group.member_removed',
      userId,
      actorId: actor.id,
      payload: { groupId: id },
    });
    // What ends the removed member's open chat stream: it re-checks access on this change.
    await announceChat(tx, { kind: 'group', id });
    await announceGroupChange(tx, id);
  });
  return { success: true, message: GROUP_MSG.removed };
}

/**
 * A group admin makes a new invite link: the old token stops working at once (whoever holds it
 * gets « lien pas valide »); members keep their place. The unique index keeps tokens distinct.
 */
export async function renewInviteToken(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<TGroupSummary & { message: string }> {
  await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true, lock: true });
    await tx
      .update(groups)
      .set({ inviteToken: newInviteToken(), updatedAt: sql`now()` })
      .where(eq(groups.id, id));
    await announceGroupChange(tx, id);
  });
  return { ...(await groupSummary(deps, actor, id)), message: GROUP_MSG.inviteRenewed };
}

/**
 * A group admin lets a removed player come back: their ban is lifted, and the invite link lets
 * them in again (they join themselves, as anyone). A French 404 when they were not removed.
 */
export async function reinviteMember(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, userId }: { id: number; userId: number },
): Promise<Result> {
  const name = await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true, lock: true });
    const lifted = await tx
      .delete(groupBans)
      .where(and(eq(groupBans.groupId, id), eq(groupBans.userId, userId)))
      .returning({ userId: groupBans.userId });
    if (lifted.length === 0) throw notFound(GROUP_MSG.notRemoved);
    await announceGroupChange(tx, id);
    const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return shortPublicName(who?.name ?? '');
  });
  return { success: true, message: GROUP_MSG.reinvited(name) };
}
