import { z } from 'zod';
import { MSG } from '../messages';
import { safeMultilineText, safeText, ZId } from './primitives';

/**
 * The match room (issue 25): reserved seats, private matches, requests to join. Shape checks only;
 * the rules that need the match (seats below the free places, levels, who answers) live in
 * `server/services/matches/room.ts`.
 */

export const VISIBILITIES = ['public', 'private'] as const;
export type TVisibility = (typeof VISIBILITIES)[number];
export const ZVisibility = z.enum(VISIBILITIES, { error: MSG.room.visibilityInvalid });

export const GUEST_NAME_MAX = 40;
/** A guest's first name: one line, 1..40 characters once trimmed. */
export const ZGuestName = safeText({ error: MSG.room.guestNameInvalid })
  .trim()
  .min(1, MSG.room.guestNameInvalid)
  .max(GUEST_NAME_MAX, MSG.room.guestNameInvalid);
/** Reserved seats, one first name each; the cap (slots − 1) is a service rule, 20 bounds the input. */
export const ZGuests = z
  .array(ZGuestName, { error: MSG.room.guestNameInvalid })
  .max(20, MSG.room.guestsTooMany(19));

export const ZOpenLevels = z.boolean({ error: MSG.room.openLevelsInvalid });

/** What create and edit take beyond the spec's fields; left out on an edit = unchanged. */
export const ZRoomFields = z.object({
  visibility: ZVisibility.optional(),
  open_levels: ZOpenLevels.optional(),
  guests: ZGuests.optional(),
});
export type TRoomFields = z.infer<typeof ZRoomFields>;

/** The random part of a private match's link: 16 bytes in base64url. */
export const ZShareToken = z
  .string({ error: MSG.room.shareTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{22}$/, MSG.room.shareTokenInvalid);
/** Who has the link of a private match may read it: the token travels with the id. */
export const ZShareTokenQuery = z.object({ token: ZShareToken.optional() });

export const REQUEST_MESSAGE_MAX = 300;
export const ZRequestMessage = safeMultilineText({ error: MSG.room.requestMessageInvalid })
  .trim()
  .min(1, MSG.room.requestMessageInvalid)
  .max(REQUEST_MESSAGE_MAX, MSG.room.requestMessageInvalid);
/** The REST body of a request (the id is in the path). */
export const ZRequestBody = z.object({
  message: ZRequestMessage.optional(),
  token: ZShareToken.optional(),
});
export const ZRequestInput = ZRequestBody.extend({ id: ZId });
export type TRequestInput = z.infer<typeof ZRequestInput>;
export const ZAnswerRequestInput = z.object({ id: ZId, userId: ZId });
export type TAnswerRequestInput = z.infer<typeof ZAnswerRequestInput>;
export const ZReleaseGuestInput = z.object({ id: ZId, guestId: ZId });
export type TReleaseGuestInput = z.infer<typeof ZReleaseGuestInput>;

export const REQUEST_OUTCOMES = ['sent', 'joined', 'waitlist', 'declined'] as const;
export const ZRequestResult = z.object({
  success: z.boolean(),
  message: z.string(),
  /** sent: waiting for the organiser; joined / waitlist: accepted, and where it put the player. */
  outcome: z.enum(REQUEST_OUTCOMES),
});
export type TRequestResult = z.infer<typeof ZRequestResult>;

/** A reserved seat on the match page; `name` only for the organiser and the players. */
export const ZGuest = z.object({ id: z.number().int(), name: z.string().nullable() });
/** A pending request as the organiser sees it (the requester as "Prénom N."). */
export const ZPendingRequest = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_initial: z.string(),
  level: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type TPendingRequest = z.infer<typeof ZPendingRequest>;

/**
 * The viewer's latest request to join a match, if any; a pending one reads as expired once the
 * match has started (it can no longer be answered).
 */
export const ZMyRequest = z.enum(['pending', 'accepted', 'declined', 'expired']).nullable();
export type TMyRequest = z.infer<typeof ZMyRequest>;

/**
 * The organiser's removal of the viewer from this match, while they are not back in it: when, and
 * the organiser's reason if one was given.
 */
export const ZMyRemoval = z
  .object({ reason: z.string().nullable(), removed_at: z.string() })
  .nullable();
export type TMyRemoval = z.infer<typeof ZMyRemoval>;

/** The room's part of the match page, for one viewer. */
export const ZMatchRoom = z.object({
  visibility: ZVisibility,
  open_levels: z.boolean(),
  /** The private link's token: for the organiser and the players only (null otherwise). */
  share_token: z.string().nullable(),
  guests: z.array(ZGuest),
  /** Pending requests: the organiser only (empty for anyone else). */
  requests: z.array(ZPendingRequest),
  my_request: ZMyRequest,
  my_removal: ZMyRemoval,
  /** Players a late refill told of the freed seat (issue 41): the organiser only, else null. */
  refill_offered: z.number().int().nullable(),
});
export type TMatchRoom = z.infer<typeof ZMatchRoom>;

/** The request dialog's optional message: blank sends nothing, anything else obeys `ZRequestMessage`. */
export const ZRequestForm = z.object({
  message: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const parsed = ZRequestMessage.safeParse(value);
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  }),
});
