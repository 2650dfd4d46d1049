import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { ZMatchIdInput } from '../../common/schemas/matches';
import { assertUser } from '../lib/auth';
import { liveHubOf } from '../services/live/hub';
import { ZShareTokenQuery } from '../../common/schemas/room';
import { matchEvents, type MatchEvent } from '../services/live/streams';
import type { RestRoutes } from './http';

const ZEventsHeaders = z.looseObject({
  'last-event-id': z
    .string()
    .max(40)
    .optional()
    .describe(
      'Reprise après une coupure : l’`id` du dernier évènement reçu. S’il n’est plus le dernier état du match, cet état est envoyé aussitôt.',
    ),
});

/** One SSE frame; `data` is one JSON line (JSON.stringify never writes a raw newline). */
function frame(e: MatchEvent): string {
  if (e.type === 'current') return '';
  if (e.type === 'match') return `id: ${e.version}\nevent: match\ndata: ${e.json}\n\n`;
  if (e.type === 'deleted') return `event: deleted\ndata: ${JSON.stringify({ id: e.id })}\n\n`;
  return `event: ended\ndata: ${JSON.stringify({ reason: e.reason })}\n\n`;
}

/**
 * `GET /api/matches/{id}/events`: the match page as a Server-Sent Events stream for third parties,
 * the same stream the client's `matches.onChange` subscription reads. Errors before the stream
 * starts (401, 404, 429) are ordinary JSON answers in French.
 */
export const liveRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/matches/:id/events',
    {
      schema: {
        tags: ['Matchs'],
        summary:
          'Le match en direct (Server-Sent Events) : un évènement `match` (le match tel que GET /api/matches/{id} le répond) à la connexion puis après chaque changement ; `deleted` quand il est supprimé ; un commentaire `: ping` toutes les 25 s ; 10 flux ouverts au plus par compte',
        params: ZMatchIdInput,
        querystring: ZShareTokenQuery,
        headers: ZEventsHeaders,
        produces: ['text/event-stream'],
        response: {
          200: z.string().meta({
            description:
              'Flux text/event-stream : `id: <version>`, `event: match`, `data: <match JSON>` ; `event: deleted` (`data: {"id"}`) puis fin ; `event: ended` (`data: {"reason": "revoked" | "closing"}`) quand la session prend fin ou que le serveur redémarre (reconnectez-vous).',
            contentMediaType: 'text/event-stream',
          }),
        },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      const user = assertUser(req.ctx.user);
      const gone = new AbortController();
      const events = matchEvents(deps, liveHubOf(deps), user, req.params.id, {
        lastEventId: req.headers['last-event-id'],
        signal: gone.signal,
        token: req.query.token,
      });
      // The first step opens the lease and reads the match: a 429 or a 404 is still a JSON answer.
      const first = await events.next();
      reply.hijack();
      const res = reply.raw;
      const headers: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
        // Not reused once the stream ends, so a closing server never waits on it in keep-alive.
        connection: 'close',
      };
      res.writeHead(200, headers);
      res.flushHeaders();
      const ping = setInterval(() => res.write(': ping\n\n'), liveHubOf(deps).pingMs);
      res.once('close', () => gone.abort());
      try {
        if (!first.done && first.value.type !== 'current') res.write(frame(first.value));
        for await (const e of events) {
          if (res.destroyed) break;
          res.write(frame(e));
        }
      } catch (err) {
        req.log.warn({ err }, 'live stream failed');
      } finally {
        clearInterval(ping);
        await events.return();
        res.end();
      }
    },
  );
};
