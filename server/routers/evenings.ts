import { z } from 'zod';
import { EVENING_TEXT } from '../../common/messages-evenings';
import {
  ZCreateEveningInput,
  ZEvening,
  ZEveningAccessInput,
  ZEveningAnswer,
  ZEveningCard,
  ZEveningIdInput,
  ZEveningJoinAnswer,
  ZEveningPlayerInput,
  ZEveningScoreInput,
} from '../../common/schemas/evenings';
import { ZId } from '../../common/schemas/primitives';
import { AppError, notFound } from '../lib/errors';
import { createEvening } from '../services/evenings/create';
import { getEvening, listEvenings, listGroupEvenings } from '../services/evenings/read';
import { finishEvening, nextRound, startEvening } from '../services/evenings/rounds';
import { enterScore } from '../services/evenings/scores';
import {
  addPlayer,
  joinEvening,
  leaveEvening,
  removePlayer,
  setSignupsClosed,
} from '../services/evenings/signup';
import { eveningEvents } from '../services/live/evening-stream';
import { liveHubOf } from '../services/live/hub';
import { endedError } from '../services/live/streams';
import { authedProcedure, parsed, router, toTRPCError } from '../trpc/init';

const asTrpc = (e: unknown) => (e instanceof AppError ? toTRPCError(e) : e);

/** Padel evenings: the same services as `/api/evenings`. */
export const eveningsRouter = router({
  list: authedProcedure
    .input(z.object({ mine: z.boolean().optional(), group_id: ZId.optional() }).optional())
    .output(parsed(z.array(ZEveningCard)))
    .query(({ ctx, input }) =>
      input?.group_id
        ? listGroupEvenings(ctx.deps, ctx.user, input.group_id)
        : listEvenings(ctx.deps, ctx.user, { mine: input?.mine }),
    ),
  byId: authedProcedure
    .input(ZEveningAccessInput)
    .output(parsed(ZEvening))
    .query(({ ctx, input }) => getEvening(ctx.deps, ctx.user, input.id, input.token)),
  create: authedProcedure
    .input(ZCreateEveningInput)
    .output(parsed(ZEvening))
    .mutation(({ ctx, input }) => createEvening(ctx.deps, ctx.user, input)),
  join: authedProcedure
    .input(ZEveningAccessInput)
    .output(parsed(ZEveningJoinAnswer))
    .mutation(({ ctx, input }) => joinEvening(ctx.deps, ctx.user, input.id, input.token)),
  leave: authedProcedure
    .input(ZEveningIdInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => leaveEvening(ctx.deps, ctx.user, input.id)),
  setSignupsClosed: authedProcedure
    .input(ZEveningIdInput.extend({ closed: z.boolean() }))
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => setSignupsClosed(ctx.deps, ctx.user, input.id, input.closed)),
  addPlayer: authedProcedure
    .input(ZEveningPlayerInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => addPlayer(ctx.deps, ctx.user, input.id, input.userId)),
  removePlayer: authedProcedure
    .input(ZEveningPlayerInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => removePlayer(ctx.deps, ctx.user, input.id, input.userId)),
  start: authedProcedure
    .input(ZEveningIdInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => startEvening(ctx.deps, ctx.user, input.id)),
  nextRound: authedProcedure
    .input(ZEveningIdInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => nextRound(ctx.deps, ctx.user, input.id)),
  finish: authedProcedure
    .input(ZEveningIdInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => finishEvening(ctx.deps, ctx.user, input.id)),
  score: authedProcedure
    .input(ZEveningScoreInput)
    .output(parsed(ZEveningAnswer))
    .mutation(({ ctx, input }) => enterScore(ctx.deps, ctx.user, input)),
  onChange: authedProcedure.input(ZEveningAccessInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    try {
      const events = eveningEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.id, {
        signal,
        token: input.token,
      });
      for await (const e of events) {
        if (e.type === 'evening') yield e.evening;
        else if (e.type === 'gone') throw notFound(EVENING_TEXT.notFound);
        else throw endedError(e.reason);
      }
    } catch (e) {
      throw asTrpc(e);
    }
  }),
});
