import { z } from 'zod';
import { NOTICE_TYPES, PREFS_TEXT, type TNoticeType } from '../notification-types';

const ZClock = z
  .string({ error: PREFS_TEXT.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PREFS_TEXT.time);

/** From `from` to `to`, local time; it may run past midnight (22:00 → 08:00). */
export const ZQuietHours = z
  .object({ from: ZClock, to: ZClock }, { error: PREFS_TEXT.invalid })
  .refine((q) => q.from !== q.to, { message: PREFS_TEXT.quietSame });

const flag = z.boolean({ error: PREFS_TEXT.invalid });

/** `GET`/`PUT /api/users/{id}/notification-preferences` (DESIGN.md), self only. */
export const ZNotificationPreferences = z.object(
  {
    channels: z.object({ email: flag, sms: flag, push: flag }, { error: PREFS_TEXT.invalid }),
    types: z.object(
      Object.fromEntries(NOTICE_TYPES.map((t) => [t, flag])) as Record<TNoticeType, typeof flag>,
      { error: PREFS_TEXT.invalid },
    ),
    quiet_hours: ZQuietHours.nullable(),
  },
  { error: PREFS_TEXT.invalid },
);
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
