import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import { SESSION_COOKIE } from './auth';
import { errorBody } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `application/json`, optionally with parameters; not `application/json-patch+json` and the like. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** `host[:port]` without the scheme's default port, so `Origin: http://h` matches `Host: h:80`. */
const normalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/** True when `origin` names another site than the one the request was sent to (or cannot be read). */
function isForeignOrigin(origin: string, host: string | undefined): boolean {
  if (origin === 'null') return true;
  try {
    return normalHost(new URL(origin).host) !== normalHost(host ?? '');
  } catch {
    return true;
  }
}

/**
 * CSRF defence for cookie sessions: a cross-site page can send a form (urlencoded, multipart or
 * text/plain) with the victim's cookie but cannot send `application/json` without a CORS
 * preflight we never grant. So mutations must be JSON (or bodiless; every mutation has an input,
 * so a bodiless one fails validation), and a browser-declared cross-site request carrying our
 * cookie is refused outright. Bearer-only requests carry no ambient credential and pass. Routes
 * marked `acceptsForm` (one-click unsubscribe) act on a signed token, never on the cookie.
 */
export async function requestGuard(req: FastifyRequest, reply: FastifyReply) {
  if (!MUTATING.has(req.method) || req.routeOptions.config.acceptsForm) return;
  const refuse = (status: number, error: string) =>
    reply.code(status).send(errorBody(req.routeOptions.config.legacySuccess, error));
  const type = req.headers['content-type'];
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  if ((type !== undefined || hasBody) && !JSON_TYPE.test(type ?? '')) {
    return refuse(415, MSG.http.jsonOnly);
  }
  if (!req.cookies[SESSION_COOKIE]) return;
  const origin = req.headers.origin;
  const crossSite =
    req.headers['sec-fetch-site'] === 'cross-site' ||
    (origin !== undefined && isForeignOrigin(origin, req.headers.host));
  if (crossSite) return refuse(403, MSG.http.crossSite);
}
