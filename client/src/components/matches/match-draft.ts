import { levelsProblem, slotsProblem } from '../../../../common/match-rules';
import { MSG } from '../../../../common/messages';

/** The create/edit match form as the player fills it in (strings until sent). */
export interface MatchDraft {
  placeId: string;
  date: string;
  time: string;
  levels: string[];
  slots: number;
}

export interface DraftLimits {
  maxLevels: number;
  maxPlaces: number;
}

export type DraftErrors = Partial<Record<'placeId' | 'date' | 'time' | 'levels' | 'slots', string>>;

/**
 * The client-side checks of spec section 5 (create and edit match), in the order the form reads:
 * place, date, time, levels (at least one, at most maxLevels), places (1..maxPlaces).
 * The server checks the same rules again; these only spare a round trip.
 */
export function validateMatchDraft(draft: MatchDraft, limits: DraftLimits): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.placeId) errors.placeId = MSG.match.placeRequired;
  if (!draft.date) errors.date = MSG.match.dateRequired;
  if (!draft.time) errors.time = MSG.match.timeRequired;
  const levels = levelsProblem(draft.levels, limits.maxLevels);
  if (levels) errors.levels = levels;
  const slots = slotsProblem(draft.slots, limits.maxPlaces);
  if (slots) errors.slots = slots;
  return errors;
}

export const hasErrors = (errors: DraftErrors) => Object.keys(errors).length > 0;

/** Adds or removes a level, never going over the cap. */
export function toggleLevel(selected: readonly string[], niveau: string, max: number): string[] {
  if (selected.includes(niveau)) return selected.filter((l) => l !== niveau);
  return selected.length >= max ? [...selected] : [...selected, niveau];
}
