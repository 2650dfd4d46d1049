import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  auditLog,
  authThrottles,
  matchWaitlist,
  otpCodes,
  pollAnswers,
  polls,
  pollSlots,
  users,
} from '../../../db/schema';
import {
  announceMatchesChange,
  announcePollChange,
  announceSessionsChange,
  nextPollVersion,
} from '../events/announce';
import { announceCancellationsOf, announceDeletionsOf } from '../matches/mutations';
import { removeUserFromMatches } from '../matches/participation';
import type { NotifyDeps } from '../notifications/enqueue';
import { userKey } from '../auth/throttle';
import { scrubNameFromNotices } from '../notifications/scrub';
import { unnameInChats } from '../chat/system';

export interface ErasedUser {
  /** Matches of other players in which a place was given back (to the first waiting player, if any). */
  placesGivenBack: number;
}

/**
 * Removes an account and everything that refers to it, inside the caller's transaction: the places
 * it held in other players' matches are given back, the matches it created go (their players and
 * waiting players are told through the outbox), and its photo, sessions, trusted devices, OTP codes,
 * login throttle, the details of audit entries about it and its name in notices to other players
 * (« Un joueur ») are erased. Audit entries it wrote as an admin keep their action with no author
 * (FK `set null`). Both the player's own deletion and the admin's use it.
 */
export async function eraseUser(tx: DbOrTx, deps: NotifyDeps, userId: number): Promise<ErasedUser> {
  const [account] = await tx
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) return { placesGivenBack: 0 };
  const placesGivenBack = await removeUserFromMatches(tx, deps, userId);
  // Through the outbox, in this transaction: the notices exist if and only if the deletion does.
  await announceCancellationsOf(tx, deps, userId);
  const targets = [
    and(eq(otpCodes.channel, 'sms'), eq(otpCodes.target, account.phone)),
    ...(account.email
      ? [and(eq(otpCodes.channel, 'email'), eq(otpCodes.target, account.email.toLowerCase()))]
      : []),
  ];
  await tx.delete(otpCodes).where(or(...targets));
  await tx.delete(authThrottles).where(eq(authThrottles.key, userKey(userId)));
  await tx
    .update(auditLog)
    .set({ details: null })
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))));
  // Last, so the "a quitté" notices just written for the places given back are scrubbed too.
  await scrubNameFromNotices(tx, account.name);
  await unnameInChats(tx, userId, account.name);
  // Live subscribers: the queues the player leaves, the matches going with the account, and the
  // player's own open streams (their sessions go too); delivered only if this deletion commits.
  const queues = await tx
    .select({ matchId: matchWaitlist.matchId })
    .from(matchWaitlist)
    .where(eq(matchWaitlist.userId, userId));
  await announceMatchesChange(
    tx,
    queues.map((q) => q.matchId),
    'waitlist',
  );
  await announceDeletionsOf(tx, userId);
  // The open polls the player answered: their answers go with the account, and the counts with them.
  const answered = await tx
    .selectDistinct({ id: polls.id })
    .from(pollAnswers)
    .innerJoin(pollSlots, eq(pollSlots.id, pollAnswers.slotId))
    .innerJoin(polls, eq(polls.id, pollSlots.pollId))
    .where(and(eq(pollAnswers.userId, userId), eq(polls.status, 'open')));
  if (answered.length > 0)
    await tx
      .update(polls)
      .set({ updatedAt: nextPollVersion })
      .where(
        inArray(
          polls.id,
          answered.map((a) => a.id),
        ),
      );
  for (const { id } of answered) await announcePollChange(tx, id);
  await announceSessionsChange(tx, userId);
  // Matches, participations, sessions, photo, devices and notices to the player follow by FK cascade.
  await tx.delete(users).where(eq(users.id, userId));
  return { placesGivenBack };
}
