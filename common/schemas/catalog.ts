import { z } from 'zod';
import { ZId } from './primitives';

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
  /** Where players book a court here (issue 42), or null. */
  booking_url: z.string().nullable(),
  /** Indoor courts (true), outdoor (false), not said (null). */
  indoor: z.boolean().nullable(),
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

export const ZIdInput = z.object({ id: ZId });
