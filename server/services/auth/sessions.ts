import { and, eq, ne } from 'drizzle-orm';
import { sessions, trustedDevices } from '../../../db/schema';
import type { Deps } from '../../deps';
import { createSession, revokeSession, type SessionUser } from '../../lib/auth';
import type { TUser } from '../../../common/schemas/users';
import { findUser } from '../users';

export interface LoggedIn {
  user: TUser;
  /** 128-bit bearer token; also set as the httpOnly session cookie by the transport. */
  token: string;
  expiresAt: Date;
}

/**
 * Opens a new session for `userId` (a fresh random token on every login) and, when the client sent
 * its device id, remembers that device as trusted for this account.
 */
export async function startSession(deps: Pick<Deps, 'db' | 'clock'>, userId: number, deviceId?: string | null): Promise<LoggedIn> {
  const { token, expiresAt } = await createSession(deps, userId, deviceId ?? null);
  if (deviceId) await trustDevice(deps, userId, deviceId);
  const user = await findUser(deps.db, userId);
  if (!user) throw new Error(`user ${userId} vanished during login`);
  return { user, token, expiresAt };
}

/** Remembers (or refreshes) a device the player logged in from; `checkDevice` reads it back. */
async function trustDevice(deps: Pick<Deps, 'db' | 'clock'>, userId: number, deviceId: string) {
  const now = deps.clock.now();
  await deps.db
    .insert(trustedDevices)
    .values({ userId, deviceId, trustedAt: now })
    .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.deviceId], set: { trustedAt: now } });
}

/** Whether the session's user has logged in from this device before (spec: "device trust check"). */
export async function checkDevice(deps: Pick<Deps, 'db'>, actor: SessionUser, deviceId: string): Promise<{ isTrusted: boolean }> {
  const [row] = await deps.db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, actor.id), eq(trustedDevices.deviceId, deviceId)))
    .limit(1);
  return { isTrusted: Boolean(row) };
}

/** Logout revokes the session on the server, so a copied token or cookie is dead too. */
export async function logout(deps: Pick<Deps, 'db'>, actor: SessionUser): Promise<{ success: true }> {
  await revokeSession(deps, actor.sessionId);
  return { success: true };
}

/** After a PIN change or reset every other session of the account ends (they may be an intruder's). */
export async function revokeOtherSessions(deps: Pick<Deps, 'db'>, userId: number, keepSessionId?: number) {
  await deps.db
    .delete(sessions)
    .where(keepSessionId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
