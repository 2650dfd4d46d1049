import { z } from 'zod';

export const ZWaitlistResult = z.object({
  success: z.boolean(),
  message: z.string(),
  /** 1 = the next player to get a place. */
  position: z.number().int(),
});
export type TWaitlistResult = z.infer<typeof ZWaitlistResult>;

export const ZMyWaitlist = z.array(
  z.object({
    match_id: z.number().int(),
    /** The player's place in the queue (1 = next). */
    position: z.number().int(),
    /** How many players wait for this match. */
    waiting: z.number().int(),
  }),
);
export type TMyWaitlist = z.infer<typeof ZMyWaitlist>;

export const ZNotificationPrefs = z.object({
  notify_email: z.boolean(),
  notify_sms: z.boolean(),
});
export type TNotificationPrefs = z.infer<typeof ZNotificationPrefs>;

/** Which notification channels can reach a player now: SMS only while a live Twilio config is set up. */
export const ZNotificationChannels = z.object({ sms: z.boolean() });
export type TNotificationChannels = z.infer<typeof ZNotificationChannels>;
