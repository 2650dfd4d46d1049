import { z } from 'zod';
import { WANT_TEXT } from '../messages-wants';
import { ZId } from './primitives';

/** At most this many alerts per player; each lives this many days (renewing starts again). */
export const WANTS_MAX = 10;
export const WANT_DAYS = 30;

const ZClock = z
  .string({ error: WANT_TEXT.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, WANT_TEXT.time);

/** `POST /api/wants` (DESIGN.md "wants"): the window is local time in APP_TIMEZONE. */
export const ZWantInput = z
  .object({
    weekdays: z
      .array(
        z
          .number({ error: WANT_TEXT.weekdays })
          .int(WANT_TEXT.weekdays)
          .min(1, WANT_TEXT.weekdays)
          .max(7, WANT_TEXT.weekdays),
        {
          error: WANT_TEXT.weekdays,
        },
      )
      .min(1, WANT_TEXT.weekdays)
      .max(7, WANT_TEXT.weekdays)
      .transform((days) => [...new Set(days)].sort()),
    from: ZClock,
    to: ZClock,
    place_ids: z
      .array(ZId, { error: WANT_TEXT.places })
      .min(1, WANT_TEXT.places)
      .max(20, WANT_TEXT.tooManyPlaces)
      .transform((ids) => [...new Set(ids)]),
    level: z
      .string({ error: WANT_TEXT.unknownLevel })
      .trim()
      .min(1, WANT_TEXT.unknownLevel)
      .max(100, WANT_TEXT.unknownLevel)
      .nullish(),
  })
  .refine((w) => w.from < w.to, { message: WANT_TEXT.windowOrder, path: ['to'] });
export type TWantInput = z.infer<typeof ZWantInput>;

export const ZWantIdInput = z.object({ id: ZId });

export const ZWant = z.object({
  id: z.number(),
  weekdays: z.array(z.number()),
  from: z.string(),
  to: z.string(),
  place_ids: z.array(z.number()),
  places: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Null: the player's own level when a match is weighed. */
  level: z.string().nullable(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type TWant = z.infer<typeof ZWant>;

export const ZWantAnswer = z.object({ message: z.string(), want: ZWant });
