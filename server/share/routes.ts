import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZShareToken } from '../../common/schemas/room';
import { shareKeyOf } from '../services/matches/room';
import { MSG } from '../../common/messages';
import { ZMatchIdInput } from '../../common/schemas/matches';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from '../lib/auth';
import { resolveSession } from '../services/auth/sessions';
import { PUBLIC_PAGE_RATE_LIMIT } from '../lib/rate-limit';
import { listLevels } from '../services/levels';
import { getMatch } from '../services/matches/queries';
import { eveningFormatOf } from '../services/evenings/read';
import { EVENING_FORMATS } from '../../common/messages-evenings';
import { publicUrl } from '../services/notifications/match-info';
import {
  OG_HEIGHT,
  OG_WIDTH,
  OgImageCache,
  ogImageAlt,
  ogVersion,
  renderOgImage,
  type OgMatch,
} from './og-image';
import {
  renderShareNotFound,
  renderSharePage,
  SHARE_CSS,
  SHARE_CSS_PATH,
  type SharedMatch,
} from './render';

/**
 * No script at all, styles from this origin only: the page must work with JavaScript off.
 * `connect-src 'self'` lets crawlers' audits (Lighthouse) read /robots.txt from the page; with no
 * script it opens nothing else. `manifest-src 'self'`: the installable app's manifest.
 */
const SHARE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /m/:id`, the link players paste in their group chat, for a match or an evening. A logged-in
 * player (the session cookie says so) goes straight to its page; anyone else gets the public page, whose button
 * leads to login and then back to the match (`/?next=/matches/:id`).
 */
export function shareRoutes(app: FastifyInstance, deps: Deps) {
  app.get(SHARE_CSS_PATH, (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SHARE_CSS),
  );

  app.get('/m/:id', async (req, reply) => {
    reply
      .header('content-security-policy', SHARE_CSP)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie');
    const shared = await sharedMatch(deps, req.params);
    if (!shared)
      return reply.code(404).type('text/html; charset=utf-8').send(renderShareNotFound());
    const { match, token } = shared;
    const page = match.evening_name ? '/soirees' : '/matches';
    const target = `${page}/${match.id}${token ? `?token=${token}` : ''}`;
    if (await resolveSession(deps, req.cookies[SESSION_COOKIE])) return reply.redirect(target, 303);
    // The configured address, never the request's Host header: a forged Host would otherwise
    // put an attacker's origin in og:url and og:image, which caches and previews then keep.
    const origin = publicUrl(deps.env);
    const key = token ?? String(match.id);
    const html = renderSharePage(match, {
      url: `${origin}/m/${key}`,
      loginUrl: `/?next=${encodeURIComponent(target)}`,
      image: {
        url: `${origin}${ogImagePath(key)}`,
        alt: ogImageAlt(match),
        width: OG_WIDTH,
        height: OG_HEIGHT,
      },
      isPrivate: token !== null,
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // About 50 KB each: 200 previews stay under 10 MB.
  const images = new OgImageCache(200);
  app.get(
    '/m/:id/og.png',
    { config: { rateLimit: PUBLIC_PAGE_RATE_LIMIT } },
    async (req, reply) => {
      const match = (await sharedMatch(deps, req.params))?.match;
      if (!match) return reply.code(404).send({ error: MSG.match.notFound });
      const shown = await ogMatch(deps, match);
      const etag = `"${ogVersion(shown)}"`;
      // Free places change without an edit: caches keep a copy five minutes, then ask again.
      void reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const png = await images.get(etag, () => renderOgImage(shown));
      return reply.type('image/png').send(png);
    },
  );
}

/** Where the preview image of a match is served (og:image of its share page): by id or token. */
export const ogImagePath = (key: number | string) => `/m/${key}/og.png`;

/**
 * The match a share link names: `/m/<id>` for a public match only, `/m/<token>` for a private one
 * only (issue 25). A private match's id answers 404 like an unknown one, so walking the sequential
 * ids reveals nothing; its random token is the link.
 */
async function sharedMatch(deps: Deps, params: unknown) {
  const byId = ZMatchIdInput.safeParse(params);
  const byToken = ZShareTokenParam.safeParse(params);
  const found = byId.success
    ? await shareKeyOf(deps.db, { id: byId.data.id })
    : byToken.success
      ? await shareKeyOf(deps.db, { token: byToken.data.id })
      : null;
  if (!found || (byId.success && found.visibility !== 'public')) return null;
  if (!byId.success && found.visibility !== 'private') return null;
  const match = await getMatch(deps, found.id).catch(notFoundAsNull);
  if (!match) return null;
  const format = await eveningFormatOf(deps.db, found.id);
  const evening_name = format ? `Soirée ${EVENING_FORMATS[format]}` : undefined;
  return { match: { ...match, evening_name }, token: byId.success ? null : found.shareToken };
}
const ZShareTokenParam = z.object({ id: ZShareToken });

/** What the preview shows: the public facts of the match, each level on its admin-chosen colour. */
async function ogMatch(deps: Deps, m: SharedMatch): Promise<OgMatch> {
  const colours = new Map((await listLevels(deps)).map((l) => [l.niveau, l.couleur]));
  return {
    place_name: m.place_name,
    city: m.city,
    date: m.date,
    time: m.time,
    missing_players: m.missing_players,
    kind: m.kind,
    evening_name: m.evening_name,
    levels: m.levels.map((name) => ({ name, colour: colours.get(name) ?? '#5b6478' })),
  };
}

const notFoundAsNull = (err: unknown) => {
  if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
  throw err;
};
