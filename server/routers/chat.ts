import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  ZChatEditInput,
  ZChatListInput,
  ZChatMatchInput,
  ZChatMessage,
  ZChatMessageParams,
  ZChatMessages,
  ZChatPostInput,
  ZChatReportResult,
  ZChatReports,
  ZChatUnread,
} from '../../common/schemas/chat';
import { AppError } from '../lib/errors';
import { chatEvents } from '../services/chat/live';
import {
  deleteMessage,
  editMessage,
  listMessages,
  listReports,
  markRead,
  postMessage,
  reportMessage,
  unreadCounts,
} from '../services/chat/messages';
import { liveHubOf } from '../services/live/hub';
import { adminProcedure, authedProcedure, router, toTRPCError } from '../trpc/init';

/** Errors thrown inside a subscription's stream do not pass the procedure middlewares. */
const asTrpc = (e: unknown) => (e instanceof AppError ? toTRPCError(e) : e);

/** The chat of a match: the same services as `/api/matches/{id}/messages…`. */
export const chatRouter = router({
  list: authedProcedure
    .input(ZChatListInput)
    .output(ZChatMessages.extend({ rev: z.number() }))
    .query(({ ctx, input }) => listMessages(ctx.deps, ctx.user, input)),
  post: authedProcedure
    .input(ZChatPostInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => postMessage(ctx.deps, ctx.user, input)),
  edit: authedProcedure
    .input(ZChatEditInput)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => editMessage(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZChatMessageParams)
    .output(ZChatMessage)
    .mutation(({ ctx, input }) => deleteMessage(ctx.deps, ctx.user, input)),
  report: authedProcedure
    .input(ZChatMessageParams)
    .output(ZChatReportResult)
    .mutation(({ ctx, input }) => reportMessage(ctx.deps, ctx.user, input)),
  markRead: authedProcedure
    .input(ZChatMessageParams)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => markRead(ctx.deps, ctx.user, input)),
  unread: authedProcedure
    .input(z.void())
    .output(ZChatUnread)
    .query(({ ctx }) => unreadCounts(ctx.deps, ctx.user)),
  reports: adminProcedure
    .input(z.void())
    .output(ZChatReports)
    .query(({ ctx }) => listReports(ctx.deps)),
  /**
   * New, edited and deleted messages of a match's chat, live (any instance). Event ids are chat
   * revisions: start from the `rev` of `list`, and a reconnecting client resumes where it was.
   */
  onMessage: authedProcedure
    .input(ZChatMatchInput.extend({ lastEventId: z.string().max(40).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      try {
        const events = chatEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, input.id, {
          lastEventId: input.lastEventId,
          signal,
        });
        for await (const e of events) yield tracked(String(e.rev), e.message);
      } catch (e) {
        throw asTrpc(e);
      }
    }),
});
