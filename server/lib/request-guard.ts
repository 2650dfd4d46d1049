import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../common/messages';
import { SESSION_COOKIE } from './auth';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a cross-site page can send a form (urlencoded, multipart or
 * text/plain) with the victim's cookie but cannot send `application/json` without a CORS
 * preflight we never grant. So mutations must be JSON (or bodiless), and a browser-declared
 * cross-site request carrying our cookie is refused outright.
 */
export async function requestGuard(req: FastifyRequest, reply: FastifyReply) {
  if (!MUTATING.has(req.method)) return;
  const type = req.headers['content-type'];
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if ((type !== undefined || hasBody) && !/^application\/json\b/i.test(type ?? '')) {
    return reply.code(415).send({ error: MSG.http.jsonOnly });
  }
  if (!req.cookies[SESSION_COOKIE]) return;
  const fetchSite = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const crossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== 'null' && new URL(origin).host !== req.headers.host);
  if (crossSite || origin === 'null') return reply.code(403).send({ error: MSG.http.crossSite });
}
