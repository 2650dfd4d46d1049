/** The user as the client sees it, and the profile form. Isomorphic (the client imports it). */
import { z } from 'zod';
import { MSG } from '../messages';
import { TABLE_TEXT } from '../messages-season';
import { ZPlayerGender } from './court';
import { safeMultilineText, safeText, ZId } from './primitives';

export const PROFILE_NAME_MAX = 100;
/** A 5 MB photo in base64 is about 6.7 MB of text; anything longer cannot be a valid photo. */
export const PHOTO_TEXT_MAX = 8 * 1024 * 1024;

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  level: z.string().nullable(),
  is_admin: z.boolean(),
  /** `/api/users/<id>/photo?v=<ms>` when the user has a photo; never the bytes. */
  photo: z.string().nullable(),
  created_at: z.string(),
  /** The player's own gender, for gender-ruled matches: in their own answers only, never others'. */
  gender: ZPlayerGender.nullable().optional(),
  /** « Apparaître dans les classements » (issue 43): in their own answers only. */
  leaderboard: z.boolean().optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZGetUserInput = z.object({ id: ZId });
export type TGetUserInput = z.infer<typeof ZGetUserInput>;

/**
 * Name and level are required and trimmed (spec: "Nom et niveau requis"); `photo` is a data URL
 * or bare base64 to set, `null` to remove, absent (or our own photo URL, sent back unchanged by
 * clients that keep the user whole) to keep.
 */
export const ZUpdateProfileInput = z
  .object({
    name: safeText({ error: MSG.profile.nameAndLevelRequired }).trim(),
    level: safeText({ error: MSG.profile.nameAndLevelRequired }).trim(),
    photo: safeMultilineText().max(PHOTO_TEXT_MAX, MSG.http.payloadTooLarge).nullable().optional(),
    /** Left out: unchanged; null: not given. */
    gender: ZPlayerGender.nullable().optional(),
    /** Left out: unchanged. */
    leaderboard: z.boolean({ error: TABLE_TEXT.optInInvalid }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.level)
      ctx.addIssue({
        code: 'custom',
        message: MSG.profile.nameAndLevelRequired,
        path: [v.name ? 'level' : 'name'],
      });
    else if (v.name.length > PROFILE_NAME_MAX)
      ctx.addIssue({
        code: 'custom',
        message: MSG.profile.nameTooLong(PROFILE_NAME_MAX),
        path: ['name'],
      });
  });
export type TUpdateProfileInput = z.input<typeof ZUpdateProfileInput>;

const ZLegacyId = z.union([z.number(), safeText()]).optional();

/**
 * Legacy `PUT /users/{id}` body: the profile fields, plus whatever identity fields an old client
 * sends along (`id`, `user_id`, `userId`), which must name the session's user.
 */
export const ZLegacyUpdateUserBody = z
  .object({
    id: ZLegacyId,
    user_id: ZLegacyId,
    userId: ZLegacyId,
    name: safeText({ error: MSG.profile.nameAndLevelRequired }),
    level: safeText({ error: MSG.profile.nameAndLevelRequired }).nullable(),
    photo: safeMultilineText().nullable().optional(),
    gender: ZPlayerGender.nullable().optional(),
    leaderboard: z.boolean({ error: TABLE_TEXT.optInInvalid }).optional(),
  })
  .transform((v) => ({ ...v, level: v.level ?? '' }));

export const ZUserAnswer = z.object({ success: z.boolean(), user: ZUser });
export const ZUpdatedUserAnswer = ZUserAnswer.extend({ message: z.string() });
