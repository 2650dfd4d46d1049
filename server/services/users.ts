import { eq, sql } from 'drizzle-orm';
import { PHOTO_MAX_BYTES } from '../../common/limits';
import { MSG } from '../../common/messages';
import { rowsOf, type DbOrTx } from '../../db/client';
import { matches, matchParticipants, userPhotos, users } from '../../db/schema';
import type { Deps } from '../deps';
import { assertSelf, type SessionUser } from '../lib/auth';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { TUpdateProfileInput, TUser } from '../../common/schemas/users';
import { isExistingLevel } from './levels';

/** Who a user is (a session's user has these, read fresh on every request): never the PIN hash. */
export const identityColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
  isAdmin: users.isAdmin,
};

/** The columns a `TUser` is built from: never the PIN hash, never the photo bytes. */
export const userColumns = {
  ...identityColumns,
  hasPhoto: users.hasPhoto,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type UserRow = Omit<SessionUser, 'sessionId'> & {
  hasPhoto: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const photoUrl = (id: number, version: Date) =>
  `/api/users/${id}/photo?v=${version.getTime()}`;

/** The client's view of a user; the photo is a cache-busting URL, so lists never carry image bytes. */
export const toUser = (row: UserRow): TUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  level: row.level,
  is_admin: row.isAdmin,
  photo: row.hasPhoto ? photoUrl(row.id, row.updatedAt) : null,
  created_at: row.createdAt.toISOString(),
});

/** One user in the client's shape, or null; works inside a transaction too. */
export async function findUser(db: DbOrTx, id: number): Promise<TUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .prepare('user_by_id')
    .execute();
  return row ? toUser(row) : null;
}

/** A user as they see themselves: `findUser` with their gender and table opt-in, which no one else reads. */
async function findSelf(db: DbOrTx, id: number): Promise<TUser | null> {
  const [row] = await db
    .select({ ...userColumns, gender: users.gender, leaderboard: users.leaderboard })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...toUser(row), gender: row.gender, leaderboard: row.leaderboard } : null;
}

/** The session's own user (`auth.me`), or null when the account was deleted meanwhile. */
export async function getMe(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser | null,
): Promise<TUser | null> {
  return actor ? findSelf(deps.db, actor.id) : null;
}

/**
 * A player reads only their own record (admins manage others through the admin screens): the id
 * grants nothing, so another id is a 403 whoever asks.
 */
export async function getUser(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<TUser> {
  assertSelf(actor, id);
  const user = await findSelf(deps.db, id);
  if (!user) throw notFound(MSG.profile.userNotFound);
  return user;
}

const ACCEPTED_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DATA_URL = /^data:[^,]*?;base64,/i;
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
/** Clients that keep the user whole send our own photo URL back: that means "unchanged". */
const OWN_PHOTO_URL = /^\/api\/users\/\d+\/photo(\?.*)?$/;

/**
 * Decodes a data URL or bare base64 and accepts it only if its bytes are a JPEG, PNG, GIF or WebP
 * (the declared type and file name prove nothing) of at most 5 MB.
 */
async function decodePhoto(text: string): Promise<{ mime: string; data: Buffer }> {
  const base64 = text.replace(DATA_URL, '');
  if (!BASE64.test(base64)) throw badRequest(MSG.profile.photoNotImage);
  const estimated = Math.floor((base64.replace(/\s/g, '').length * 3) / 4);
  if (estimated > PHOTO_MAX_BYTES + 2)
    throw new AppError('PAYLOAD_TOO_LARGE', MSG.profile.photoTooLarge(estimated, PHOTO_MAX_BYTES));
  const data = Buffer.from(base64, 'base64');
  if (data.length > PHOTO_MAX_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      MSG.profile.photoTooLarge(data.length, PHOTO_MAX_BYTES),
    );
  // file-type is imported on the first photo, not at start (about 12 MB loaded).
  const type = await (await import('file-type')).fileTypeFromBuffer(data);
  if (!type || !ACCEPTED_IMAGES.has(type.mime)) throw badRequest(MSG.profile.photoNotImage);
  return { mime: type.mime, data };
}

/**
 * A player edits their own name, level and photo. The level must still exist (an admin may have
 * deleted it), and the photo is stored apart from the user row so lists never load it.
 */
export async function updateProfile(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TUpdateProfileInput,
): Promise<TUser> {
  const { name, level } = input;
  if (!(await isExistingLevel(deps, level))) throw badRequest(MSG.profile.levelGone);
  const keep =
    input.photo === undefined || (input.photo !== null && OWN_PHOTO_URL.test(input.photo));
  // undefined: keep the photo; null (or an empty string): remove it; otherwise: the new image.
  const decoded = keep ? undefined : input.photo ? await decodePhoto(input.photo) : null;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (decoded) {
      await tx
        .insert(userPhotos)
        .values({ userId: actor.id, mime: decoded.mime, data: decoded.data, updatedAt: now })
        .onConflictDoUpdate({
          target: userPhotos.userId,
          set: { mime: decoded.mime, data: decoded.data, updatedAt: now },
        });
    } else if (decoded === null) {
      await tx.delete(userPhotos).where(eq(userPhotos.userId, actor.id));
    }
    const hasPhoto = decoded === undefined ? undefined : decoded !== null;
    await tx
      .update(users)
      .set({
        name,
        level,
        updatedAt: now,
        ...(hasPhoto === undefined ? {} : { hasPhoto }),
        ...(input.gender === undefined ? {} : { gender: input.gender }),
        ...(input.leaderboard === undefined ? {} : { leaderboard: input.leaderboard }),
      })
      .where(eq(users.id, actor.id));
  });
  const user = await findSelf(deps.db, actor.id);
  if (!user) throw notFound(MSG.profile.userNotFound);
  return user;
}

export interface StoredPhoto {
  mime: string;
  data: Buffer;
  /** Changes whenever the photo does: the HTTP validator. */
  etag: string;
  /** The `v` of the current photo URL, so a matching request may be cached for good. */
  version: string;
}

/** Whether two players are, or were, in one match together (as creator or participant). */
async function shareAMatch(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const matchesOf = (userId: number) =>
    sql`(select ${matches.id} from ${matches} where ${matches.createdBy} = ${userId}
         union select ${matchParticipants.matchId} from ${matchParticipants} where ${matchParticipants.userId} = ${userId})`;
  return (
    rowsOf(
      await db.execute(
        sql`select 1 from ${matchesOf(a)} mine(id) where mine.id in ${matchesOf(b)} limit 1`,
      ),
    ).length > 0
  );
}

/**
 * A photo is shown to its owner, to admins, and to the players of a match its owner is in (the
 * match page shows them side by side); nobody else.
 */
export async function getPhoto(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<StoredPhoto> {
  if (!actor.isAdmin && actor.id !== id && !(await shareAMatch(deps.db, actor.id, id)))
    assertSelf(actor, id);
  const [row] = await deps.db
    .select({
      mime: userPhotos.mime,
      data: userPhotos.data,
      updatedAt: userPhotos.updatedAt,
      version: users.updatedAt,
    })
    .from(userPhotos)
    .innerJoin(users, eq(users.id, userPhotos.userId))
    .where(eq(userPhotos.userId, id))
    .limit(1);
  if (!row) throw notFound(MSG.profile.photoNotFound);
  return {
    mime: row.mime,
    data: Buffer.from(row.data),
    etag: `"p${id}-${row.updatedAt.getTime()}"`,
    version: String(row.version.getTime()),
  };
}

/** Lower-cased e-mail comparison, as the unique index does. */
export const emailEquals = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
