import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  ZChatEditInput,
  ZChatListInput,
  ZChatMessage,
  ZChatMessageParams,
  ZChatMessages,
  ZChatMuted,
  ZChatMuteInput,
  ZChatPostInput,
  ZChatReportResult,
  ZChatReports,
  ZChatRoomInput,
  ZChatUnread,
  ZChatUnreadInput,
} from '../../common/schemas/chat';
import { AppError } from '../lib/errors';
import { chatEvents } from '../services/live/chat-stream';
import {
  deleteMessage,
  editMessage,
  listMessages,
  markRead,
  postMessage,
  reportMessage,
  roomOf,
} from '../services/chat/messages';
import { muteRoom } from '../services/chat/mute';
import { listReports } from '../services/chat/reports';
import { unreadCounts } from '../services/chat/unread';
import { liveHubOf } from '../services/live/hub';
import { adminProcedure, authedProcedure, parsed, router, toTRPCError } from '../trpc/init';

/** Errors thrown inside a subscription's stream do not pass the procedure middlewares. */
const asTrpc = (e: unknown) => (e instanceof AppError ? toTRPCError(e) : e);

/**
 * The chat of a room: a match's (`room` left out, or `"match"`) or a group's (`"group"`); the same
 * services as `/api/matches/{id}/messages…` and `/api/groups/{id}/messages…`.
 */
export const chatRouter = router({
  list: authedProcedure
    .input(ZChatListInput)
    .output(parsed(ZChatMessages.extend({ rev: z.number() })))
    .query(({ ctx, input }) => listMessages(ctx.deps, ctx.user, input)),
  post: authedProcedure
    .input(ZChatPostInput)
    .output(parsed(ZChatMessage))
    .mutation(({ ctx, input }) => postMessage(ctx.deps, ctx.user, input)),
  edit: authedProcedure
    .input(ZChatEditInput)
    .output(parsed(ZChatMessage))
    .mutation(({ ctx, input }) => editMessage(ctx.deps, ctx.user, input)),
  delete: authedProcedure
    .input(ZChatMessageParams)
    .output(parsed(ZChatMessage))
    .mutation(({ ctx, input }) => deleteMessage(ctx.deps, ctx.user, input)),
  report: authedProcedure
    .input(ZChatMessageParams)
    .output(parsed(ZChatReportResult))
    .mutation(({ ctx, input }) => reportMessage(ctx.deps, ctx.user, input)),
  markRead: authedProcedure
    .input(ZChatMessageParams)
    .output(parsed(z.object({ success: z.literal(true) })))
    .mutation(({ ctx, input }) => markRead(ctx.deps, ctx.user, input)),
  mute: authedProcedure
    .input(ZChatMuteInput)
    .output(parsed(ZChatMuted))
    .mutation(({ ctx, input }) => muteRoom(ctx.deps, ctx.user, input)),
  unread: authedProcedure
    .input(ZChatUnreadInput)
    .output(parsed(ZChatUnread))
    .query(({ ctx, input }) => unreadCounts(ctx.deps, ctx.user, input)),
  reports: adminProcedure
    .input(z.void())
    .output(parsed(ZChatReports))
    .query(({ ctx }) => listReports(ctx.deps)),
  /**
   * New, edited and deleted messages of a room's chat, live (any instance). Event ids are chat
   * revisions: start from the `rev` of `list`, and a reconnecting client resumes where it was.
   */
  onMessage: authedProcedure
    .input(ZChatRoomInput.extend({ lastEventId: z.string().max(40).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      try {
        const events = chatEvents(ctx.deps, liveHubOf(ctx.deps), ctx.user, roomOf(input), {
          lastEventId: input.lastEventId,
          signal,
        });
        for await (const e of events) yield tracked(String(e.rev), e.message);
      } catch (e) {
        throw asTrpc(e);
      }
    }),
});
