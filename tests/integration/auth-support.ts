/** Helpers shared by the accounts tests: tRPC over real HTTP (app.inject) and the session cookie. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/lib/auth';
import type { TUser } from '../../server/schemas/users';

export interface TrpcResult<T> {
  status: number;
  data: T | undefined;
  /** The French message of a failed call. */
  error: string | undefined;
  /** The new session cookie value, when the answer set one ('' when it cleared it). */
  cookie: string | undefined;
  setCookie: string[];
  raw: LightMyRequestResponse;
}

const setCookies = (res: LightMyRequestResponse) => {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [h];
};

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return line === undefined ? undefined : (line.split(';')[0] ?? '').slice(SESSION_COOKIE.length + 1);
}

/** Calls a tRPC procedure the way the browser client does (JSON over HTTP), optionally with a cookie. */
export async function trpc<T>(
  app: FastifyInstance,
  kind: 'query' | 'mutation',
  path: string,
  input: unknown,
  o: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<TrpcResult<T>> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.cookie) headers.cookie = `${SESSION_COOKIE}=${o.cookie}`;
  const res =
    kind === 'query'
      ? await app.inject({ method: 'GET', url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers })
      : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(input ?? {}) });
  const body = res.json<{ result?: { data: T }; error?: { message: string } }>();
  return { status: res.statusCode, data: body.result?.data, error: body.error?.message, cookie: sessionCookieOf(res), setCookie: setCookies(res), raw: res };
}

/** What a legacy REST answer may carry. */
export interface RestBody {
  success?: boolean;
  message?: string;
  error?: string;
  exists?: boolean;
  isTrusted?: boolean;
  token?: string;
  user?: TUser;
  resendAfterSeconds?: number;
}

/** POSTs a legacy JSON payload under /api. */
export async function rest(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json<RestBody>(), raw: res };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let n = 0;
/** A fresh e-mail and French mobile number for each registration, so tests never collide. */
export function freshIdentity(prefix = 'joueur') {
  n += 1;
  const stamp = `${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`;
  return { email: `${prefix}.${stamp}@example.fr`, national: `06${stamp}`, phone: `+336${stamp}` };
}
