import { eq } from 'drizzle-orm';
import { shortTime } from '../../../common/schedule';
import type { TGroupsExport } from '../../../common/schemas/groups';
import type { DbOrTx } from '../../../db/client';
import {
  groupBans,
  groupMembers,
  groups,
  groupSlots,
  pollAnswers,
  polls,
} from '../../../db/schema';

/** Every groups row about one player, for the personal-data export (their own rows only). */
export async function exportGroupData(db: DbOrTx, userId: number): Promise<TGroupsExport> {
  const [memberships, slots, pollRows, answers, removals, removalsMade] = await Promise.all([
    db
      .select({
        id: groups.id,
        name: groups.name,
        isAdmin: groupMembers.isAdmin,
        createdBy: groups.createdBy,
        joinedAt: groupMembers.joinedAt,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId)),
    db
      .select({
        id: groupSlots.id,
        group_id: groupSlots.groupId,
        weekday: groupSlots.weekday,
        time: groupSlots.time,
      })
      .from(groupSlots)
      .where(eq(groupSlots.ownerId, userId)),
    db
      .select({ id: polls.id, group_id: polls.groupId, closesAt: polls.closesAt })
      .from(polls)
      .where(eq(polls.createdBy, userId)),
    db
      .select({
        slot_id: pollAnswers.slotId,
        answer: pollAnswers.answer,
        answeredAt: pollAnswers.answeredAt,
      })
      .from(pollAnswers)
      .where(eq(pollAnswers.userId, userId)),
    db
      .select({ group_id: groupBans.groupId, group_name: groups.name, at: groupBans.createdAt })
      .from(groupBans)
      .innerJoin(groups, eq(groups.id, groupBans.groupId))
      .where(eq(groupBans.userId, userId)),
    db
      .select({ group_id: groupBans.groupId, at: groupBans.createdAt })
      .from(groupBans)
      .where(eq(groupBans.bannedBy, userId)),
  ]);
  return {
    groups: memberships.map((m) => ({
      id: m.id,
      name: m.name,
      is_admin: m.isAdmin,
      created_by_me: m.createdBy === userId,
      joined_at: m.joinedAt.toISOString(),
    })),
    group_slots: slots.map((s) => ({ ...s, time: shortTime(s.time) })),
    polls_created: pollRows.map((p) => ({
      id: p.id,
      group_id: p.group_id,
      closes_at: p.closesAt.toISOString(),
    })),
    poll_answers: answers.map((a) => ({
      slot_id: a.slot_id,
      answer: a.answer,
      answered_at: a.answeredAt.toISOString(),
    })),
    group_removals: removals.map((r) => ({
      group_id: r.group_id,
      group_name: r.group_name,
      removed_at: r.at.toISOString(),
    })),
    group_removals_made: removalsMade.map((r) => ({
      group_id: r.group_id,
      removed_at: r.at.toISOString(),
    })),
  };
}
