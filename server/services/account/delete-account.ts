import { and, eq, ne } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { TDeleteAccountInput } from '../../../common/schemas/account';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { assertSelf, type SessionUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { lockAdminChanges } from './admin-lock';
import { confirmPin } from '../auth/confirm-pin';
import { eraseUser } from './erase';

/**
 * "Supprimer mon compte": a player deletes their own account after confirming with their PIN
 * (throttled like a login). Everything `eraseUser` removes goes in one transaction, so the e-mail
 * and phone are free to register again at once; the players of their upcoming matches are told.
 * The last admin cannot leave: the administration must stay reachable.
 */
export async function deleteOwnAccount(deps: Deps, actor: SessionUser, input: TDeleteAccountInput) {
  assertSelf(actor, input.id);
  await confirmPin(deps, actor.id, input.pin);
  await deps.db.transaction(async (tx) => {
    // Same lock as the admin's changes, so an admin leaving and another being demoted cannot race.
    await lockAdminChanges(tx);
    const [me] = await tx
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, actor.id));
    if (
      me?.isAdmin &&
      (await tx.$count(users, and(eq(users.isAdmin, true), ne(users.id, actor.id)))) === 0
    ) {
      throw badRequest(MSG.admin.lastAdmin);
    }
    return eraseUser(tx, deps, actor.id);
  });
  return { success: true as const, message: MSG.account.deleted };
}
