import { and, eq } from 'drizzle-orm';
import { LEVEL_TRUST_TEXT } from '../../../common/messages-season';
import type { TVerifiedAnswer } from '../../../common/schemas/leaderboard';
import type { DbOrTx } from '../../../db/client';
import { groupMembers, levelVerifications, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit/audit-log';
import { membershipOf } from '../groups/access';

/** Marks (or unmarks) the player's current level verified, in the caller's transaction. */
async function mark(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  actor: SessionUser,
  userId: number,
  verified: boolean,
): Promise<TVerifiedAnswer> {
  const [player] = await tx
    .select({ level: users.level })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!player) throw notFound(LEVEL_TRUST_TEXT.userNotFound);
  if (verified) {
    if (!player.level) throw badRequest(LEVEL_TRUST_TEXT.noLevel);
    const values = { level: player.level, verifiedBy: actor.id, verifiedAt: deps.clock.now() };
    await tx
      .insert(levelVerifications)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: levelVerifications.userId, set: values });
  } else await tx.delete(levelVerifications).where(eq(levelVerifications.userId, userId));
  return {
    success: true,
    message: verified ? LEVEL_TRUST_TEXT.verifiedSaved : LEVEL_TRUST_TEXT.unverifiedSaved,
    level_verified: verified,
  };
}

/** A site admin vouches for a player's level (or withdraws it); in the audit trail. */
export async function adminSetLevelVerified(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  { userId, verified }: { userId: number; verified: boolean },
): Promise<TVerifiedAnswer> {
  return deps.db.transaction(async (tx) => {
    const answer = await mark(tx, deps, actor, userId, verified);
    await writeAudit(tx, deps, actor, {
      action: 'update',
      entity: 'user',
      entityId: userId,
      details: { level_verified: verified },
    });
    return answer;
  });
}

/**
 * An admin of a group vouches for a member's level (or withdraws it): the group's 404 to anyone
 * outside it, a French 403 to a plain member, a 404 for someone not in the group.
 */
export async function groupSetLevelVerified(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  { id, userId, verified }: { id: number; userId: number; verified: boolean },
): Promise<TVerifiedAnswer> {
  return deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, id, { adminOnly: true });
    const [member] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)));
    if (!member) throw notFound(LEVEL_TRUST_TEXT.notMember);
    return mark(tx, deps, actor, userId, verified);
  });
}
