import { z } from 'zod';
import { MSG } from '../messages';
import { isSafeText, stripInvisible, ZId } from './primitives';

/**
 * The chat of a room, a match's or a group's: inputs and outputs shared by the tRPC router, the
 * REST adapter and the client's composer.
 */

/** The kinds of chat room: a match (its players) and a group (its members). */
export const CHAT_ROOMS = ['match', 'group'] as const;
export type TChatRoomKind = (typeof CHAT_ROOMS)[number];
/** One chat room: the match's or the group's id. */
export interface TChatRoom {
  kind: TChatRoomKind;
  id: number;
}

export const CHAT_TEXT_MAX = 1000;
/** How long an author may edit or delete their message. */
export const CHAT_EDIT_MINUTES = 15;
/** Messages a player may post per minute, all rooms together. */
export const CHAT_RATE_PER_MINUTE = 20;
export const CHAT_PAGE_MAX = 100;
/** At most one notice of new messages per room and member in this window. */
export const CHAT_NOTICE_MINUTES = 15;

// Tab and other controls: a message is lines of text (CR/LF only), nothing else invisible.
const TAB = /\t/;

/**
 * A message: 1..1000 characters once trimmed, line breaks allowed (CRLF kept as LF). Controls are
 * refused wherever they are, before the trim, as every text field does: a vertical tab at the end
 * is refused, not quietly trimmed away. A message of invisible characters only (« \u200B »,
 * « \u202E ») is an empty one (`stripInvisible`).
 */
export const ZChatText = z
  .string({ error: MSG.chat.textInvalid(CHAT_TEXT_MAX) })
  .overwrite(stripInvisible)
  .refine(isSafeText, MSG.chat.tabForbidden)
  .refine((v) => !TAB.test(v), MSG.chat.tabForbidden)
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, MSG.chat.textInvalid(CHAT_TEXT_MAX))
      .max(CHAT_TEXT_MAX, MSG.chat.textInvalid(CHAT_TEXT_MAX)),
  );

/** Which room: a match's by default (the chat's first callers send none), or a group's. */
export const ZChatRoomKind = z.enum(CHAT_ROOMS, { error: MSG.chat.roomInvalid });
/** The room's id, as the REST paths carry it (`/api/matches/{id}/…`, `/api/groups/{id}/…`). */
export const ZChatMatchInput = z.object({ id: ZId });
/** The room of a tRPC call: `{ id, room? }`. */
export const ZChatRoomInput = ZChatMatchInput.extend({ room: ZChatRoomKind.default('match') });
export type TChatRoomInput = z.infer<typeof ZChatRoomInput>;
/** `chat.mute`, and the body of `PUT /api/{matches|groups}/{id}/messages/mute`. */
export const ZChatMuteBody = z.object(
  { muted: z.boolean({ error: MSG.chat.muteInvalid }) },
  { error: MSG.chat.muteInvalid },
);
export const ZChatMuteInput = ZChatRoomInput.extend(ZChatMuteBody.shape);
export type TChatMuteInput = z.infer<typeof ZChatMuteInput>;
export const ZChatMuted = z.object({ muted: z.boolean() });

export const ZChatListInput = ZChatRoomInput.extend({
  before: ZId.optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: MSG.chat.limitInvalid })
        .int(MSG.chat.limitInvalid)
        .min(1, MSG.chat.limitInvalid)
        .max(CHAT_PAGE_MAX, MSG.chat.limitInvalid),
    )
    .optional(),
});
export type TChatListInput = z.infer<typeof ZChatListInput>;
export const ZChatPostBody = z.object({ text: ZChatText });
export const ZChatPostInput = ZChatRoomInput.extend({ text: ZChatText });
export type TChatPostInput = z.infer<typeof ZChatPostInput>;
/** A message in a REST path: `…/{id}/messages/{messageId}`. */
export const ZChatMessagePath = ZChatMatchInput.extend({ messageId: ZId });
export const ZChatMessageParams = ZChatRoomInput.extend({ messageId: ZId });
export type TChatMessageParams = z.infer<typeof ZChatMessageParams>;
export const ZChatEditInput = ZChatMessageParams.extend({ text: ZChatText });
export type TChatEditInput = z.infer<typeof ZChatEditInput>;

export const ZChatAuthor = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_initial: z.string(),
});

export const ZChatMessage = z.object({
  id: z.number(),
  text: z.string(),
  author: ZChatAuthor.nullable(),
  kind: z.enum(['user', 'system']),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** True once removed by its author or an admin: `text` is then "Message supprimé". */
  deleted: z.boolean(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatMessages = z.object({
  messages: z.array(ZChatMessage),
  /** Whether the viewer may write (organiser, participants) or only read (waiting list). */
  can_write: z.boolean(),
  /** Whether the viewer turned this room's notices off. */
  muted: z.boolean(),
});
export type TChatMessages = z.infer<typeof ZChatMessages>;

export const ZChatReportResult = z.object({ success: z.literal(true), message: z.string() });

/** Which rooms `chat.unread` counts: the player's matches (by default) or groups. */
export const ZChatUnreadInput = z.object({ room: ZChatRoomKind.default('match') }).optional();
/** Unread messages per room (match or group id → count), for cards, Mes matchs and Mes groupes. */
export const ZChatUnread = z.record(z.string(), z.number());
export type TChatUnread = z.infer<typeof ZChatUnread>;

/** A reported message, for the admins. */
export const ZChatReport = z.object({
  message_id: z.number(),
  /** The room of the message: a match or a group (the other one is null). */
  match_id: z.number().nullable(),
  group_id: z.number().nullable(),
  text: z.string(),
  author: z.string().nullable(),
  reports: z.number(),
  last_reported_at: z.string(),
  deleted: z.boolean(),
});
export const ZChatReports = z.array(ZChatReport);
export type TChatReport = z.infer<typeof ZChatReport>;
