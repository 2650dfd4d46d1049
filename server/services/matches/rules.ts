import { and, eq } from 'drizzle-orm';
import { DAYS_PER_MONTH, EDIT_MATCH_DAYS, EDIT_MATCH_MAX_LEVELS } from '../../../common/limits';
import { levelsProblem, slotsProblem } from '../../../common/match-rules';
import { MSG } from '../../../common/messages';
import {
  addDays,
  buildSchedule,
  MATCH_SLOTS,
  isSlot,
  localParts,
  shortTime,
  type MatchSchedule,
  type SlotRange,
} from '../../../common/schedule';
import { places } from '../../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { TCreateMatchInput } from '../../../common/schemas/matches';
import { existingLevelNames } from '../levels';
import { getSettings } from '../settings';

/** The limits one form obeys: spec section 5 gives different ones for creating and editing. */
export interface MatchLimits {
  maxLevels: number;
  maxSlots: number;
  days: number;
  slots: SlotRange;
}

/** Create: max_levels_selection levels, 1..max_places, months_ahead*30 days, 07:00–21:30. */
export async function createLimits(deps: Pick<Deps, 'db'>): Promise<MatchLimits> {
  const s = await getSettings(deps);
  return {
    maxLevels: s.max_levels_selection,
    maxSlots: s.max_places,
    days: s.months_ahead * DAYS_PER_MONTH,
    slots: MATCH_SLOTS,
  };
}

/**
 * Edit: at most 3 levels (fixed), 1..max_places, 07:00–21:30 (the create window, not the spec's
 * 08:00: docs/decisions/0017), and the dates the create form offers
 * (at least the spec's next 30 days): a match created far ahead must be movable within its range.
 */
export async function editLimits(deps: Pick<Deps, 'db'>): Promise<MatchLimits> {
  const s = await getSettings(deps);
  const days = Math.max(EDIT_MATCH_DAYS, s.months_ahead * DAYS_PER_MONTH);
  return { maxLevels: EDIT_MATCH_MAX_LEVELS, maxSlots: s.max_places, days, slots: MATCH_SLOTS };
}

/** What an edit keeps from the stored match: an unchanged place or date is not checked again. */
export interface KeptFields {
  placeId: number;
  date: string;
  time: string;
}

/** The match fields once checked: time as "HH:MM", levels trimmed and de-duplicated. */
export type CheckedMatchFields = TCreateMatchInput;

/**
 * Every server-side rule of a match form, checked before anything is written, each with the
 * French message the player sees. Dates and times are local to APP_TIMEZONE, "today" and "now"
 * come from `deps.clock`. `kept` (an edit) lets the match keep a place an admin has since
 * deactivated and a date the window no longer offers: only what changed is checked.
 */
export async function checkMatchFields(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  input: TCreateMatchInput,
  limits: MatchLimits,
  kept?: KeptFields,
): Promise<CheckedMatchFields> {
  const levels = [...new Set(input.levels.map((l) => l.trim()))];
  const levelsWrong = levelsProblem(levels, limits.maxLevels);
  if (levelsWrong) throw badRequest(levelsWrong);
  const known = await existingLevelNames(deps, levels);
  const unknown = levels.find((l) => !known.has(l));
  if (unknown !== undefined) throw badRequest(MSG.match.levelUnknown(unknown));

  const slotsWrong = slotsProblem(input.slots, limits.maxSlots);
  if (slotsWrong) throw badRequest(slotsWrong);

  const local = localParts(deps.clock.now(), deps.env.APP_TIMEZONE);
  const dateChanged = input.date !== kept?.date;
  if (dateChanged && input.date < local.date) throw badRequest(MSG.match.datePast);
  if (dateChanged && input.date > addDays(local.date, limits.days - 1))
    throw badRequest(MSG.match.dateTooFar(limits.days));
  if (!isSlot(input.time, limits.slots))
    throw badRequest(MSG.match.timeOffSlot(limits.slots.first, limits.slots.last));
  const time = shortTime(input.time);
  const whenChanged = dateChanged || time !== (kept && shortTime(kept.time));
  if (whenChanged && input.date === local.date && time < local.time)
    throw badRequest(MSG.match.timePast);

  if (input.place_id !== kept?.placeId) {
    const [place] = await deps.db
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.id, input.place_id), eq(places.isActive, true)))
      .limit(1);
    if (!place) throw badRequest(MSG.match.placeUnknown);
  }
  return { ...input, time, levels };
}

/** The dates and times the create and edit forms offer, from the server's clock and APP_TIMEZONE. */
export async function getSchedule(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
): Promise<MatchSchedule> {
  const [create, edit] = await Promise.all([createLimits(deps), editLimits(deps)]);
  return buildSchedule(deps.clock.now(), deps.env.APP_TIMEZONE, create.days, edit.days);
}
