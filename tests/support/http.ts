/** tRPC and legacy REST calls over real HTTP (`app.inject`), as the browser client and old clients make them. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/lib/auth';
import type { TUser } from '../../common/schemas/users';
import type { TestContext } from './app';
import type { TestUser } from './factories';

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
  return line === undefined
    ? undefined
    : (line.split(';')[0] ?? '').slice(SESSION_COOKIE.length + 1);
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
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(input ?? {}),
        });
  const body = res.json<{ result?: { data: T }; error?: { message: string } }>();
  return {
    status: res.statusCode,
    data: body.result?.data,
    error: body.error?.message,
    cookie: sessionCookieOf(res),
    setCookie: setCookies(res),
    raw: res,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a legacy REST answer may carry; any other field reads as `unknown`. */
export type RestBody = Record<string, unknown> & {
  success?: boolean;
  message?: string;
  error?: string;
  exists?: boolean;
  isTrusted?: boolean;
  token?: string;
  user?: TUser;
  resendAfterSeconds?: number;
};

/** A legacy REST call under /api, with a JSON payload when given: status, parsed body and headers. */
export async function rest(
  app: FastifyInstance,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json<RestBody>(), headers: res.headers, raw: res };
}

/** A legacy REST call as `user` (its Bearer token), or anonymously. */
export const restAs = (
  t: TestContext,
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: object,
) => rest(t.app, method, url, payload, user?.headers);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
