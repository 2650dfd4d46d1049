import { z } from 'zod';
import { levelsProblem, slotsProblem } from '../match-rules';
import { MSG } from '../messages';
import { calendarDate, INT32_MAX, isCalendarDate, safeText, ZId } from './primitives';
import { ZMatchRoom, ZMyRequest, ZRoomFields } from './room';
import {
  ZCourt,
  ZMatchGender,
  ZMatchKind,
  ZMatchKindFields,
  ZPayments,
  ZPlayerGender,
} from './court';

/**
 * Match inputs and outputs, shared by the tRPC router, the REST adapter and the client's forms.
 * Only shape checks live here; the rules that need the database or the clock (settings, levels,
 * dates from today) are in `server/services/matches/rules.ts`.
 */

const ZDate = safeText({ error: MSG.match.dateRequired })
  .min(1, MSG.match.dateRequired)
  .refine(isCalendarDate, MSG.match.dateInvalid);
/** "HH:MM" (or legacy "HH:MM:SS"); whether it is an allowed slot is a service rule. */
const ZTime = safeText({ error: MSG.match.timeRequired })
  .min(1, MSG.match.timeRequired)
  .max(8, MSG.match.timeRequired);
const ZLevels = z
  .array(safeText().trim().min(1, MSG.match.levelRequired).max(100), {
    error: MSG.match.levelRequired,
  })
  .min(1, MSG.match.levelRequired)
  .max(20, MSG.match.tooManyLevels(20));
const ZSlots = z
  .number({ error: MSG.match.slotsInvalid })
  .int(MSG.match.slotsInvalid)
  .min(-INT32_MAX, MSG.match.slotsInvalid)
  .max(INT32_MAX, MSG.match.slotsInvalid);
const ZPlaceId = z
  .number({ error: MSG.match.placeRequired })
  .int(MSG.match.placeRequired)
  .positive(MSG.match.placeRequired)
  .max(INT32_MAX, MSG.match.placeRequired);

export const ZMatchFields = z.object({
  place_id: ZPlaceId,
  date: ZDate,
  time: ZTime,
  levels: ZLevels,
  slots: ZSlots,
});
/**
 * Chosen by the client once per create form (a UUID): a retried create with the same key returns
 * the match the first one made instead of a second one. REST takes it as the Idempotency-Key header.
 */
export const ZIdempotencyKey = z
  .string({ error: MSG.match.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, MSG.match.idempotencyKeyInvalid);
export const ZCreateMatchInput = ZMatchFields.extend({
  idempotencyKey: ZIdempotencyKey.optional(),
  ...ZRoomFields.shape,
  ...ZMatchKindFields.shape,
});
export type TCreateMatchInput = z.infer<typeof ZCreateMatchInput>;

export const ZUpdateMatchInput = ZMatchFields.extend({
  id: ZId,
  ...ZRoomFields.shape,
  ...ZMatchKindFields.shape,
});
export type TUpdateMatchInput = z.infer<typeof ZUpdateMatchInput>;

/** The settings' caps on the match form: levels per match, places to fill. */
export interface MatchFormLimits {
  maxLevels: number;
  maxPlaces: number;
}

/** A refinement from one of `match-rules`' checks, which the server runs too. */
const ruled =
  <T>(rule: (value: T) => string | null) =>
  (value: T, ctx: z.RefinementCtx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/**
 * The create and edit match forms as the player fills them in (spec section 5), in the order the
 * form reads: place (the select's value until sent), date, time, levels, places. `notAfter`, the
 * local date and time now, refuses a slot already past today.
 */
export const matchDraftSchema = (
  { maxLevels, maxPlaces }: MatchFormLimits,
  notAfter?: { date: string; time: string },
) =>
  z
    .object({
      placeId: z.string().min(1, MSG.match.placeRequired),
      date: z.string().min(1, MSG.match.dateRequired),
      time: z.string().min(1, MSG.match.timeRequired),
      levels: z
        .array(z.string())
        .superRefine(ruled((levels: string[]) => levelsProblem(levels, maxLevels))),
      slots: z.number().superRefine(ruled((slots: number) => slotsProblem(slots, maxPlaces))),
    })
    .superRefine((draft, ctx) => {
      if (notAfter && draft.time && draft.date === notAfter.date && draft.time <= notAfter.time)
        ctx.addIssue({ code: 'custom', message: MSG.match.timePast, path: ['time'] });
    });
export type TMatchDraft = z.infer<ReturnType<typeof matchDraftSchema>>;

export const ZMatchIdInput = z.object({ id: ZId });
export type TMatchIdInput = z.infer<typeof ZMatchIdInput>;

/** How long the organiser's reason for a removal or a cancellation may be. */
export const REASON_MAX = 200;
/**
 * The organiser's reason ("Terrain indisponible"): one line (it goes into an SMS and a mail), 1 to
 * 200 characters once trimmed. Forms send nothing rather than a blank reason.
 */
export const ZReason = safeText({ error: MSG.match.reasonInvalid(REASON_MAX) })
  .trim()
  .min(1, MSG.match.reasonInvalid(REASON_MAX))
  .max(REASON_MAX, MSG.match.reasonInvalid(REASON_MAX));

/** Cancelling (deleting) a match, with the reason every player is told. */
export const ZDeleteMatchInput = ZMatchIdInput.extend({ reason: ZReason.optional() });
export type TDeleteMatchInput = z.infer<typeof ZDeleteMatchInput>;

/** The organiser takes a participant out of their match. */
export const ZRemoveParticipantInput = ZMatchIdInput.extend({
  userId: ZId,
  reason: ZReason.optional(),
});
export type TRemoveParticipantInput = z.infer<typeof ZRemoveParticipantInput>;
/**
 * The optional reason field of the remove and cancel dialogs: blank means "no reason" (nothing is
 * sent), anything else obeys `ZReason` with its French message.
 */
export const ZReasonForm = z.object({
  reason: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const parsed = ZReason.safeParse(value);
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  }),
});
export type TReasonForm = z.infer<typeof ZReasonForm>;
/** The same field when a reason is owed (contesting a result or an absence): blank is refused. */
export const ZRequiredReasonForm = z.object({ reason: ZReason });
/** The reason to send from the dialog's value, or none. */
export const reasonOf = (value: string): string | undefined => value.trim() || undefined;

/** The REST body of the removal (the ids are in the path). */
export const ZReasonBody = z.object({ reason: ZReason.optional() });

const ZFilterDate = calendarDate(MSG.match.filterDateInvalid);
export const MATCH_PAGE_DEFAULT = 20;
export const MATCH_PAGE_MAX = 100;
export const MATCH_ORDERS = ['date', 'need'] as const;
export type TMatchOrder = (typeof MATCH_ORDERS)[number];

/**
 * The list filters, combined with AND, with their French messages; the REST adapter maps its query
 * string onto the same fields. `order: 'need'` puts the matches with the fewest free places (but
 * at least one) first, then the soonest.
 */
export const ZMatchFilters = z.object({
  placeId: z
    .number({ error: MSG.match.filterPlaceInvalid })
    .int(MSG.match.filterPlaceInvalid)
    .min(1, MSG.match.filterPlaceInvalid)
    .max(INT32_MAX, MSG.match.filterPlaceInvalid)
    .optional(),
  city: safeText({ error: MSG.match.filterCityInvalid })
    .trim()
    .min(1, MSG.match.filterCityInvalid)
    .max(100, MSG.match.filterCityInvalid)
    .optional(),
  level: safeText({ error: MSG.match.filterLevelInvalid })
    .trim()
    .min(1, MSG.match.filterLevelInvalid)
    .max(100, MSG.match.filterLevelInvalid)
    .optional(),
  from: ZFilterDate.optional(),
  to: ZFilterDate.optional(),
  available: z.boolean({ error: MSG.match.filterAvailableInvalid }).optional(),
  kind: ZMatchKind.optional(),
  gender: ZMatchGender.optional(),
  order: z.enum(MATCH_ORDERS, { error: MSG.match.filterOrderInvalid }).optional(),
});

const ZPageSize = z
  .number({ error: MSG.match.pageSizeInvalid(MATCH_PAGE_MAX) })
  .int(MSG.match.pageSizeInvalid(MATCH_PAGE_MAX))
  .min(1, MSG.match.pageSizeInvalid(MATCH_PAGE_MAX))
  .max(MATCH_PAGE_MAX, MSG.match.pageSizeInvalid(MATCH_PAGE_MAX));

/** A date range must not end before it starts (both inclusive). */
export const checkFilterRange = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;

export const ZListMatchesInput = ZMatchFilters.extend({
  cursor: safeText({ error: MSG.match.cursorInvalid }).max(200, MSG.match.cursorInvalid).optional(),
  limit: ZPageSize.default(MATCH_PAGE_DEFAULT),
})
  .refine(checkFilterRange, { message: MSG.match.filterRangeInvalid, path: ['to'] })
  .default({ limit: MATCH_PAGE_DEFAULT });
/** Parsed list input; `limit` may be left out by direct (server-side) callers. */
export type TListMatchesInput = Partial<z.output<typeof ZListMatchesInput>>;
export const ZRestPageSize = ZPageSize;

export const ZMatch = z.object({
  id: z.number().int(),
  place_id: z.number().int(),
  place_name: z.string(),
  address: z.string(),
  city: z.string(),
  /** Local date in APP_TIMEZONE, "YYYY-MM-DD". */
  date: z.string(),
  /** Local time in APP_TIMEZONE, "HH:MM". */
  time: z.string(),
  levels: z.array(z.string()),
  slots: z.number().int(),
  missing_players: z.number().int(),
  created_by: z.number().int(),
  creator_name: z.string(),
  participants: z.array(z.object({ user_id: z.number().int() })),
  /** Only a competitive match's results move ratings (issue 42). */
  kind: ZMatchKind,
  gender: ZMatchGender,
});
export type TMatch = z.infer<typeof ZMatch>;

/**
 * A match as the app's lists show it to one viewer (`matches.list`, `matches.mine`, the live list):
 * the match, and what decides its button (issue 25): whether the organiser opened it to all levels,
 * and the viewer's latest request to join. The legacy and v2 answers stay `ZMatch`.
 */
export const ZMatchCard = ZMatch.extend({
  open_levels: z.boolean(),
  my_request: ZMyRequest,
});
export type TMatchCard = z.infer<typeof ZMatchCard>;

export const ZMatchPage = z.object({
  items: z.array(ZMatchCard),
  nextCursor: z.string().nullable(),
});
export type TMatchPage = z.infer<typeof ZMatchPage>;

export const ZMatchResult = z.object({ success: z.boolean(), message: z.string(), match: ZMatch });
export type TMatchResult = z.infer<typeof ZMatchResult>;

export const ZDeleteResult = z.object({ success: z.boolean(), message: z.string() });

export const ZParticipant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  level: z.string().nullable(),
  phone: z.string(),
  /** ISO instant (for the organiser: when they created the match). */
  joined_at: z.string(),
  /** The match's organiser, listed first: a co-player like the others. */
  is_organiser: z.boolean(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZMyMatch = ZMatchCard.extend({ is_creator: z.boolean(), is_finished: z.boolean() });
export type TMyMatch = z.infer<typeof ZMyMatch>;

/** An upcoming match the player waits for, with their place in its queue (1 = next to play). */
export const ZMyWaitingMatch = ZMyMatch.extend({ waitlist_position: z.number().int() });
export type TMyWaitingMatch = z.infer<typeof ZMyWaitingMatch>;

export const ZMyMatches = z.object({
  matches: z.array(ZMyMatch),
  /** Upcoming matches where the player is on the waiting list (not in `matches`). */
  waiting: z.array(ZMyWaitingMatch),
  counters: z.object({
    created: z.number().int(),
    joined: z.number().int(),
    upcoming: z.number().int(),
    /** How many upcoming matches the player waits for. */
    waiting: z.number().int(),
  }),
});
export type TMyMatches = z.infer<typeof ZMyMatches>;

export const ZSchedule = z.object({
  timezone: z.string(),
  today: z.string(),
  now: z.string(),
  createDates: z.array(z.string()),
  createTimes: z.array(z.string()),
  editDates: z.array(z.string()),
  editTimes: z.array(z.string()),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** A player as other players see them on a match page; `phone` only for the match's own players. */
export const ZMatchPlayer = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_initial: z.string(),
  level: z.string().nullable(),
  /** Photo URL when the viewer may see it, else null (the client shows initials). */
  photo: z.string().nullable(),
  /** Null unless the viewer created or joined the match. */
  phone: z.string().nullable(),
});
export type TMatchPlayer = z.infer<typeof ZMatchPlayer>;

export const ZMatchDetail = ZMatch.omit({ participants: true, creator_name: true }).extend({
  organiser: ZMatchPlayer,
  participants: z.array(ZMatchPlayer),
  is_creator: z.boolean(),
  is_participant: z.boolean(),
  is_finished: z.boolean(),
  /** The viewer's place on the match's waiting list (1 = next to play), or null when not waiting. */
  waitlist_position: z.number().int().nullable(),
  ...ZMatchRoom.shape,
  /** Where to book a court at the match's place (the club's page, Playtomic…), or null. */
  booking_url: z.string().nullable(),
  /** The court's total price in cents, or null when none was given. */
  price_cents: z.number().int().nullable(),
  /** The court mark and who paid: the match's players only (null and [] for anyone else). */
  court: ZCourt,
  payments: ZPayments,
  /** Who may still take a seat under the match's gender rule (« Mixte »: the genders not yet full). */
  open_to: z.array(ZPlayerGender),
});
export type TMatchDetail = z.infer<typeof ZMatchDetail>;

/** The answer of the court and payment doors: what changed, and the page as the player now sees it. */
export const ZCourtAnswer = z.object({ message: z.string(), match: ZMatchDetail });
