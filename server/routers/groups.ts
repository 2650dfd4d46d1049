import { tracked } from '@trpc/server';
import { z } from 'zod';
import { GROUP_MSG } from '../../common/messages-groups';
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
  ZReinviteInput,
  ZRemoveMemberInput,
  ZSkipSlotInput,
  ZUpdateGroupInput,
  ZUpdateSlotInput,
} from '../../common/schemas/groups';
import { ZMatch } from '../../common/schemas/matches';
import { createGroupMatch } from '../services/groups/group-matches';
import { groupLeaderboard } from '../services/seasons/leaderboard';
import {
  ZGroupVerifyInput,
  ZLeaderboard,
  ZLeaderboardInput,
  ZVerifiedAnswer,
} from '../../common/schemas/leaderboard';
import { groupSetLevelVerified } from '../services/seasons/level-verified';
import {
  createGroup,
  deleteGroup,
  getGroup,
  joinGroup,
  leaveGroup,
  listMyGroups,
  reinviteMember,
  removeMember,
  renewInviteToken,
  updateGroup,
} from '../services/groups/groups';
import { groupEvents } from '../services/live/group-stream';
import { pollEvents } from '../services/live/poll-stream';
import { answerPoll, createPoll, getPoll } from '../services/groups/polls';
import { liveHubOf } from '../services/live/hub';
import { endedError } from '../services/live/streams';
import { AppError, notFound } from '../lib/errors';
import { createSlot, deleteSlot, skipSlotDate, updateSlot } from '../services/groups/slots';
import { authedProcedure, parsed, router, toTRPCError } from '../trpc/init';

/** Errors thrown inside a subscription's stream do not pass the procedure middlewares. */
const asTrpc = (e: unknown) => (e instanceof AppError ? toTRPCError(e) : e);

export const groupsRouter = router({
  leaderboard: authedProcedure
    .input(ZLeaderboardInput)
    .output(parsed(ZLeaderboard))
    .query(({ ctx, input }) => groupLeaderboard(ctx.deps, ctx.user, input.id, input.days)),
  setLevelVerified: authedProcedure
    .input(ZGroupVerifyInput)
    .output(parsed(ZVerifiedAnswer))
    .mutation(({ ctx, input }) => groupSetLevelVerified(ctx.deps, ctx.user, input)),
  mine: authedProcedure
    .input(z.void())
    .output(parsed(z.array(ZGroupSummary)))
    .query(({ ctx }) => listMyGroups(ctx.deps, ctx.user)),
  create: authedProcedure
    .input(ZCreateGroupInput)
    .output(parsed(ZGroupSummary))
    .mutation(({ ctx, input }) => createGroup(ctx.deps, ctx.user, input)),
  join: authedProcedure
    .input(ZJoinGroupInput)
    .output(parsed(ZGroupSummary.extend({ message: z.string() })))
    .mutation(({ ctx, input }) => joinGroup(ctx.deps, ctx.user, input.token)),
  byId: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZGroupDetail))
    .query(({ ctx, input }) => getGroup(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateGroupInput)
    .output(parsed(ZGroupSummary))
    .mutation(({ ctx, input }) => updateGroup(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => deleteGroup(ctx.deps, ctx.user, input.id)),
  leave: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => leaveGroup(ctx.deps, ctx.user, input.id)),
  removeMember: authedProcedure
    .input(ZRemoveMemberInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => removeMember(ctx.deps, ctx.user, input)),
  renewInvite: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZGroupSummary.extend({ message: z.string() })))
    .mutation(({ ctx, input }) => renewInviteToken(ctx.deps, ctx.user, input.id)),
  reinvite: authedProcedure
    .input(ZReinviteInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => reinviteMember(ctx.deps, ctx.user, input)),
  createMatch: authedProcedure
    .input(ZGroupMatchInput)
    .output(parsed(ZMatch))
    .mutation(({ ctx, input }) => createGroupMatch(ctx.deps, ctx.user, input)),
  createSlot: authedProcedure
    .input(ZCreateSlotInput)
    .output(parsed(ZGroupSlot))
    .mutation(({ ctx, input }) => createSlot(ctx.deps, ctx.user, input)),
  updateSlot: authedProcedure
    .input(ZUpdateSlotInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => updateSlot(ctx.deps, ctx.user, input)),
  deleteSlot: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => deleteSlot(ctx.deps, ctx.user, input.id)),
  skipSlotDate: authedProcedure
    .input(ZSkipSlotInput)
    .output(parsed(ZGroupResult))
    .mutation(({ ctx, input }) => skipSlotDate(ctx.deps, ctx.user, input)),
  createPoll: authedProcedure
    .input(ZCreatePollInput)
    .output(parsed(ZPoll))
    .mutation(({ ctx, input }) => createPoll(ctx.deps, ctx.user, input)),
  poll: authedProcedure
    .input(ZGroupIdInput)
    .output(parsed(ZPoll))
    .query(({ ctx, input }) => getPoll(ctx.deps, ctx.user, input.id)),
  answerPoll: authedProcedure
    .input(ZPollAnswersInput)
    .output(parsed(ZPoll))
    .mutation(({ ctx, input }) => answerPoll(ctx.deps, ctx.user, input)),
  /**
   * The poll as `poll` answers it, at once and after every answer, its match or its closing, on any
   * instance. Event ids are the poll's version: a reconnecting client (`lastEventId`) gets the
   * poll at once only if it changed meanwhile.
   */
  /**
   * The group page as `byId` answers it, at once and after every change of its members, matches,
   * weekly slots or polls, on any instance. Members only: anyone else gets the 404 of an unknown
   * group.
   */
  onChange: authedProcedure.input(ZGroupIdInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    try {
      const events = groupEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.id, { signal });
      for await (const e of events) {
        if (e.type === 'group') yield e.group;
        else if (e.type === 'gone') throw notFound(GROUP_MSG.notFound);
        else throw endedError(e.reason);
      }
    } catch (e) {
      throw asTrpc(e);
    }
  }),
  onPoll: authedProcedure
    .input(ZGroupIdInput.extend({ lastEventId: z.string().max(40).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      try {
        const events = pollEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.id, {
          lastEventId: input.lastEventId,
          signal,
        });
        for await (const e of events) {
          if (e.type === 'poll') yield tracked(e.version, e.poll);
          else if (e.type === 'deleted') throw notFound(GROUP_MSG.pollNotFound);
          else if (e.type === 'ended') throw endedError(e.reason);
        }
      } catch (e) {
        throw asTrpc(e);
      }
    }),
});
