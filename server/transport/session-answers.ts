/**
 * The auth operations that open or close the caller's session, written once for both transports:
 * tRPC procedures and legacy REST paths pass their request context.
 */
import type { TRegisterData } from '../../common/schemas/auth';
import { loginWithPin } from '../services/auth/login';
import { register } from '../services/auth/registration';
import { logout } from '../services/auth/sessions';
import type { SessionUser } from '../lib/auth';
import { openedSession, type ContextInner } from './request-context';

/** Creates the account (its e-mail proven by a code) and logs the player in. */
export async function registerAndOpen(ctx: ContextInner, input: TRegisterData) {
  return openedSession(ctx.cookie, await register(ctx.deps, input));
}

/** Logs in by phone or e-mail and PIN. */
export async function loginAndOpen(ctx: ContextInner, input: Parameters<typeof loginWithPin>[2]) {
  return openedSession(ctx.cookie, await loginWithPin(ctx.deps, ctx, input));
}

/** Revokes the session and clears its cookie. */
export function closeSession(ctx: ContextInner, user: SessionUser) {
  ctx.cookie.clear();
  return logout(ctx.deps, user);
}
