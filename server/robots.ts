import type { FastifyInstance } from 'fastify';

/**
 * Crawlers may read the home page and the public share pages (`/m/:id`, their preview image
 * included: some link previewers obey robots.txt); the API answers data, not pages.
 */
export const ROBOTS_TXT = `User-agent: *
Allow: /
Disallow: /api/
Disallow: /trpc/
`;

/** `GET /robots.txt`: a real text answer rather than the JSON 404 of unknown paths. */
export function robotsRoute(app: FastifyInstance) {
  app.get('/robots.txt', (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(ROBOTS_TXT),
  );
}
