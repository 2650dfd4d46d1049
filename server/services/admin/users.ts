import { and, asc, eq, ne } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { resolvePhone } from '../../../common/phone';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { TActionResult, TAdminUpdateUserInput } from '../../../common/schemas/admin';
import type { TUser } from '../../../common/schemas/users';
import type { TAdminUser } from '../../../common/schemas/admin';
import { isExistingLevel } from '../levels';
import { lockAdminChanges } from '../account/admin-lock';
import { eraseUser } from '../account/erase';
import { findUser, toUser, userColumns } from '../users';
import { changedFields, writeAudit } from '../audit/audit-log';
import { levelVerified } from '../levels';
import { accountTaken } from '../../lib/db-errors';

type AdminDeps = Pick<Deps, 'db' | 'clock' | 'env'>;

/** Every account, oldest first, with its admin flag. */
export async function listUsers(
  deps: Pick<Deps, 'db'>,
  _actor: SessionUser,
): Promise<TAdminUser[]> {
  const rows = await deps.db
    .select({ ...userColumns, verified: levelVerified })
    .from(users)
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...toUser(r), level_verified: r.verified }));
}

/** The phone as registration stores it, by the same rule. */
function phoneOf(raw: string, country: string | undefined): string {
  const checked = resolvePhone(raw, country);
  if (!checked.ok) throw badRequest(checked.message);
  return checked.phone;
}

/**
 * Under the admin-changes lock, re-reads the acting admin (rights are checked per call, and a
 * concurrent call may have just removed them), then refuses a change that would leave no admin.
 */
export async function guardAdminCount(tx: DbOrTx, actor: SessionUser, losing: number) {
  const [me] = await tx
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!me?.isAdmin) throw forbidden(MSG.auth.adminOnly);
  const others = await tx.$count(users, and(eq(users.isAdmin, true), ne(users.id, losing)));
  if (others === 0) throw badRequest(MSG.admin.lastAdmin);
}

/**
 * Edits an account: name, phone (normalised and unique), e-mail (unique whatever its case), level
 * (must exist) and the admin flag. An admin cannot remove their own flag, and the last admin can
 * never lose it, so the administration always stays reachable.
 */
export async function updateUser(
  deps: AdminDeps,
  actor: SessionUser,
  input: TAdminUpdateUserInput,
): Promise<TUser> {
  const phone = phoneOf(input.phone, input.country);
  if (!(await isExistingLevel(deps, input.level))) throw badRequest(MSG.admin.userLevelUnknown);
  if (input.id === actor.id && input.is_admin === false)
    throw badRequest(MSG.admin.cannotDemoteSelf);
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.is_admin === false) await lockAdminChanges(tx);
      const [before] = await tx
        .select({
          name: users.name,
          phone: users.phone,
          email: users.email,
          level: users.level,
          is_admin: users.isAdmin,
        })
        .from(users)
        .where(eq(users.id, input.id))
        .for('update');
      if (!before) throw notFound(MSG.admin.userNotFound);
      const changes = changedFields(before, {
        name: input.name,
        phone,
        email: input.email,
        level: input.level,
        is_admin: input.is_admin,
      });
      if (changes.is_admin === false) await guardAdminCount(tx, actor, input.id);
      if (Object.keys(changes).length > 0) {
        await tx
          .update(users)
          .set({
            name: changes.name,
            phone: changes.phone,
            email: changes.email,
            level: changes.level,
            isAdmin: changes.is_admin,
            updatedAt: deps.clock.now(),
          })
          .where(eq(users.id, input.id));
        await writeAudit(tx, deps, actor, {
          action: 'update',
          entity: 'user',
          entityId: input.id,
          details: changes,
        });
      }
      const user = await findUser(tx, input.id);
      if (!user) throw notFound(MSG.admin.userNotFound);
      return user;
    });
  } catch (e) {
    throw accountTaken(e, { email: MSG.admin.userEmailTaken, phone: MSG.admin.userPhoneTaken });
  }
}

/**
 * Deletes an account in one transaction: the places it took in other players' matches are given
 * back first (to waiting players if any), the players of the upcoming matches it created are told
 * of their cancellation, then the user row goes, and with it (by FK cascade) its sessions, photo
 * and the matches it created. An admin cannot delete themselves, and never the last admin.
 */
export async function deleteUser(
  deps: AdminDeps,
  actor: SessionUser,
  input: { id: number },
): Promise<TActionResult> {
  if (input.id === actor.id) throw badRequest(MSG.admin.cannotDeleteSelf);
  await deps.db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const [target] = await tx
      .select({ name: users.name, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, input.id))
      .for('update');
    if (!target) throw notFound(MSG.admin.userNotFound);
    if (target.isAdmin) await guardAdminCount(tx, actor, input.id);
    const result = await eraseUser(tx, deps, input.id);
    await writeAudit(tx, deps, actor, {
      action: 'delete',
      entity: 'user',
      entityId: input.id,
      details: { name: target.name, places_given_back: result.placesGivenBack },
    });
    return result;
  });
  return { success: true, message: MSG.admin.deleted };
}
