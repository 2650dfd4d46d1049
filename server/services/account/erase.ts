import { and, eq, ne, or } from 'drizzle-orm';
import { isFinished } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { auditLog, authThrottles, matches, matchParticipants, otpCodes, places, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { removeUserFromMatches } from '../matches/participation';
import { userKey } from '../auth/throttle';

/** A participant of a match that goes away with its creator's account, to be told about it. */
export interface CancelledMatchNotice {
  userId: number;
  email: string | null;
  matchId: number;
  date: string;
  time: string;
  place: string;
}

export interface ErasedUser {
  /** Matches of other players in which a place was given back. */
  placesGivenBack: number;
  /** One per participant of each upcoming match the user had created. */
  notices: CancelledMatchNotice[];
}

/** Who played in the upcoming matches `userId` created: they lose their match with the account. */
async function upcomingParticipants(tx: DbOrTx, deps: Pick<Deps, 'clock' | 'env'>, userId: number): Promise<CancelledMatchNotice[]> {
  const rows = await tx
    .select({
      userId: matchParticipants.userId,
      email: users.email,
      matchId: matches.id,
      date: matches.date,
      time: matches.time,
      place: places.name,
    })
    .from(matches)
    .innerJoin(places, eq(places.id, matches.placeId))
    .innerJoin(matchParticipants, eq(matchParticipants.matchId, matches.id))
    .innerJoin(users, eq(users.id, matchParticipants.userId))
    .where(and(eq(matches.createdBy, userId), ne(matchParticipants.userId, userId)));
  const now = deps.clock.now();
  return rows.filter((r) => !isFinished(r, now, deps.env.APP_TIMEZONE)).map((r) => ({ ...r, time: r.time.slice(0, 5) }));
}

/**
 * Removes an account and everything that refers to it, inside the caller's transaction: the places
 * it held in other players' matches are given back, the matches it created go (their participants
 * are returned for a notice), and its photo, sessions, trusted devices, OTP codes, login throttle
 * and the details of audit entries about it are erased. Audit entries it wrote as an admin keep
 * their action with no author (FK `set null`). Both the player's own deletion and the admin's use it.
 */
export async function eraseUser(tx: DbOrTx, deps: Pick<Deps, 'clock' | 'env'>, userId: number): Promise<ErasedUser> {
  const [account] = await tx.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).for('update');
  if (!account) return { placesGivenBack: 0, notices: [] };
  const notices = await upcomingParticipants(tx, deps, userId);
  const placesGivenBack = await removeUserFromMatches(tx, userId);
  const targets = [
    and(eq(otpCodes.channel, 'sms'), eq(otpCodes.target, account.phone)),
    ...(account.email ? [and(eq(otpCodes.channel, 'email'), eq(otpCodes.target, account.email.toLowerCase()))] : []),
  ];
  await tx.delete(otpCodes).where(or(...targets));
  await tx.delete(authThrottles).where(eq(authThrottles.key, userKey(userId)));
  await tx
    .update(auditLog)
    .set({ details: null })
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))));
  // Matches, participations, sessions, photo and devices follow by FK cascade.
  await tx.delete(users).where(eq(users.id, userId));
  return { placesGivenBack, notices };
}
