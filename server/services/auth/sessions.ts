import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bare, placeholders, cte } from '../../../db/statement';
import { sessions, trustedDevices, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import type { TUser } from '../../../common/schemas/users';
import { LIVE_CHANNEL } from '../../lib/live-channel';
import { prepared } from '../../lib/prepared';
import { announceSessionsChange } from '../events/announce';
import { identityColumns, toUser, userColumns } from '../users';

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
export async function createSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  deviceId: string | null,
) {
  const token = newSessionToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await deps.db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      deviceId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .prepare('session_insert')
    .execute();
  return { token, expiresAt };
}

/**
 * Ends one session at once (logout): the token is dead on every instance, and the same statement
 * tells every instance's live streams of that user to re-check their sessions (so they close).
 */
export async function revokeSession(deps: Pick<Deps, 'db'>, sessionId: number) {
  await deps.db.execute(
    sql`with ended as (delete from ${sessions} where id = ${sessionId}::int returning user_id)
        select pg_notify(${LIVE_CHANNEL}::text, 's:' || user_id) from ended`,
  );
}

/** The session lookup, prepared once per database handle: one round trip per request, SQL built once. */
const sessionLookup = (db: DbOrTx) =>
  prepared(db, 'session_lookup', (name) =>
    db
      .select({ ...identityColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
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
      .prepare(name),
  );

/**
 * The user behind a token, in one prepared query per request (the request context resolves it
 * once for both transports): the session must be unexpired (30 days after login) and used within
 * the last 7 days. Admin rights are read fresh, never cached in the token.
 */
export async function resolveSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const now = deps.clock.now();
  const [row] = await sessionLookup(deps.db).execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  });
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, now)));
  }
  return user;
}

/**
 * Which of these sessions are still alive (not revoked, not expired, used within the idle window):
 * open live streams are re-checked with it when their user's sessions change, and every minute.
 */
export async function liveSessionIds(
  deps: Pick<Deps, 'db' | 'clock'>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, [...ids]),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface LoggedIn {
  user: TUser;
  /** 128-bit bearer token; also set as the httpOnly session cookie by the transport. */
  token: string;
  expiresAt: Date;
}

type StartValues = {
  tokenHash: string;
  userId: number;
  deviceId: string | null;
  now: string;
  expiresAt: string;
};
const sv = placeholders<StartValues>();
const nowSql = sql`${sv('now')}::timestamptz`;
const deviceSql = sql`${sv('deviceId')}::text`;
const opened = cte(
  'opened',
  {},
  sql`insert into ${sessions} (${bare(sessions.tokenHash)}, ${bare(sessions.userId)}, ${bare(sessions.deviceId)},
                               ${bare(sessions.createdAt)}, ${bare(sessions.lastSeenAt)}, ${bare(sessions.expiresAt)})
      values (${sv('tokenHash')}::text, ${sv('userId')}::int, ${deviceSql}, ${nowSql}, ${nowSql},
              ${sv('expiresAt')}::timestamptz)`,
);
const trusted = cte(
  'trusted',
  {},
  sql`insert into ${trustedDevices} (${bare(trustedDevices.userId)}, ${bare(trustedDevices.deviceId)}, ${bare(trustedDevices.trustedAt)})
      select ${sv('userId')}::int, ${deviceSql}, ${nowSql} where ${deviceSql} is not null
      on conflict (${bare(trustedDevices.userId)}, ${bare(trustedDevices.deviceId)})
      do update set ${bare(trustedDevices.trustedAt)} = excluded.${bare(trustedDevices.trustedAt)}`,
);
/** Both writes and the read of the user in one statement, prepared once per handle. */
const startStatement = (db: DbOrTx) =>
  prepared(db, 'session_start', (name) =>
    db
      .with(opened, trusted)
      .select(userColumns)
      .from(users)
      .where(eq(users.id, sql`${sv('userId')}::int`))
      .prepare(name),
  );

/**
 * Opens a new session for `userId` (a fresh random token on every login) and, when the client sent
 * its device id, remembers that device as trusted for this account (`checkDevice` reads it back):
 * both writes and the read of the user in one statement, one round trip.
 */
export async function startSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  deviceId?: string | null,
): Promise<LoggedIn> {
  const token = newSessionToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const [row] = await startStatement(deps.db).execute({
    tokenHash: hashToken(token),
    userId,
    deviceId: deviceId ?? null,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  } satisfies StartValues);
  if (!row) throw new Error(`user ${userId} vanished during login`);
  const user = toUser(row);
  return { user, token, expiresAt };
}

/** Whether the session's user has logged in from this device before (spec: "device trust check"). */
export async function checkDevice(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  deviceId: string,
): Promise<{ isTrusted: boolean }> {
  const [row] = await deps.db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, actor.id), eq(trustedDevices.deviceId, deviceId)))
    .limit(1);
  return { isTrusted: Boolean(row) };
}

/** Logout revokes the session on the server, so a copied token or cookie is dead too. */
export async function logout(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
): Promise<{ success: true }> {
  await revokeSession(deps, actor.sessionId);
  return { success: true };
}

/** After a PIN change or reset every other session of the account ends (they may be an intruder's). */
export async function revokeOtherSessions(
  deps: Pick<Deps, 'db'>,
  userId: number,
  keepSessionId?: number,
) {
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(sessions)
      .where(
        keepSessionId === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
      );
    await announceSessionsChange(tx, userId);
  });
}
