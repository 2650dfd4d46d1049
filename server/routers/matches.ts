import { z } from 'zod';
import {
  ZCreateMatchInput,
  ZDeleteMatchInput,
  ZDeleteResult,
  ZListMatchesInput,
  ZMatch,
  ZMatchDetail,
  ZMatchIdInput,
  ZMatchPage,
  ZMatchResult,
  ZMyMatches,
  ZParticipant,
  ZRemoveParticipantInput,
  ZSchedule,
  ZUpdateMatchInput,
} from '../../common/schemas/matches';
import { getMatchDetail } from '../services/matches/detail';
import { createMatch, deleteMatch, updateMatch } from '../services/matches/mutations';
import { removeParticipant } from '../services/matches/organiser';
import { joinMatch, leaveMatch } from '../services/matches/participation';
import { listMatches, listMyMatches, listParticipants } from '../services/matches/queries';
import { getSchedule } from '../services/matches/rules';
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from '../services/matches/waitlist';
import { ZMyWaitlist, ZWaitlistResult } from '../../common/schemas/waitlist';
import { authedProcedure, publicProcedure, router } from '../trpc/init';

export const matchesRouter = router({
  schedule: publicProcedure
    .input(z.void())
    .output(ZSchedule)
    .query(({ ctx }) => getSchedule(ctx.deps)),
  list: publicProcedure
    .input(ZListMatchesInput)
    .output(ZMatchPage)
    .query(({ ctx, input }) => listMatches(ctx.deps, input)),
  byId: authedProcedure
    .input(ZMatchIdInput)
    .output(ZMatchDetail)
    .query(({ ctx, input }) => getMatchDetail(ctx.deps, ctx.user, input.id)),
  create: authedProcedure
    .input(ZCreateMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) => createMatch(ctx.deps, ctx.user, input)),
  join: authedProcedure
    .input(ZMatchIdInput)
    .output(ZMatchResult)
    .mutation(({ ctx, input }) => joinMatch(ctx.deps, ctx.user, input.id)),
  leave: authedProcedure
    .input(ZMatchIdInput)
    .output(ZMatchResult)
    .mutation(({ ctx, input }) => leaveMatch(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateMatchInput)
    .output(ZMatch)
    .mutation(({ ctx, input }) => updateMatch(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZDeleteMatchInput)
    .output(ZDeleteResult)
    .mutation(({ ctx, input }) => deleteMatch(ctx.deps, ctx.user, input)),
  removeParticipant: authedProcedure
    .input(ZRemoveParticipantInput)
    .output(ZMatchResult)
    .mutation(({ ctx, input }) => removeParticipant(ctx.deps, ctx.user, input)),
  participants: authedProcedure
    .input(ZMatchIdInput)
    .output(z.array(ZParticipant))
    .query(({ ctx, input }) => listParticipants(ctx.deps, ctx.user, input.id)),
  joinWaitlist: authedProcedure
    .input(ZMatchIdInput)
    .output(ZWaitlistResult)
    .mutation(({ ctx, input }) => joinWaitlist(ctx.deps, ctx.user, input.id)),
  leaveWaitlist: authedProcedure
    .input(ZMatchIdInput)
    .output(ZDeleteResult)
    .mutation(({ ctx, input }) => leaveWaitlist(ctx.deps, ctx.user, input.id)),
  myWaitlist: authedProcedure
    .input(z.void())
    .output(ZMyWaitlist)
    .query(({ ctx }) => listMyWaitlist(ctx.deps, ctx.user)),
  mine: authedProcedure
    .input(z.void())
    .output(ZMyMatches)
    .query(({ ctx }) => listMyMatches(ctx.deps, ctx.user)),
});
