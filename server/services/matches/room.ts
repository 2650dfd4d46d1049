import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished } from '../../../common/schedule';
import type { TMyRequest, TRoomFields, TVisibility } from '../../../common/schemas/room';
import type { DbOrTx } from '../../../db/client';
import { matches, matchGuests, matchRequests } from '../../../db/schema';
import { hasStanding } from '../rooms/members';
import type { SessionUser } from '../../lib/auth';
import { type AppError, badRequest, notFound } from '../../lib/errors';

/**
 * The room's rules shared by create, edit, the match page and the doors that act on one match
 * (issue 25): reserved seats, private matches and who may see them.
 */

/** 16 random bytes: a private match's link cannot be guessed, unlike its sequential id. */
export const newShareToken = () => randomBytes(16).toString('base64url');

/**
 * Reserved seats leave at least one place to fill (0..slots−1) and never more than the places the
 * players have left (`joined` already in): free places = slots − joined − guests ≥ 0.
 */
export function checkGuests(guests: readonly string[], slots: number, joined: number) {
  if (guests.length > slots - 1) throw badRequest(MSG.room.guestsTooMany(Math.max(0, slots - 1)));
  if (guests.length > slots - joined) throw badRequest(MSG.room.guestsAboveFree(slots - joined));
}

/** The room columns of an insert or update; a private match gets its token once and keeps it. */
export function roomColumns(fields: TRoomFields, currentToken: string | null = null) {
  const visibility: TVisibility | undefined = fields.visibility;
  return {
    ...(visibility ? { visibility } : {}),
    ...(visibility === 'private' && !currentToken ? { shareToken: newShareToken() } : {}),
    ...(fields.open_levels !== undefined ? { openLevels: fields.open_levels } : {}),
  };
}

/** Replaces the reserved seats of a match by `guests` (create, or an edit that sends them). */
export async function writeGuests(tx: DbOrTx, matchId: number, guests: readonly string[]) {
  await tx.delete(matchGuests).where(eq(matchGuests.matchId, matchId));
  if (guests.length > 0)
    await tx.insert(matchGuests).values(guests.map((name) => ({ matchId, name })));
}

export const guestCount = (tx: DbOrTx, matchId: number) =>
  tx.$count(matchGuests, eq(matchGuests.matchId, matchId));

/** Constant-time comparison of a presented token with the stored one. */
export function tokenMatches(stored: string | null, presented: string | null | undefined) {
  if (!stored || !presented) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a match must not exist for `userId`: it is private and they are neither its organiser,
 * a player, nor someone with a standing in it. The doors that refuse a known viewer with a 403
 * (participants' phones, results, absences) answer such a stranger the 404 of an unknown id.
 */
export async function isHiddenFrom(tx: DbOrTx, matchId: number, userId: number): Promise<boolean> {
  const [m] = await tx
    .select({
      visibility: matches.visibility,
      createdBy: matches.createdBy,
      isIn: sql<boolean>`exists (select 1 from match_participants mp where mp.match_id = ${matches.id} and mp.user_id = ${userId}::int)`,
    })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  if (!m) return true;
  if (m.visibility === 'public' || m.createdBy === userId || m.isIn) return false;
  return !(await hasStanding(tx, matchId, userId));
}

/** The refusal of a viewer who may know the match (403 `message`), or the unknown id's 404. */
export async function refusal(
  tx: DbOrTx,
  matchId: number,
  userId: number,
  refuse: () => AppError,
  hidden: () => AppError = () => notFound(MSG.match.notFound),
): Promise<AppError> {
  return (await isHiddenFrom(tx, matchId, userId)) ? hidden() : refuse();
}

/**
 * THE access rule of a private match, for every door that reads or acts on one match by id: a
 * public match is anyone's; a private one is its organiser's, its players', its waiting players'
 * and requesters', its group's members (a match kept to its group), and whoever presents its
 * link's token. Anyone else gets the same French 404 as for a match that does not exist, so
 * private ids cannot be probed.
 */
export async function assertCanReach(
  tx: DbOrTx,
  actor: SessionUser,
  matchId: number,
  m: { visibility: TVisibility; shareToken: string | null; createdBy: number; isIn: boolean },
  token: string | null | undefined,
) {
  if (m.visibility === 'public' || m.createdBy === actor.id || m.isIn) return;
  if (tokenMatches(m.shareToken, token)) return;
  if (await hasStanding(tx, matchId, actor.id)) return;
  throw notFound(MSG.match.notFound);
}

/** The match row as the request doors need it, locked, after the access rule; a French 404 else. */
export async function lockReachableMatch(
  tx: DbOrTx,
  actor: SessionUser,
  matchId: number,
  token: string | null | undefined,
) {
  const [m] = await tx
    .select({
      visibility: matches.visibility,
      shareToken: matches.shareToken,
      createdBy: matches.createdBy,
      openLevels: matches.openLevels,
      levels: matches.levels,
      date: matches.date,
      time: matches.time,
      missingPlayers: matches.missingPlayers,
      gender: matches.gender,
      slots: matches.slots,
      isIn: sql<boolean>`exists (select 1 from match_participants mp where mp.match_id = ${matches.id} and mp.user_id = ${actor.id}::int)`,
    })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1)
    .for('update');
  if (!m) throw notFound(MSG.match.notFound);
  await assertCanReach(tx, actor, matchId, m, token);
  return m;
}

/** A started match takes no more requests: its pending ones are marked expired. */
export async function expireIfStarted(
  tx: DbOrTx,
  matchId: number,
  m: { date: string; time: string },
  clock: { now(): Date },
  timeZone: string,
): Promise<boolean> {
  if (!isFinished(m, clock.now(), timeZone)) return false;
  await tx
    .update(matchRequests)
    .set({ status: 'expired', answeredAt: sql`now()` })
    .where(and(eq(matchRequests.matchId, matchId), eq(matchRequests.status, 'pending')));
  return true;
}

/** Reserved seats of a match, in the order they were made. */
export const guestsOf = (tx: DbOrTx, matchId: number) =>
  tx
    .select({ id: matchGuests.id, name: matchGuests.name })
    .from(matchGuests)
    .where(eq(matchGuests.matchId, matchId))
    .orderBy(asc(matchGuests.id));

/** A match's id, visibility and token, by its id or by its share token (unique index). */
export async function shareKeyOf(db: DbOrTx, key: { id: number } | { token: string }) {
  const [row] = await db
    .select({ id: matches.id, visibility: matches.visibility, shareToken: matches.shareToken })
    .from(matches)
    .where('id' in key ? eq(matches.id, key.id) : eq(matches.shareToken, key.token))
    .limit(1);
  return row ?? null;
}

/** A viewer's latest request as pages and cards show it: a pending one expires when the match starts. */
export const requestState = (status: TMyRequest, finished: boolean): TMyRequest =>
  status === 'pending' && finished ? 'expired' : status;
