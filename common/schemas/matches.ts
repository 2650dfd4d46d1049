import { z } from 'zod';
import { MSG } from '../messages';
import { isIsoDate } from '../schedule';
import { ZId } from './catalog';

/**
 * Match inputs and outputs, shared by the tRPC router, the REST adapter and the client's forms.
 * Only shape checks live here; the rules that need the database or the clock (settings, levels,
 * dates from today) are in `server/services/matches/rules.ts`.
 */

const ZDate = z.string({ error: MSG.match.dateRequired }).min(1, MSG.match.dateRequired).refine(isIsoDate, MSG.match.dateInvalid);
/** "HH:MM" (or legacy "HH:MM:SS"); whether it is an allowed slot is a service rule. */
const ZTime = z.string({ error: MSG.match.timeRequired }).min(1, MSG.match.timeRequired).max(8, MSG.match.timeRequired);
const ZLevels = z
  .array(z.string().trim().min(1, MSG.match.levelRequired).max(100), { error: MSG.match.levelRequired })
  .min(1, MSG.match.levelRequired)
  .max(20, MSG.match.tooManyLevels(20));
const ZSlots = z.number({ error: MSG.match.slotsInvalid }).int(MSG.match.slotsInvalid);
const ZPlaceId = z.number({ error: MSG.match.placeRequired }).int(MSG.match.placeRequired).positive(MSG.match.placeRequired);

export const ZMatchFields = z.object({ place_id: ZPlaceId, date: ZDate, time: ZTime, levels: ZLevels, slots: ZSlots });
export const ZCreateMatchInput = ZMatchFields;
export type TCreateMatchInput = z.infer<typeof ZCreateMatchInput>;

export const ZUpdateMatchInput = ZMatchFields.extend({ id: ZId });
export type TUpdateMatchInput = z.infer<typeof ZUpdateMatchInput>;

export const ZMatchIdInput = z.object({ id: ZId });
export type TMatchIdInput = z.infer<typeof ZMatchIdInput>;

const ZFilterDate = z.string().refine(isIsoDate, MSG.match.filterDateInvalid);
export const MATCH_PAGE_DEFAULT = 20;
export const MATCH_PAGE_MAX = 100;

export const ZListMatchesInput = z
  .object({
    placeId: ZId.optional(),
    from: ZFilterDate.optional(),
    to: ZFilterDate.optional(),
    level: z.string().trim().min(1).max(100).optional(),
    cursor: z.string().max(200, MSG.match.cursorInvalid).optional(),
    limit: z.number().int().min(1).max(MATCH_PAGE_MAX).default(MATCH_PAGE_DEFAULT),
  })
  .default({ limit: MATCH_PAGE_DEFAULT });
/** Parsed list input; `limit` may be left out by direct (server-side) callers. */
export type TListMatchesInput = Partial<z.output<typeof ZListMatchesInput>>;

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
});
export type TMatch = z.infer<typeof ZMatch>;

export const ZMatchPage = z.object({ items: z.array(ZMatch), nextCursor: z.string().nullable() });
export type TMatchPage = z.infer<typeof ZMatchPage>;

export const ZMatchResult = z.object({ success: z.boolean(), message: z.string(), match: ZMatch });
export type TMatchResult = z.infer<typeof ZMatchResult>;

export const ZDeleteResult = z.object({ success: z.boolean(), message: z.string() });

export const ZParticipant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  level: z.string().nullable(),
  phone: z.string(),
  /** ISO instant. */
  joined_at: z.string(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZMyMatch = ZMatch.extend({ is_creator: z.boolean(), is_finished: z.boolean() });
export type TMyMatch = z.infer<typeof ZMyMatch>;

export const ZMyMatches = z.object({
  matches: z.array(ZMyMatch),
  counters: z.object({ created: z.number().int(), joined: z.number().int(), upcoming: z.number().int() }),
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
