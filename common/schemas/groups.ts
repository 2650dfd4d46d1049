import { z } from 'zod';
import { GROUP_MSG } from '../messages-groups';
import { ZMatch, ZMatchFields } from './matches';
import { boundedInt, calendarDate, safeMultilineText, safeText, ZId } from './primitives';

/** Group, weekly slot and poll inputs and outputs, shared by tRPC, REST and the client forms. */

const ZName = safeText({ error: GROUP_MSG.nameRequired })
  .trim()
  .min(1, GROUP_MSG.nameRequired)
  .max(60, GROUP_MSG.nameRequired);
// Trimmed, so a description of blanks or invisible characters is the empty one (none shown).
const ZDescription = safeMultilineText({ error: GROUP_MSG.descriptionTooLong })
  .trim()
  .max(300, GROUP_MSG.descriptionTooLong);
const ZPriorityHours = boundedInt(0, 168, GROUP_MSG.priorityInvalid);

export const ZCreateGroupInput = z.object({ name: ZName, description: ZDescription.optional() });
export type TCreateGroupInput = z.infer<typeof ZCreateGroupInput>;

/** The random part of `/g/<token>` (base64url). */
export const ZInviteToken = z
  .string({ error: GROUP_MSG.inviteInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, GROUP_MSG.inviteInvalid);
export const ZJoinGroupInput = z.object({ token: ZInviteToken });

export const ZGroupIdInput = z.object({ id: ZId });
export const ZUpdateGroupInput = ZGroupIdInput.extend({
  name: ZName.optional(),
  description: ZDescription.optional(),
  priority_hours: ZPriorityHours.optional(),
});
export type TUpdateGroupInput = z.infer<typeof ZUpdateGroupInput>;
export const ZRemoveMemberInput = ZGroupIdInput.extend({ userId: ZId });
/** A group admin lets a removed player use the invite link again. */
export const ZReinviteInput = ZRemoveMemberInput;

/** A match "pour le groupe": the match form, plus whether it stays inside the group for good. */
export const ZGroupMatchInput = ZMatchFields.extend({
  id: ZId,
  group_only: z.boolean().optional(),
});
export type TGroupMatchInput = z.infer<typeof ZGroupMatchInput>;

export const ZSlotFields = ZMatchFields.omit({ date: true }).extend({
  weekday: boundedInt(1, 7, GROUP_MSG.weekdayInvalid),
  days_ahead: boundedInt(0, 60, GROUP_MSG.daysAheadInvalid).optional(),
  group_only: z.boolean().optional(),
});
export const ZCreateSlotInput = ZSlotFields.extend({ id: ZId });
export type TCreateSlotInput = z.infer<typeof ZCreateSlotInput>;
export const ZUpdateSlotInput = z.object({ id: ZId, paused: z.boolean() });
export const ZSkipSlotInput = z.object({
  id: ZId,
  date: calendarDate(GROUP_MSG.skipWrongDay),
});

export const POLL_ANSWERS = ['oui', 'non', 'peut-être'] as const;
/** Padel is played at four: a poll's match has these places, whatever its count of « oui ». */
export const POLL_MATCH_PLACES = 4;
export type TPollAnswer = (typeof POLL_ANSWERS)[number];
const ZPollSlot = z.object({
  place_id: ZMatchFields.shape.place_id,
  date: ZMatchFields.shape.date,
  time: ZMatchFields.shape.time,
});
export const ZCreatePollInput = z.object({
  id: ZId,
  slots: z
    .array(ZPollSlot, { error: GROUP_MSG.pollSlotsCount })
    .min(2, GROUP_MSG.pollSlotsCount)
    .max(5, GROUP_MSG.pollSlotsCount),
  closes_at: z.iso.datetime({ offset: true, error: GROUP_MSG.pollClosesInvalid }),
  size: boundedInt(2, 20, GROUP_MSG.pollSizeInvalid).optional(),
});
export type TCreatePollInput = z.infer<typeof ZCreatePollInput>;
export const ZPollAnswersInput = z.object({
  id: ZId,
  answers: z.record(
    z.string().regex(/^\d{1,10}$/, GROUP_MSG.pollSlotUnknown),
    z.enum(POLL_ANSWERS, { error: GROUP_MSG.pollAnswerInvalid }),
    { error: GROUP_MSG.pollAnswerInvalid },
  ),
});
export type TPollAnswersInput = z.infer<typeof ZPollAnswersInput>;

export const ZGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_admin: z.boolean(),
  member_count: z.number().int(),
  invite_token: z.string(),
  priority_hours: z.number().int(),
});
export type TGroupSummary = z.infer<typeof ZGroupSummary>;

export const ZGroupMember = z.object({
  user_id: z.number().int(),
  /** "Prénom N.": members are not co-players. */
  name: z.string(),
  level: z.string().nullable(),
  /** « Niveau vérifié » by an admin or a group admin (issue 43), for the current level. */
  level_verified: z.boolean(),
  is_admin: z.boolean(),
});
export const ZGroupMatch = ZMatch.extend({
  group_only: z.boolean(),
  public_at: z.string().nullable(),
});
export const ZGroupSlot = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  weekday: z.number().int(),
  time: z.string(),
  place_id: z.number().int(),
  place_name: z.string(),
  levels: z.array(z.string()),
  slots: z.number().int(),
  days_ahead: z.number().int(),
  paused: z.boolean(),
  group_only: z.boolean(),
  skipped_dates: z.array(z.string()),
});
export type TGroupSlot = z.infer<typeof ZGroupSlot>;
export const ZPollSummary = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'matched', 'closed']),
  closes_at: z.string(),
  match_id: z.number().int().nullable(),
});
/** Someone a group admin took out: barred from the invite link until re-invited. */
export const ZRemovedMember = z.object({
  user_id: z.number().int(),
  /** "Prénom N.", as members are shown. */
  name: z.string(),
  removed_at: z.string(),
});
export const ZGroupDetail = ZGroupSummary.extend({
  members: z.array(ZGroupMember),
  /** Who was removed and may be re-invited: group admins only (empty for other members). */
  removed: z.array(ZRemovedMember),
  matches: z.array(ZGroupMatch),
  slots: z.array(ZGroupSlot),
  polls: z.array(ZPollSummary),
});
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

export const ZPollCounts = z.object({
  oui: z.number().int(),
  non: z.number().int(),
  'peut-être': z.number().int(),
});
export const ZPoll = ZPollSummary.extend({
  /** The slot that became the match (null until one did). */
  matched_slot_id: z.number().int().nullable(),
  group_id: z.number().int(),
  group_name: z.string(),
  size: z.number().int(),
  slots: z.array(
    z.object({
      id: z.number().int(),
      place_id: z.number().int(),
      place_name: z.string(),
      date: z.string(),
      time: z.string(),
      counts: ZPollCounts,
      /** Who answered what, as "Prénom N." (members are not co-players), in answer order. */
      names: z.object({
        oui: z.array(z.string()),
        non: z.array(z.string()),
        'peut-être': z.array(z.string()),
      }),
      my_answer: z.enum(POLL_ANSWERS).nullable(),
    }),
  ),
});
export type TPoll = z.infer<typeof ZPoll>;

export const ZGroupResult = z.object({ success: z.boolean(), message: z.string() });

/** The groups part of "Télécharger mes données": memberships, owned slots, polls and answers. */
export const ZGroupsExport = z.object({
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      is_admin: z.boolean(),
      created_by_me: z.boolean(),
      joined_at: z.string(),
    }),
  ),
  group_slots: z.array(
    z.object({
      id: z.number().int(),
      group_id: z.number().int(),
      weekday: z.number().int(),
      time: z.string(),
    }),
  ),
  polls_created: z.array(
    z.object({ id: z.number().int(), group_id: z.number().int(), closes_at: z.string() }),
  ),
  poll_answers: z.array(
    z.object({ slot_id: z.number().int(), answer: z.string(), answered_at: z.string() }),
  ),
  /** The groups one was removed from (barred from their link until re-invited). */
  group_removals: z.array(
    z.object({ group_id: z.number().int(), group_name: z.string(), removed_at: z.string() }),
  ),
  /** The removals one made as a group admin: the group and when (not who: that is theirs). */
  group_removals_made: z.array(z.object({ group_id: z.number().int(), removed_at: z.string() })),
});
export type TGroupsExport = z.infer<typeof ZGroupsExport>;
