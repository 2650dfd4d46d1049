import { z } from 'zod';
import {
  MATCH_GENDERS,
  MATCH_KINDS,
  type TMatchGender,
  type TMatchKind,
} from '../../../../common/messages-court';
import { MATCH_ORDERS, type TMatchOrder } from '../../../../common/schemas/matches';
import { readString, writeJson } from '../../lib/storage';

/** What the find screen filters on; `where` is a place (`place:3`), a city (`city:Lyon`) or everywhere (''). */
export interface FindFilters {
  /** One day ("YYYY-MM-DD") or every day (''). */
  day: string;
  where: string;
  level: string;
  available: boolean;
  /** « Amical » or « Compétitif » only, or both (''). */
  kind: TMatchKind | '';
  /** One gender rule (« Ouvert », « Hommes »…), or every match (''). */
  gender: TMatchGender | '';
  order: TMatchOrder;
}

export const EMPTY_FILTERS: FindFilters = {
  day: '',
  where: '',
  level: '',
  available: false,
  kind: '',
  gender: '',
  order: 'date',
};

/** Remembered per player on this device, so two players sharing a phone keep their own. */
export const filtersKey = (userId: number) => `padel-match:find-filters:${userId}`;

const ZStoredFilters = z.object({
  day: z.string(),
  where: z.string(),
  level: z.string(),
  available: z.boolean(),
  // Filters stored before issue 42 have neither: every match.
  kind: z.enum(['', ...MATCH_KINDS]).catch(''),
  gender: z.enum(['', ...MATCH_GENDERS]).catch(''),
  order: z.enum(MATCH_ORDERS),
});
/** Local storage outlives releases and can be edited by hand: anything not shaped like the filters is dropped. */
function readStored(userId: number): FindFilters | null {
  const raw = readString(filtersKey(userId));
  if (raw === null) return null;
  try {
    const parsed = ZStoredFilters.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored filters, or the first visit's: every match at the player's own level. A past day is dropped. */
export function loadFilters(userId: number, ownLevel: string | null, today: string): FindFilters {
  const stored = readStored(userId);
  if (!stored) return { ...EMPTY_FILTERS, level: ownLevel ?? '' };
  return stored.day && stored.day < today ? { ...stored, day: '' } : stored;
}

export const saveFilters = (userId: number, filters: FindFilters) =>
  writeJson(filtersKey(userId), filters);

/** The `matches.list` input for these filters (without cursor and limit). */
export function toListInput(f: FindFilters) {
  const [kind, value = ''] = f.where.split(/:(.*)/s);
  return {
    ...(f.day ? { from: f.day, to: f.day } : {}),
    ...(kind === 'place' && Number(value) > 0 ? { placeId: Number(value) } : {}),
    ...(kind === 'city' && value ? { city: value } : {}),
    ...(f.level ? { level: f.level } : {}),
    ...(f.available ? { available: true } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.gender ? { gender: f.gender } : {}),
    ...(f.order === 'need' ? { order: 'need' as const } : {}),
  };
}

/** How many filters narrow the list (the order is not one): the "Filtres (n)" chip. */
export const activeFilterCount = (f: FindFilters) =>
  [
    f.day !== '',
    f.where !== '',
    f.level !== '',
    f.available,
    f.kind !== '',
    f.gender !== '',
  ].filter(Boolean).length;

export const hasFilters = (f: FindFilters) => activeFilterCount(f) > 0;
