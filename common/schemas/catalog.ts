import { z } from 'zod';
import { MSG } from '../messages';

export const ZSettings = z.object({
  max_places: z.number().int(),
  max_levels_selection: z.number().int(),
  months_ahead: z.number().int(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZPlace = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  is_active: z.boolean(),
});
export type TPlace = z.infer<typeof ZPlace>;

export const ZLevel = z.object({
  id: z.number().int(),
  niveau: z.string(),
  label: z.string(),
  description: z.string(),
  couleur: z.string(),
  ordre: z.number().int(),
});
export type TLevel = z.infer<typeof ZLevel>;

/** Every id in a path or payload: a positive integer, from a number or a numeric string. */
export const ZId = z.coerce.number({ error: MSG.http.invalidId }).int(MSG.http.invalidId).positive(MSG.http.invalidId);
export const ZIdInput = z.object({ id: ZId });
