import { z } from 'zod';
import { checkSets, checkTeams, RESULT_MSG, type TTeamEntry } from '../results';
import { ZId } from './primitives';
import { ZMatchIdInput, ZReason } from './matches';
import { ZShareToken } from './room';

/**
 * Result, profile and reliability inputs and outputs, shared by the `results` router, the REST
 * adapter and the client's forms. The padel rules themselves are `common/results.ts`.
 */

const ZScore = z.number({ error: RESULT_MSG.setsCount }).int(RESULT_MSG.setsCount);
/** A reserved seat of the match in a team: `{ "guest": <id of the seat in the match's `guests`> }`. */
export const ZGuestEntry = z
  .strictObject(
    {
      guest: ZId.describe(
        'Identifiant de la place réservée : `guests[].id` de `GET /api/matches/{id}`',
      ),
    },
    { error: RESULT_MSG.teamEntryInvalid },
  )
  .describe('Un invité (place réservée du match) : il joue mais n’a pas de classement');

/** A team entry: a player's user id, or a reserved-seat guest (see `TTeamEntry`). */
export const ZTeamEntry = z.union([ZId, ZGuestEntry], { error: RESULT_MSG.teamEntryInvalid });

/**
 * `{ teams: [[u,u],[u,u]], sets: [[6,4],[3,6],[10,8]] }`, where a `u` may also be `{ guest: id }`:
 * shapes and padel rules here, membership of the match in the service.
 */
const resultFields = {
  teams: z
    .array(z.array(ZTeamEntry, { error: RESULT_MSG.teamsShape }).max(4, RESULT_MSG.teamsShape), {
      error: RESULT_MSG.teamsShape,
    })
    .max(4, RESULT_MSG.teamsShape)
    .describe(
      'Deux équipes de deux : un joueur par son identifiant, un invité (place réservée) par `{ "guest": id }`, p. ex. `[[12, { "guest": 3 }], [14, 15]]`',
    ),
  sets: z.array(z.array(ZScore), { error: RESULT_MSG.setsCount }).max(5, RESULT_MSG.setsCount),
};
function resultRules(
  v: { teams: TTeamEntry[][]; sets: number[][] },
  ctx: z.RefinementCtx<{ teams: TTeamEntry[][]; sets: number[][] }>,
) {
  const teams = checkTeams(v.teams);
  if (!teams.ok) ctx.addIssue({ code: 'custom', path: ['teams'], message: teams.message });
  const sets = checkSets(v.sets);
  if (!sets.ok) ctx.addIssue({ code: 'custom', path: ['sets'], message: sets.message });
}
export const ZResultBody = z.object(resultFields).superRefine(resultRules);
export type TResultBody = z.infer<typeof ZResultBody>;

export const ZEnterResultInput = ZMatchIdInput.extend(resultFields).superRefine(resultRules);
export type TEnterResultInput = z.infer<typeof ZEnterResultInput>;

export const ZContestReason = ZReason;
export const ZContestBody = z.object({ reason: ZContestReason });
export const ZContestResultInput = ZMatchIdInput.extend({ reason: ZContestReason });
export type TContestResultInput = z.infer<typeof ZContestResultInput>;

export const ZDecideResultInput = ZMatchIdInput.extend({
  decision: z.enum(['confirmed', 'rejected'], { error: 'Décision invalide.' }),
});
export type TDecideResultInput = z.infer<typeof ZDecideResultInput>;

export const ZResultStatus = z.enum(['pending', 'confirmed', 'contested', 'rejected']);

/** A player of a shown team: "Prénom N.", with a profile. */
export const ZTeamUser = z.object({ user_id: z.number(), name: z.string() });
/**
 * A reserved-seat guest of a shown team: `name` is « Invité de Paul » (the organiser's first
 * name); `guest_name` the guest's own first name, for the match's organiser and players only.
 */
export const ZTeamGuest = z
  .object({
    guest_id: z.number(),
    name: z.string(),
    guest_name: z.string().nullable(),
  })
  .describe(
    'Un invité (place réservée) : `name` « Invité de Paul » (prénom de l’organisateur), `guest_name` son prénom, pour l’organisateur et les joueurs du match seulement',
  );
export const ZTeamPlayer = z.union([ZTeamUser, ZTeamGuest]);
export type TTeamPlayer = z.infer<typeof ZTeamPlayer>;

/** A match's result as its page shows it; `viewer_side` is the viewer's team (null: not in one). */
export const ZMatchResultView = z.object({
  match_id: z.number(),
  teams: z.array(z.array(ZTeamPlayer)),
  sets: z.array(z.array(z.number())),
  winner: z.number(),
  status: ZResultStatus,
  entered_by: z.number().nullable(),
  entered_at: z.string(),
  contest_reason: z.string().nullable(),
  viewer_side: z.number().nullable(),
  /** The viewer may confirm or contest (a player of the other team, still pending). */
  can_answer: z.boolean(),
  /**
   * While pending: when it counts as confirmed without an answer (48 h after it was entered), and
   * whether anyone can answer before (not when the other team is two guests).
   */
  auto_confirm_at: z.string().nullable(),
  has_answerer: z.boolean(),
  /**
   * The co-players the viewer may still give a word on their level (issue 43): a confirmed
   * result's other players the viewer has not judged yet; empty for anyone not in the teams.
   */
  may_judge: z.array(z.number().int()),
});
export type TMatchResultView = z.infer<typeof ZMatchResultView>;

/** The result part of a match page: a private match's link carries its token, as for `matches.byId`. */
export const ZResultStateInput = ZMatchIdInput.extend({ token: ZShareToken.optional() });

/** The match's result if any, and what the viewer may do. */
export const ZMatchResultState = z.object({
  result: ZMatchResultView.nullable(),
  can_enter: z.boolean(),
  /** Players the organiser may still declare absent (within 48 h), and who already is. */
  can_mark_absent: z.boolean(),
  absent: z.array(z.object({ user_id: z.number(), status: z.string() })),
  /** Reliability of each player shown on the participant list ("Fiable 95 %"), from 5 matches. */
  reliability: z.array(z.object({ user_id: z.number(), percent: z.number().nullable() })),
});
export type TMatchResultState = z.infer<typeof ZMatchResultState>;

export const ZResultAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  result: ZMatchResultView,
});
export type TResultAnswer = z.infer<typeof ZResultAnswer>;

export const ZNoShowInput = ZMatchIdInput.extend({ userId: ZId });
export type TNoShowInput = z.infer<typeof ZNoShowInput>;
export const ZNoShowContestInput = ZMatchIdInput.extend({ reason: ZReason });
export const ZNoShowDecideInput = ZNoShowInput.extend({
  decision: z.enum(['upheld', 'cancelled'], { error: 'Décision invalide.' }),
});
export const ZNoShowAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  match_id: z.number(),
  user_id: z.number(),
  status: z.string(),
});

export const ZUserIdInput = z.object({ id: ZId });

export const ZReliability = z.object({
  /** Null until 5 matches are known. */
  percent: z.number().nullable(),
  matches: z.number(),
});

export const ZProfileResult = z.object({
  match_id: z.number(),
  date: z.string(),
  place_name: z.string(),
  sets: z.array(z.array(z.number())),
  won: z.boolean(),
});

export const ZPlayerProfile = z.object({
  id: z.number(),
  first_name: z.string(),
  last_initial: z.string(),
  level: z.object({ niveau: z.string(), label: z.string(), couleur: z.string() }).nullable(),
  photo: z.string().nullable(),
  played: z.number(),
  /** « provisoire » (issue 43): fewer than 5 confirmed results so far. */
  level_provisional: z.boolean(),
  /** « vérifié » by an admin or an admin of one of the player's groups, for this level. */
  level_verified: z.boolean(),
  won: z.number(),
  win_rate: z.number().nullable(),
  /** Positive: wins in a row; negative: losses in a row. */
  streak: z.number(),
  favourite_places: z.array(
    z.object({ place_id: z.number(), name: z.string(), count: z.number() }),
  ),
  partners: z.array(z.object({ user_id: z.number(), name: z.string(), count: z.number() })),
  last_results: z.array(ZProfileResult),
  reliability: ZReliability,
  /** Only on one's own profile: the level the last results point to, if offered. */
  suggestion: z.object({ niveau: z.string(), label: z.string(), text: z.string() }).nullable(),
});
export type TPlayerProfile = z.infer<typeof ZPlayerProfile>;

export const ZSuggestionAnswer = z.object({ success: z.literal(true), message: z.string() });

export const ZContestedItem = z.object({
  match_id: z.number(),
  date: z.string(),
  place_name: z.string(),
  sets: z.array(z.array(z.number())),
  teams: z.array(z.array(ZTeamPlayer)),
  winner: z.number(),
  reason: z.string().nullable(),
});
export const ZContestedNoShow = z.object({
  match_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  date: z.string(),
  reason: z.string().nullable(),
});
export const ZAdminContested = z.object({
  results: z.array(ZContestedItem),
  no_shows: z.array(ZContestedNoShow),
});
export const ZRatingHistory = z.object({
  user_id: z.number(),
  rating: z.number().nullable(),
  suggestion: z.string().nullable(),
  history: z.array(
    z.object({ match_id: z.number().nullable(), rating: z.number(), at: z.string() }),
  ),
});
export const ZLevelDistribution = z.array(
  z.object({ niveau: z.string().nullable(), label: z.string().nullable(), players: z.number() }),
);
export const ZRatingSettings = z.object({ suggestions_enabled: z.boolean() });
export const ZResultLine = z.object({
  match_id: z.number(),
  status: ZResultStatus,
  text: z.string(),
});
