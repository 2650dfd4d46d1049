import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { emailEquals } from '../users';

/** Whether ADMIN_EMAILS (lower-cased by env.ts) lists this e-mail. */
export const isListedAdmin = (deps: Pick<Deps, 'env'>, email: string | null) =>
  email !== null && deps.env.ADMIN_EMAILS.includes(email.toLowerCase());

/**
 * Users listed in ADMIN_EMAILS become admins when they register or log in, so the first admin of a
 * fresh install needs no database access. Being unlisted later removes nothing (admins manage that).
 */
export async function promoteIfListed(
  deps: Pick<Deps, 'db' | 'env'>,
  user: { id: number; email: string | null; isAdmin: boolean },
) {
  if (user.isAdmin || !isListedAdmin(deps, user.email)) return;
  await deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
}

/**
 * `npm run admin -- grant <email>`: makes an existing account admin. Returns the account, or null
 * when no account has this e-mail.
 */
export async function grantAdmin(
  deps: Pick<Deps, 'db'>,
  email: string,
): Promise<{ id: number; name: string } | null> {
  const [row] = await deps.db
    .update(users)
    .set({ isAdmin: true })
    .where(emailEquals(email.trim()))
    .returning({ id: users.id, name: users.name });
  return row ?? null;
}
