import { z } from 'zod';
import { TABLE_DAYS_MAX } from '../leaderboard';
import { FEEDBACK_TEXT, LEVEL_TRUST_TEXT, LEVEL_VERDICTS, TABLE_TEXT } from '../messages-season';
import { ZId } from './primitives';

export const ZTableDays = z
  .number({ error: TABLE_TEXT.daysInvalid(TABLE_DAYS_MAX) })
  .int(TABLE_TEXT.daysInvalid(TABLE_DAYS_MAX))
  .min(1, TABLE_TEXT.daysInvalid(TABLE_DAYS_MAX))
  .max(TABLE_DAYS_MAX, TABLE_TEXT.daysInvalid(TABLE_DAYS_MAX));

export const ZLeaderboardInput = z.object({ id: ZId, days: ZTableDays.optional() });
export type TLeaderboardInput = z.infer<typeof ZLeaderboardInput>;

/** One line of a group's table: an opted-in member, as « Prénom N. ». */
export const ZLeaderboardRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  played: z.number().int(),
  wins: z.number().int(),
  /** 1 = first; null below the games needed to rank. */
  rank: z.number().int().nullable(),
});
export type TLeaderboardRow = z.infer<typeof ZLeaderboardRow>;

export const ZLeaderboard = z.object({
  days: z.number().int(),
  /** Local dates, both included. */
  from: z.string(),
  to: z.string(),
  min_games: z.number().int(),
  rows: z.array(ZLeaderboardRow),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;

/** `POST /api/matches/{id}/level-feedback` (the match id is in the path). */
export const ZLevelFeedbackBody = z.object({
  user_id: ZId,
  verdict: z.enum(LEVEL_VERDICTS, { error: FEEDBACK_TEXT.verdictInvalid }),
});
export const ZLevelFeedbackInput = ZLevelFeedbackBody.extend({ id: ZId });
export type TLevelFeedbackInput = z.infer<typeof ZLevelFeedbackInput>;
export const ZFeedbackAnswer = z.object({ success: z.literal(true), message: z.string() });

/** « Niveau vérifié »: on or off, for one player (the ids are in the REST path). */
export const ZVerifiedBody = z.object({
  verified: z.boolean({ error: LEVEL_TRUST_TEXT.verifiedInvalid }),
});
export const ZAdminVerifyInput = ZVerifiedBody.extend({ userId: ZId });
export const ZGroupVerifyInput = ZVerifiedBody.extend({ id: ZId, userId: ZId });
export const ZVerifiedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  level_verified: z.boolean(),
});
export type TVerifiedAnswer = z.infer<typeof ZVerifiedAnswer>;
