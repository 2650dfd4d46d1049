import { z } from 'zod';
import { ZMatchIdInput } from '../../common/schemas/matches';
import { ZId } from '../../common/schemas/primitives';
import {
  ZAdminContested,
  ZContestResultInput,
  ZDecideResultInput,
  ZEnterResultInput,
  ZLevelDistribution,
  ZMatchResultState,
  ZNoShowAnswer,
  ZNoShowContestInput,
  ZNoShowDecideInput,
  ZNoShowInput,
  ZPlayerProfile,
  ZRatingHistory,
  ZRatingSettings,
  ZResultAnswer,
  ZResultLine,
  ZResultStateInput,
  ZSuggestionAnswer,
  ZUserIdInput,
} from '../../common/schemas/results';
import {
  acceptSuggestion,
  getRatingSettings,
  keepLevel,
  levelDistribution,
  listContested,
  ratingOf,
  setRatingSettings,
} from '../services/results/admin';
import { contestNoShow, decideNoShow, markNoShow } from '../services/results/no-shows';
import { getProfile } from '../services/results/profile';
import {
  confirmResult,
  contestResult,
  decideResult,
  enterResult,
} from '../services/results/results';
import { getResultState, resultLines } from '../services/results/state';
import { adminProcedure, authedProcedure, parsed, router } from '../trpc/init';
import { giveLevelFeedback } from '../services/results/level-feedback';
import { ZFeedbackAnswer, ZLevelFeedbackInput } from '../../common/schemas/leaderboard';

/** Results, profiles, level suggestions and reliability (issue 26). */
export const resultsRouter = router({
  enter: authedProcedure
    .input(ZEnterResultInput)
    .output(parsed(ZResultAnswer))
    .mutation(({ ctx, input }) => enterResult(ctx.deps, ctx.user, input)),
  confirm: authedProcedure
    .input(ZMatchIdInput)
    .output(parsed(ZResultAnswer))
    .mutation(({ ctx, input }) => confirmResult(ctx.deps, ctx.user, input.id)),
  contest: authedProcedure
    .input(ZContestResultInput)
    .output(parsed(ZResultAnswer))
    .mutation(({ ctx, input }) => contestResult(ctx.deps, ctx.user, input)),
  levelFeedback: authedProcedure
    .input(ZLevelFeedbackInput)
    .output(parsed(ZFeedbackAnswer))
    .mutation(({ ctx, input }) => giveLevelFeedback(ctx.deps, ctx.user, input)),
  forMatch: authedProcedure
    .input(ZResultStateInput)
    .output(parsed(ZMatchResultState))
    .query(({ ctx, input }) => getResultState(ctx.deps, ctx.user, input.id, input.token)),
  lines: authedProcedure
    .input(z.object({ ids: z.array(ZId).max(200) }))
    .output(parsed(z.array(ZResultLine)))
    .query(({ ctx, input }) => resultLines(ctx.deps, ctx.user, input.ids)),
  markNoShow: authedProcedure
    .input(ZNoShowInput)
    .output(parsed(ZNoShowAnswer))
    .mutation(({ ctx, input }) => markNoShow(ctx.deps, ctx.user, input)),
  contestNoShow: authedProcedure
    .input(ZNoShowContestInput)
    .output(parsed(ZNoShowAnswer))
    .mutation(({ ctx, input }) => contestNoShow(ctx.deps, ctx.user, input)),
  profile: authedProcedure
    .input(ZUserIdInput)
    .output(parsed(ZPlayerProfile))
    .query(({ ctx, input }) => getProfile(ctx.deps, ctx.user, input.id)),
  acceptSuggestion: authedProcedure
    .input(z.void())
    .output(parsed(ZSuggestionAnswer))
    .mutation(({ ctx }) => acceptSuggestion(ctx.deps, ctx.user)),
  keepLevel: authedProcedure
    .input(z.void())
    .output(parsed(ZSuggestionAnswer))
    .mutation(({ ctx }) => keepLevel(ctx.deps, ctx.user)),
  adminContested: adminProcedure
    .input(z.void())
    .output(parsed(ZAdminContested))
    .query(({ ctx }) => listContested(ctx.deps, ctx.user)),
  adminDecide: adminProcedure
    .input(ZDecideResultInput)
    .output(parsed(ZResultAnswer))
    .mutation(({ ctx, input }) => decideResult(ctx.deps, ctx.user, input)),
  adminDecideNoShow: adminProcedure
    .input(ZNoShowDecideInput)
    .output(parsed(ZNoShowAnswer))
    .mutation(({ ctx, input }) => decideNoShow(ctx.deps, input)),
  adminRating: adminProcedure
    .input(ZUserIdInput)
    .output(parsed(ZRatingHistory))
    .query(({ ctx, input }) => ratingOf(ctx.deps, input.id)),
  adminDistribution: adminProcedure
    .input(z.void())
    .output(parsed(ZLevelDistribution))
    .query(({ ctx }) => levelDistribution(ctx.deps)),
  adminSettings: adminProcedure
    .input(z.void())
    .output(parsed(ZRatingSettings))
    .query(({ ctx }) => getRatingSettings(ctx.deps)),
  adminSetSettings: adminProcedure
    .input(ZRatingSettings)
    .output(parsed(ZRatingSettings))
    .mutation(({ ctx, input }) => setRatingSettings(ctx.deps, input)),
});
