import { z } from 'zod';
import {
  ZCreateGroupInput,
  ZCreatePollInput,
  ZCreateSlotInput,
  ZGroupDetail,
  ZGroupIdInput,
  ZGroupMatchInput,
  ZGroupResult,
  ZGroupSlot,
  ZGroupSummary,
  ZJoinGroupInput,
  ZPoll,
  ZPollAnswersInput,
  ZRemoveMemberInput,
  ZSkipSlotInput,
  ZUpdateGroupInput,
  ZUpdateSlotInput,
} from '../../common/schemas/groups';
import { ZMatch } from '../../common/schemas/matches';
import { createGroupMatch } from '../services/groups/group-matches';
import {
  createGroup,
  deleteGroup,
  getGroup,
  joinGroup,
  leaveGroup,
  listMyGroups,
  removeMember,
  updateGroup,
} from '../services/groups/groups';
import { answerPoll, createPoll, getPoll } from '../services/groups/polls';
import { createSlot, deleteSlot, skipSlotDate, updateSlot } from '../services/groups/slots';
import { authedProcedure, router } from '../trpc/init';

export const groupsRouter = router({
  mine: authedProcedure
    .input(z.void())
    .output(z.array(ZGroupSummary))
    .query(({ ctx }) => listMyGroups(ctx.deps, ctx.user)),
  create: authedProcedure
    .input(ZCreateGroupInput)
    .output(ZGroupSummary)
    .mutation(({ ctx, input }) => createGroup(ctx.deps, ctx.user, input)),
  join: authedProcedure
    .input(ZJoinGroupInput)
    .output(ZGroupSummary.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => joinGroup(ctx.deps, ctx.user, input.token)),
  byId: authedProcedure
    .input(ZGroupIdInput)
    .output(ZGroupDetail)
    .query(({ ctx, input }) => getGroup(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateGroupInput)
    .output(ZGroupSummary)
    .mutation(({ ctx, input }) => updateGroup(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZGroupIdInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => deleteGroup(ctx.deps, ctx.user, input.id)),
  leave: authedProcedure
    .input(ZGroupIdInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => leaveGroup(ctx.deps, ctx.user, input.id)),
  removeMember: authedProcedure
    .input(ZRemoveMemberInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => removeMember(ctx.deps, ctx.user, input)),
  createMatch: authedProcedure
    .input(ZGroupMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) => createGroupMatch(ctx.deps, ctx.user, input)),
  createSlot: authedProcedure
    .input(ZCreateSlotInput)
    .output(ZGroupSlot)
    .mutation(({ ctx, input }) => createSlot(ctx.deps, ctx.user, input)),
  updateSlot: authedProcedure
    .input(ZUpdateSlotInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => updateSlot(ctx.deps, ctx.user, input)),
  deleteSlot: authedProcedure
    .input(ZGroupIdInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => deleteSlot(ctx.deps, ctx.user, input.id)),
  skipSlotDate: authedProcedure
    .input(ZSkipSlotInput)
    .output(ZGroupResult)
    .mutation(({ ctx, input }) => skipSlotDate(ctx.deps, ctx.user, input)),
  createPoll: authedProcedure
    .input(ZCreatePollInput)
    .output(ZPoll)
    .mutation(({ ctx, input }) => createPoll(ctx.deps, ctx.user, input)),
  poll: authedProcedure
    .input(ZGroupIdInput)
    .output(ZPoll)
    .query(({ ctx, input }) => getPoll(ctx.deps, ctx.user, input.id)),
  answerPoll: authedProcedure
    .input(ZPollAnswersInput)
    .output(ZPoll)
    .mutation(({ ctx, input }) => answerPoll(ctx.deps, ctx.user, input)),
});
