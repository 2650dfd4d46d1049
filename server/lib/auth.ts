import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { MSG } from '../../common/messages';
import type { Deps } from '../deps';
import { AppError } from './errors';

/** The person behind a request, read from the database on every call (so admin rights are current). */
export interface SessionUser {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  level: string | null;
  isAdmin: boolean;
  sessionId: number;
}

export const SESSION_COOKIE = 'padel_session';
/** A session dies after this long without use… */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and in any case this long after login. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** Refreshing `last_seen_at` on every request would turn every read into a write. */
const TOUCH_EVERY_MS = 5 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 128 bits of randomness, new on every login. */
const newSessionToken = () => randomBytes(16).toString('base64url');

/** Opens a session: only the token's SHA-256 is stored, so a database leak yields no usable token. */
export async function createSession(deps: Pick<Deps, 'db' | 'clock'>, userId: number, deviceId: string | null) {
  const token = newSessionToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await deps.db.insert(sessions).values({ tokenHash: hashToken(token), userId, deviceId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** Ends one session at once (logout): the token is dead on every instance. */
export async function revokeSession(deps: Pick<Deps, 'db'>, sessionId: number) {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}

const prepareSessionLookup = (db: Db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      level: users.level,
      isAdmin: users.isAdmin,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The user behind a token, in one prepared query per request: the session must be unexpired (30
 * days after login) and used within the last 7 days. Admin rights are read fresh, never cached in
 * the token.
 */
export async function resolveSession(deps: Pick<Deps, 'db' | 'clock'>, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const now = deps.clock.now();
  let lookup = sessionLookups.get(deps.db);
  if (!lookup) sessionLookups.set(deps.db, (lookup = prepareSessionLookup(deps.db)));
  const [row] = await lookup.execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, now)));
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    level: row.level,
    isAdmin: row.isAdmin,
    sessionId: row.sessionId,
  };
}

/** 401 in French without a session: the shared check of tRPC middlewares and REST routes. */
export function assertUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('UNAUTHORIZED', MSG.auth.required);
  return user;
}

/** 403 in French unless the session's user is an admin (read from the database on this request). */
export function assertAdmin(user: SessionUser | null): SessionUser {
  const u = assertUser(user);
  if (!u.isAdmin) throw new AppError('FORBIDDEN', MSG.auth.adminOnly);
  return u;
}

/**
 * Legacy payloads carry `user_id`, `created_by`, `userId` or a `user-id` header. They grant nothing:
 * when present they must name the session's own user.
 */
export function assertSelf(user: SessionUser, claimedId: number | string | null | undefined) {
  if (claimedId === undefined || claimedId === null || claimedId === '') return;
  if (Number(claimedId) !== user.id) throw new AppError('FORBIDDEN', MSG.auth.notYours);
}
