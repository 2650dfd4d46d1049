import { MSG } from '../../common/messages';
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
