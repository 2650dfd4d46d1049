/** Who is calling, resolved once per request the same way for tRPC and REST. */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { resolveSession, type LoggedIn } from '../services/auth/sessions';
import { SESSION_COOKIE, type SessionUser } from '../lib/auth';

/** How a procedure hands a new session to the client (cookie) or takes it back (logout). */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface ContextInner {
  deps: Deps;
  user: SessionUser | null;
  ip: string;
  cookie: SessionCookie;
}

/**
 * The answer of every login (register, PIN login, PIN reset) on both transports: the session goes to
 * browsers as an httpOnly cookie and to Bearer clients as `token`.
 */
export function openedSession(cookie: SessionCookie, s: LoggedIn & { message: string }) {
  cookie.set(s.token, s.expiresAt);
  return { success: true, message: s.message, user: s.user, token: s.token };
}

const noCookie: SessionCookie = { set: () => {}, clear: () => {} };

/** The context without HTTP: what tests and the REST adapter build directly. */
export function createContextInner(o: {
  deps: Deps;
  user?: SessionUser | null;
  ip?: string;
  cookie?: SessionCookie;
}): ContextInner {
  return {
    deps: o.deps,
    user: o.user ?? null,
    ip: o.ip ?? '127.0.0.1',
    cookie: o.cookie ?? noCookie,
  };
}

export type Context = ContextInner;

/** The bearer token of a request: `Authorization: Bearer …` first, else the session cookie. */
export function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return req.cookies[SESSION_COOKIE];
}

function replyCookie(reply: FastifyReply, secure: boolean): SessionCookie {
  return {
    set: (token, expiresAt) =>
      void reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
      }),
    clear: () => void reply.clearCookie(SESSION_COOKIE, { path: '/' }),
  };
}

export async function contextFromRequest(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  const user = await resolveSession(deps, requestToken(req));
  return createContextInner({
    deps,
    user,
    ip: req.ip,
    cookie: replyCookie(reply, deps.env.NODE_ENV === 'production'),
  });
}
