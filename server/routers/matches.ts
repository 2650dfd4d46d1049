import { z } from 'zod';
import { MSG } from '../../common/messages';
import {
  MATCH_PAGE_MAX,
  ZCreateMatchInput,
  ZDeleteMatchInput,
  ZDeleteResult,
  ZListMatchesInput,
  ZMatch,
  ZMatchDetail,
  ZMatchIdInput,
  ZMatchPage,
  ZMatchResult,
  ZCourtAnswer,
  ZMyMatches,
  ZParticipant,
  ZRemoveParticipantInput,
  ZSchedule,
  ZUpdateMatchInput,
} from '../../common/schemas/matches';
import { getMatchDetail } from '../services/matches/detail';
import { createMatch, deleteMatch, updateMatch } from '../services/matches/mutations';
import { releaseGuest, removeParticipant } from '../services/matches/organiser';
import { acceptRequest, createRequest, declineRequest } from '../services/matches/requests';
import {
  ZAnswerRequestInput,
  ZReleaseGuestInput,
  ZRequestInput,
  ZRequestResult,
  ZShareTokenQuery,
} from '../../common/schemas/room';
import { joinMatch, leaveMatch } from '../services/matches/participation';
import { setCourt, setPayment } from '../services/matches/court';
import { ZCourtInput, ZPaymentInput } from '../../common/schemas/court';
import { listMatchCards, listMyMatches, listParticipants } from '../services/matches/queries';
import { getSchedule } from '../services/matches/rules';
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from '../services/matches/waitlist';
import { ZMyWaitlist, ZWaitlistResult } from '../../common/schemas/waitlist';
import { tracked } from '@trpc/server';
import { AppError, notFound } from '../lib/errors';
import { liveHubOf } from '../services/live/hub';
import { cardChanges, endedError, matchEvents } from '../services/live/streams';
import { authedProcedure, parsed, publicProcedure, router, toTRPCError } from '../trpc/init';

/** Errors thrown inside a subscription's stream do not pass the procedure middlewares. */
const asTrpc = (e: unknown) => (e instanceof AppError ? toTRPCError(e) : e);

export const matchesRouter = router({
  schedule: publicProcedure
    .input(z.void())
    .output(parsed(ZSchedule))
    .query(({ ctx }) => getSchedule(ctx.deps)),
  list: publicProcedure
    .input(ZListMatchesInput)
    .output(parsed(ZMatchPage))
    .query(({ ctx, input }) => listMatchCards(ctx.deps, ctx.user, input)),
  byId: authedProcedure
    .input(ZMatchIdInput.extend(ZShareTokenQuery.shape))
    .output(parsed(ZMatchDetail))
    .query(({ ctx, input }) => getMatchDetail(ctx.deps, ctx.user, input.id, input.token)),
  create: authedProcedure
    .input(ZCreateMatchInput)
    .output(parsed(ZMatch))
    .mutation(({ ctx, input }) => createMatch(ctx.deps, ctx.user, input)),
  join: authedProcedure
    .input(ZMatchIdInput.extend(ZShareTokenQuery.shape))
    .output(parsed(ZMatchResult))
    .mutation(({ ctx, input }) => joinMatch(ctx.deps, ctx.user, input.id, input.token)),
  setCourt: authedProcedure
    .input(ZCourtInput)
    .output(parsed(ZCourtAnswer))
    .mutation(({ ctx, input }) => setCourt(ctx.deps, ctx.user, input)),
  setPayment: authedProcedure
    .input(ZPaymentInput)
    .output(parsed(ZCourtAnswer))
    .mutation(({ ctx, input }) => setPayment(ctx.deps, ctx.user, input)),
  leave: authedProcedure
    .input(ZMatchIdInput)
    .output(parsed(ZMatchResult))
    .mutation(({ ctx, input }) => leaveMatch(ctx.deps, ctx.user, input.id)),
  update: authedProcedure
    .input(ZUpdateMatchInput)
    .output(parsed(ZMatch))
    .mutation(({ ctx, input }) => updateMatch(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZDeleteMatchInput)
    .output(parsed(ZDeleteResult))
    .mutation(({ ctx, input }) => deleteMatch(ctx.deps, ctx.user, input)),
  removeParticipant: authedProcedure
    .input(ZRemoveParticipantInput)
    .output(parsed(ZMatchResult))
    .mutation(({ ctx, input }) => removeParticipant(ctx.deps, ctx.user, input)),
  participants: authedProcedure
    .input(ZMatchIdInput)
    .output(parsed(z.array(ZParticipant)))
    .query(({ ctx, input }) => listParticipants(ctx.deps, ctx.user, input.id)),
  joinWaitlist: authedProcedure
    .input(ZMatchIdInput.extend(ZShareTokenQuery.shape))
    .output(parsed(ZWaitlistResult))
    .mutation(({ ctx, input }) => joinWaitlist(ctx.deps, ctx.user, input.id, input.token)),
  leaveWaitlist: authedProcedure
    .input(ZMatchIdInput)
    .output(parsed(ZDeleteResult))
    .mutation(({ ctx, input }) => leaveWaitlist(ctx.deps, ctx.user, input.id)),
  myWaitlist: authedProcedure
    .input(z.void())
    .output(parsed(ZMyWaitlist))
    .query(({ ctx }) => listMyWaitlist(ctx.deps, ctx.user)),
  /**
   * The match page, live: the match as `byId` answers it for this viewer, at once and after every
   * committed change (on any instance). Event ids are the match's version, so a reconnecting client
   * (`lastEventId`) gets the current state at once only if it changed meanwhile.
   */
  onChange: authedProcedure
    .input(
      ZMatchIdInput.extend({
        lastEventId: z.string().max(40).nullish(),
        ...ZShareTokenQuery.shape,
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      try {
        const events = matchEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.id, {
          lastEventId: input.lastEventId,
          signal,
          token: input.token,
        });
        for await (const e of events) {
          if (e.type === 'match') yield tracked(e.version, e.match);
          else if (e.type === 'deleted') throw notFound(MSG.match.notFound);
          else if (e.type === 'ended') throw endedError(e.reason);
        }
      } catch (e) {
        throw asTrpc(e);
      }
    }),
  /** The cards a list shows (up to a page), live: the changed cards and the removed ids. */
  onListChange: authedProcedure
    .input(z.object({ ids: z.array(ZMatchIdInput.shape.id).max(MATCH_PAGE_MAX * 5) }))
    .subscription(async function* ({ ctx, input, signal }) {
      try {
        yield* cardChanges(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.ids, signal);
      } catch (e) {
        throw asTrpc(e);
      }
    }),
  // The match room (issue 25): reserved seats and requests to join.
  releaseGuest: authedProcedure
    .input(ZReleaseGuestInput)
    .output(parsed(ZMatchResult))
    .mutation(({ ctx, input }) => releaseGuest(ctx.deps, ctx.user, input)),
  request: authedProcedure
    .input(ZRequestInput)
    .output(parsed(ZRequestResult))
    .mutation(({ ctx, input }) => createRequest(ctx.deps, ctx.user, input)),
  acceptRequest: authedProcedure
    .input(ZAnswerRequestInput)
    .output(parsed(ZRequestResult))
    .mutation(({ ctx, input }) => acceptRequest(ctx.deps, ctx.user, input)),
  declineRequest: authedProcedure
    .input(ZAnswerRequestInput)
    .output(parsed(ZRequestResult))
    .mutation(({ ctx, input }) => declineRequest(ctx.deps, ctx.user, input)),
  mine: authedProcedure
    .input(z.void())
    .output(parsed(ZMyMatches))
    .query(({ ctx }) => listMyMatches(ctx.deps, ctx.user)),
});
