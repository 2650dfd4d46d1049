import { z } from 'zod';
import {
  COST_TEXT,
  COURT_TEXT,
  GENDER_TEXT,
  KIND_TEXT,
  MATCH_GENDERS,
  MATCH_KINDS,
  PLAYER_GENDERS,
} from '../messages-court';
import { safeText, ZId } from './primitives';

/** A match's kind, gender rule and court price (issue 42): shape checks shared by every door. */

export const ZMatchKind = z.enum(MATCH_KINDS, { error: KIND_TEXT.invalid });
export const ZMatchGender = z.enum(MATCH_GENDERS, { error: GENDER_TEXT.invalid });
export const ZPlayerGender = z.enum(PLAYER_GENDERS, { error: GENDER_TEXT.playerInvalid });

/** The court's total price in cents: 0 to 10 000 €; null removes it. */
export const PRICE_MAX_CENTS = 1_000_000;
export const ZPriceCents = z
  .number({ error: COST_TEXT.priceInvalid })
  .int(COST_TEXT.priceInvalid)
  .min(0, COST_TEXT.priceInvalid)
  .max(PRICE_MAX_CENTS, COST_TEXT.priceInvalid)
  .nullable();

/** What create and edit take for issue 42; left out on an edit = unchanged. */
export const ZMatchKindFields = z.object({
  kind: ZMatchKind.optional(),
  gender: ZMatchGender.optional(),
  price_cents: ZPriceCents.optional(),
});

/** A place's booking link: an https URL the player's browser opens, nothing else. */
export const ZBookingUrl = safeText({ error: COURT_TEXT.bookingUrlInvalid })
  .trim()
  .max(500, COURT_TEXT.bookingUrlInvalid)
  .url(COURT_TEXT.bookingUrlInvalid)
  .refine((v) => v.startsWith('https://'), COURT_TEXT.bookingUrlInvalid)
  .nullable();

export const ZCourtBody = z.object({ booked: z.boolean({ error: COURT_TEXT.bookedInvalid }) });
export const ZCourtInput = ZCourtBody.extend({ id: ZId });
export type TCourtInput = z.infer<typeof ZCourtInput>;

export const ZPaymentBody = z.object({ paid: z.boolean({ error: COST_TEXT.paidInvalid }) });
export const ZPaymentInput = ZPaymentBody.extend({ id: ZId, userId: ZId });
export type TPaymentInput = z.infer<typeof ZPaymentInput>;

/** The court mark as the match's players see it (null: not booked, or not a player). */
export const ZCourt = z
  .object({
    booked: z.boolean(),
    /** Who marked it (null once their account is gone), and as everyone in the match reads them. */
    booked_by: z.number().int().nullable(),
    booked_by_name: z.string(),
    booked_at: z.string(),
  })
  .nullable();
export type TCourt = z.infer<typeof ZCourt>;

/** Each player's share and whether it is marked paid: the match's players only, else empty. */
export const ZPayments = z.array(
  z.object({ user_id: z.number().int(), share_cents: z.number().int(), paid: z.boolean() }),
);
export type TPayments = z.infer<typeof ZPayments>;
