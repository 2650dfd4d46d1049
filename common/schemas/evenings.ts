import { z } from 'zod';
import { EVENING_MSG } from '../evenings/scores';
import { EVENING_TEXT } from '../messages-evenings';
import { boundedInt, ZId } from './primitives';
import { ZMatchFields, ZIdempotencyKey } from './matches';
import { ZShareTokenQuery, ZVisibility } from './room';

/**
 * Evening inputs and answers (DESIGN.md, "evenings (soirées)"), shared by the tRPC router, the
 * REST adapter and the client. The REST names the formats `americano`, `mexicano`,
 * `roi_du_terrain`; the rules that need the database or the clock are in
 * `server/services/evenings/`.
 */
export const EVENING_FORMAT_KEYS = ['americano', 'mexicano', 'roi_du_terrain'] as const;
export const ZEveningFormat = z.enum(EVENING_FORMAT_KEYS, { error: EVENING_TEXT.formatInvalid });
export type TEveningFormat = z.infer<typeof ZEveningFormat>;

/** An evening's player cap: 4 to 32 (a late arrival seated by the organiser grows it up to 32). */
export const EVENING_MAX_PLAYERS = 32;

export const ZCreateEveningInput = ZMatchFields.omit({ slots: true }).extend({
  format: ZEveningFormat,
  courts: boundedInt(1, 8, EVENING_TEXT.courtsRange),
  max_players: boundedInt(4, EVENING_MAX_PLAYERS, EVENING_TEXT.capRange),
  points_per_game: boundedInt(4, 99, EVENING_TEXT.pointsRange),
  competitive: z.boolean().optional(),
  visibility: ZVisibility.optional(),
  price_cents: boundedInt(0, 100_000, EVENING_TEXT.priceRange).nullish(),
  group_id: ZId.nullish(),
  sit_out_rule: z.enum(['average', 'zero']).optional(),
  mexicano_pairing: z.enum(['1-4', '1-3']).optional(),
  /** The organiser takes a seat too (most organisers play). */
  organiser_plays: z.boolean().optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TCreateEveningInput = z.infer<typeof ZCreateEveningInput>;

export const ZEveningIdInput = z.object({ id: ZId });
export const ZEveningAccessInput = ZEveningIdInput.extend(ZShareTokenQuery.shape);
export type TEveningAccessInput = z.infer<typeof ZEveningAccessInput>;

export const ZEveningPlayerInput = ZEveningIdInput.extend({ userId: ZId });

const ZPoints = boundedInt(0, 99, EVENING_MSG.scoreShape);
export const ZScore = z.tuple([ZPoints, ZPoints], { error: EVENING_MSG.scoreShape });

export const ZScoreInput = z.object({
  score: ZScore,
  /**
   * The score the player saw (null: none yet). A different stored score means someone else
   * entered one meanwhile: the answer is a 409 with that score, nothing is overwritten.
   */
  previous: ZScore.nullish(),
});
export const ZEveningScoreInput = ZEveningIdInput.extend({ gameId: ZId, ...ZScoreInput.shape });
export type TEveningScoreInput = z.infer<typeof ZEveningScoreInput>;

const ZPlayerName = z.object({ user_id: z.number(), name: z.string() });
const ZGame = z.object({
  id: z.number(),
  court: z.number(),
  teams: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
  score: z.tuple([z.number(), z.number()]).nullable(),
});
export type TEveningGame = z.infer<typeof ZGame>;

export const ZEvening = z.object({
  id: z.number(),
  format: ZEveningFormat,
  status: z.enum(['open', 'running', 'finished']),
  place: z.object({ id: z.number(), name: z.string(), city: z.string() }),
  date: z.string(),
  time: z.string(),
  levels: z.array(z.string()),
  courts: z.number(),
  max_players: z.number(),
  points_per_game: z.number(),
  competitive: z.boolean(),
  price_cents: z.number().nullable(),
  visibility: z.enum(['public', 'private']),
  sit_out_rule: z.enum(['average', 'zero']),
  /** How a Mexicano pairs each court's four by the table (1st+4th or 1st+3rd); kept for others. */
  mexicano_pairing: z.enum(['1-4', '1-3']),
  signups_closed: z.boolean(),
  current_round: z.number(),
  organiser: ZPlayerName,
  players: z.array(ZPlayerName),
  waiting: z.number(),
  /** The waiting players in queue order, for the organiser only (empty for anyone else). */
  waiting_list: z.array(ZPlayerName),
  rounds: z.array(
    z.object({ number: z.number(), games: z.array(ZGame), sitting_out: z.array(z.number()) }),
  ),
  standings: z.array(
    ZPlayerName.extend({
      points: z.number(),
      games: z.number(),
      wins: z.number(),
      diff: z.number(),
    }),
  ),
  /** What the viewer is: organiser, player, waiting (with the position), or nothing yet. */
  me: z.object({
    organiser: z.boolean(),
    playing: z.boolean(),
    waitlist_position: z.number().nullable(),
  }),
  /** The private evening's link token, for its organiser and players only. */
  share_token: z.string().nullable(),
});
export type TEvening = z.infer<typeof ZEvening>;

export const ZEveningCard = ZEvening.pick({
  id: true,
  format: true,
  status: true,
  place: true,
  date: true,
  time: true,
  levels: true,
  courts: true,
  max_players: true,
  points_per_game: true,
  competitive: true,
  price_cents: true,
}).extend({
  signed_up: z.number(),
  /** The viewer's final rank and the number ranked, once the evening is finished and he played. */
  my_rank: z.object({ rank: z.number(), of: z.number() }).nullable(),
});
export type TEveningCard = z.infer<typeof ZEveningCard>;

export const ZEveningAnswer = z.object({ message: z.string(), evening: ZEvening });
export type TEveningAnswer = z.infer<typeof ZEveningAnswer>;

export const ZEveningJoinAnswer = ZEveningAnswer.extend({
  waitlist_position: z.number().nullable(),
});
export type TEveningJoinAnswer = z.infer<typeof ZEveningJoinAnswer>;
