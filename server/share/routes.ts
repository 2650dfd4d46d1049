import type { FastifyInstance } from 'fastify';
import { ZMatchIdInput } from '../../common/schemas/matches';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from '../lib/auth';
import { resolveSession } from '../services/auth/sessions';
import { getMatch } from '../services/matches/queries';
import { renderShareNotFound, renderSharePage, SHARE_CSS, SHARE_CSS_PATH } from './render';

/** No script at all, styles from this origin only: the page must work with JavaScript off. */
const SHARE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /m/:id`, the link players paste in their group chat. A logged-in player (the session
 * cookie says so) goes straight to the match page; anyone else gets the public page, whose button
 * leads to login and then back to the match (`/?next=/matches/:id`).
 */
export function shareRoutes(app: FastifyInstance, deps: Deps) {
  app.get(SHARE_CSS_PATH, (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SHARE_CSS),
  );

  app.get('/m/:id', async (req, reply) => {
    reply.header('content-security-policy', SHARE_CSP).header('cache-control', 'private, no-cache').header('vary', 'Cookie');
    const parsed = ZMatchIdInput.safeParse(req.params);
    const match = parsed.success ? await getMatch(deps, parsed.data.id).catch(notFoundAsNull) : null;
    if (!match) return reply.code(404).type('text/html; charset=utf-8').send(renderShareNotFound().html);
    const target = `/matches/${match.id}`;
    if (await resolveSession(deps, req.cookies[SESSION_COOKIE])) return reply.redirect(target, 303);
    const page = renderSharePage(match, {
      url: `${req.protocol}://${req.host}/m/${match.id}`,
      loginUrl: `/?next=${encodeURIComponent(target)}`,
    });
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}

const notFoundAsNull = (err: unknown) => {
  if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
  throw err;
};
