import { eq, sql } from 'drizzle-orm';
import {
  GENDER_TEXT,
  PLAYER_GENDERS,
  type TMatchGender,
  type TPlayerGender,
} from '../../../common/messages-court';
import type { DbOrTx } from '../../../db/client';
import { badRequest } from '../../lib/errors';
import { matches, matchParticipants, users } from '../../../db/schema';

/** Why a seat is not for this player: no gender given yet (the app asks), or the rule says no. */
export interface GenderRefusal {
  refusal: 'no-gender' | 'wrong-gender';
  message: string;
}

/** A « Mixte » match takes as many men as women: half its players each (organiser included). */
export const mixteCap = (slots: number) => Math.ceil((slots + 1) / 2);

/**
 * Which genders may still take a seat, from the rule and (for « Mixte ») who plays already: the
 * one place the rule is written. `players` counts the organiser and the players by gender.
 */
export function openTo(
  rule: TMatchGender,
  slots: number,
  players: Readonly<Record<TPlayerGender, number>>,
): TPlayerGender[] {
  if (rule === 'hommes') return ['homme'];
  if (rule === 'femmes') return ['femme'];
  if (rule === 'ouvert') return [...PLAYER_GENDERS];
  return PLAYER_GENDERS.filter((g) => players[g] < mixteCap(slots));
}

/** The organiser and the players of a match, counted by gender (a player who gave none: neither). */
export async function playersByGender(
  tx: DbOrTx,
  matchId: number,
): Promise<Record<TPlayerGender, number>> {
  const seated = tx
    .select({ id: matchParticipants.userId })
    .from(matchParticipants)
    .where(eq(matchParticipants.matchId, matchId));
  const organiser = tx
    .select({ id: matches.createdBy })
    .from(matches)
    .where(eq(matches.id, matchId));
  const rows = await tx
    .select({ gender: users.gender, n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.id} in (${seated} union ${organiser})`)
    .groupBy(users.gender);
  const count = (g: TPlayerGender) => rows.find((r) => r.gender === g)?.n ?? 0;
  return { homme: count('homme'), femme: count('femme') };
}

/** The player's gender as their profile gives it (null: not given). */
export async function genderOf(tx: DbOrTx, userId: number): Promise<TPlayerGender | null> {
  const [row] = await tx.select({ gender: users.gender }).from(users).where(eq(users.id, userId));
  return row?.gender ?? null;
}

/**
 * Whether the match's gender rule lets this player in, or why not. Call it holding the match row
 * (`takeSeat` does): the players counted for « Mixte » are then the committed ones, so twenty men
 * joining a mixed match with its two men at once all read two and none gets in.
 */
export async function genderRefusal(
  tx: DbOrTx,
  match: { id: number; gender: TMatchGender; slots: number },
  userId: number,
): Promise<GenderRefusal | null> {
  if (match.gender === 'ouvert') return null;
  const gender = await genderOf(tx, userId);
  if (!gender) return { refusal: 'no-gender', message: GENDER_TEXT.needed };
  const open = openTo(match.gender, match.slots, await playersByGender(tx, match.id));
  if (open.includes(gender)) return null;
  const message =
    match.gender === 'mixte' ? GENDER_TEXT.closed.mixte(gender) : GENDER_TEXT.closed[match.gender];
  return { refusal: 'wrong-gender', message };
}

/**
 * A gender rule chosen on create or edit: the organiser plays, so their gender must fit it (given
 * first), and the players already in must too (« Hommes » with a woman in is refused).
 */
export async function checkRuleFits(
  tx: DbOrTx,
  rule: TMatchGender,
  slots: number,
  organiser: number,
  players: Record<TPlayerGender, number> = { homme: 0, femme: 0 },
): Promise<void> {
  if (rule === 'ouvert') return;
  const own = await genderOf(tx, organiser);
  if (!own) throw badRequest(GENDER_TEXT.organiserNeeded);
  const allowed = openTo(rule, slots, { homme: 0, femme: 0 });
  const cap = rule === 'mixte' ? mixteCap(slots) : slots + 1;
  const over = PLAYER_GENDERS.some((g) => players[g] > (allowed.includes(g) ? cap : 0));
  if (!allowed.includes(own) || over) throw badRequest(GENDER_TEXT.ruleBreaksPlayers);
}

/**
 * Whether the rule lets this player ask for or wait for a seat (a request, the waiting list): the
 * player's gender must be given and fit « Hommes » or « Femmes »; a « Mixte » match's seats
 * change as players come and go, so its count is `takeSeat`'s.
 */
export async function queueRefusal(
  tx: DbOrTx,
  match: { id: number; gender: TMatchGender; slots: number },
  userId: number,
): Promise<GenderRefusal | null> {
  if (match.gender === 'ouvert') return null;
  if (match.gender === 'mixte')
    return (await genderOf(tx, userId))
      ? null
      : { refusal: 'no-gender', message: GENDER_TEXT.needed };
  return genderRefusal(tx, match, userId);
}
