import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZGroupIdInput } from '../../common/schemas/groups';
import { ZMatchIdInput } from '../../common/schemas/matches';
import { assertUser } from '../lib/auth';
import { liveHubOf } from '../services/live/hub';
import { ZShareTokenQuery } from '../../common/schemas/room';
import { matchEvents, type MatchEvent } from '../services/live/streams';
import { pollEvents, type PollEvent } from '../services/live/poll-stream';
import { eveningEvents, type EveningEvent } from '../services/live/evening-stream';
import { ZEveningIdInput } from '../../common/schemas/evenings';
import type { Deps } from '../deps';
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

type StreamEvent = MatchEvent | PollEvent | EveningEvent;

/** One SSE frame; `data` is one JSON line (JSON.stringify never writes a raw newline). */
function frame(e: StreamEvent): string {
  if (e.type === 'current') return '';
  if (e.type === 'match') return `id: ${e.version}\nevent: match\ndata: ${e.json}\n\n`;
  if (e.type === 'poll')
    return `id: ${e.version}\nevent: poll\ndata: ${JSON.stringify(e.poll)}\n\n`;
  if (e.type === 'evening') return `event: evening\ndata: ${JSON.stringify(e.evening)}\n\n`;
  if (e.type === 'gone') return `event: deleted\ndata: ${JSON.stringify({ id: e.id })}\n\n`;
  if (e.type === 'deleted') return `event: deleted\ndata: ${JSON.stringify({ id: e.id })}\n\n`;
  return `event: ended\ndata: ${JSON.stringify({ reason: e.reason })}\n\n`;
}

/**
 * Serves a live stream as Server-Sent Events. Its first step runs before the answer starts (it
 * checks access, opens the lease and reads the state), so a 401, 403, 404 or 429 is still an
 * ordinary French JSON answer; then every event is one frame, with a `: ping` comment between.
 */
async function serveSse(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  open: (signal: AbortSignal) => AsyncGenerator<StreamEvent, void>,
) {
  const gone = new AbortController();
  const events = open(gone.signal);
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
    if (!first.done) res.write(frame(first.value));
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
}

/**
 * `GET /api/matches/{id}/events` and `GET /api/polls/{id}/events`: the match page and the poll as
 * Server-Sent Events streams for third parties, the same streams the client's `matches.onChange`
 * and `groups.onPoll` subscriptions read. Errors before the stream starts (401, 403, 404, 429) are
 * ordinary JSON answers in French.
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
    (req, reply) =>
      serveSse(deps, req, reply, (signal) =>
        matchEvents(deps, liveHubOf(deps), assertUser(req.ctx.user), req.params.id, {
          lastEventId: req.headers['last-event-id'],
          signal,
          token: req.query.token,
        }),
      ),
  );
  app.get(
    '/polls/:id/events',
    {
      schema: {
        tags: ['Groupes'],
        summary:
          'Le sondage en direct (Server-Sent Events), pour les membres du groupe : un évènement `poll` (le sondage tel que GET /api/polls/{id} le répond, avec ses compteurs) à la connexion puis après chaque réponse, quand il crée son match et quand il se clôt ; `deleted` quand il disparaît ou que vous quittez le groupe ; un commentaire `: ping` toutes les 25 s',
        params: ZGroupIdInput,
        headers: ZEventsHeaders,
        produces: ['text/event-stream'],
        response: {
          200: z.string().meta({
            description:
              'Flux text/event-stream : `id: <version>`, `event: poll`, `data: <sondage JSON>` ; `event: deleted` (`data: {"id"}`) puis fin ; `event: ended` (`data: {"reason": "revoked" | "closing"}`) quand la session prend fin ou que le serveur redémarre (reconnectez-vous).',
            contentMediaType: 'text/event-stream',
          }),
        },
      },
      config: { auth: 'user' },
    },
    (req, reply) =>
      serveSse(deps, req, reply, (signal) =>
        pollEvents(deps, liveHubOf(deps), assertUser(req.ctx.user), req.params.id, {
          lastEventId: req.headers['last-event-id'],
          signal,
        }),
      ),
  );
  app.get(
    '/evenings/:id/live',
    {
      schema: {
        tags: ['Soirées'],
        summary:
          'La soirée en direct (Server-Sent Events) : un évènement `evening` (la soirée telle que GET /api/evenings/{id} la répond) à la connexion puis après chaque inscription, tour et score ; `deleted` quand elle disparaît ; un commentaire `: ping` toutes les 25 s',
        params: ZEveningIdInput,
        querystring: ZShareTokenQuery,
        produces: ['text/event-stream'],
        response: {
          200: z.string().meta({
            description:
              'Flux text/event-stream : `event: evening`, `data: <soirée JSON>` ; `event: deleted` (`data: {"id"}`) puis fin ; `event: ended` (`data: {"reason": "revoked" | "closing"}`) quand la session prend fin ou que le serveur redémarre.',
            contentMediaType: 'text/event-stream',
          }),
        },
      },
      config: { auth: 'user' },
    },
    (req, reply) =>
      serveSse(deps, req, reply, (signal) =>
        eveningEvents(deps, liveHubOf(deps), assertUser(req.ctx.user), req.params.id, {
          signal,
          token: req.query.token,
        }),
      ),
  );
};
