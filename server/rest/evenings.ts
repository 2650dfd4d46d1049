import { z } from 'zod';
import {
  ZCreateEveningInput,
  ZEvening,
  ZEveningAnswer,
  ZEveningCard,
  ZEveningIdInput,
  ZEveningJoinAnswer,
  ZScoreInput,
} from '../../common/schemas/evenings';
import { ZShareTokenQuery } from '../../common/schemas/room';
import { ZId } from '../../common/schemas/primitives';
import { assertUser } from '../lib/auth';
import { createEvening } from '../services/evenings/create';
import { getEvening, listEvenings, listGroupEvenings } from '../services/evenings/read';
import { finishEvening, nextRound, startEvening } from '../services/evenings/rounds';
import { enterScore } from '../services/evenings/scores';
import {
  addPlayer,
  joinEvening,
  leaveEvening,
  removePlayer,
  setSignupsClosed,
} from '../services/evenings/signup';
import type { RestRoutes } from './http';

const tags = ['Soirées'];
const user = { auth: 'user' } as const;
const params = ZEveningIdInput;
const playerParams = ZEveningIdInput.extend({ userId: ZId });

/** Padel evenings (DESIGN.md "evenings (soirées)"): each path parses, calls the service, answers. */
export const eveningsRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/evenings',
    {
      schema: {
        tags,
        summary:
          'Les soirées à venir (publiques) et les vôtres, les plus proches d’abord ; `group_id` : celles d’un groupe dont vous êtes membre',
        querystring: z.object({ mine: z.enum(['0', '1']).optional(), group_id: ZId.optional() }),
        response: { 200: z.array(ZEveningCard) },
      },
      config: user,
    },
    ({ ctx, query }) =>
      query.group_id
        ? listGroupEvenings(deps, assertUser(ctx.user), query.group_id)
        : listEvenings(deps, assertUser(ctx.user), { mine: query.mine === '1' }),
  );
  app.post(
    '/evenings',
    {
      schema: {
        tags,
        summary:
          'Crée une soirée (Americano, Mexicano, Roi du terrain) ; `organiser_plays` y inscrit l’organisateur',
        body: ZCreateEveningInput,
        response: { 201: ZEvening },
      },
      config: user,
    },
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createEvening(deps, assertUser(ctx.user), body)),
  );
  app.get(
    '/evenings/:id',
    {
      schema: {
        tags,
        summary: 'La soirée : joueurs, tours, scores et classement',
        params,
        querystring: ZShareTokenQuery,
        response: { 200: ZEvening },
      },
      config: user,
    },
    ({ ctx, params: p, query }) => getEvening(deps, assertUser(ctx.user), p.id, query.token),
  );
  app.post(
    '/evenings/:id/join',
    {
      schema: {
        tags,
        summary: 'S’inscrire : une place, ou la liste d’attente si la soirée est complète',
        params,
        body: ZShareTokenQuery.optional(),
        response: { 200: ZEveningJoinAnswer },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => joinEvening(deps, assertUser(ctx.user), p.id, body?.token),
  );
  app.delete(
    '/evenings/:id/join',
    {
      schema: {
        tags,
        summary: 'Se désinscrire (ou quitter la liste d’attente)',
        params,
        response: { 200: ZEveningAnswer },
      },
      config: user,
    },
    ({ ctx, params: p }) => leaveEvening(deps, assertUser(ctx.user), p.id),
  );
  app.put(
    '/evenings/:id/signups',
    {
      schema: {
        tags,
        summary: 'Clore ou rouvrir les inscriptions (organisateur)',
        params,
        body: z.object({ closed: z.boolean() }),
        response: { 200: ZEveningAnswer },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => setSignupsClosed(deps, assertUser(ctx.user), p.id, body.closed),
  );
  app.post(
    '/evenings/:id/players/:userId',
    {
      schema: {
        tags,
        summary:
          'Ajouter un joueur de la liste d’attente (organisateur) : il joue dès le prochain tour',
        params: playerParams,
        response: { 200: ZEveningAnswer },
      },
      config: user,
    },
    ({ ctx, params: p }) => addPlayer(deps, assertUser(ctx.user), p.id, p.userId),
  );
  app.delete(
    '/evenings/:id/players/:userId',
    {
      schema: {
        tags,
        summary: 'Retirer un joueur (organisateur) : ses matchs passés restent',
        params: playerParams,
        response: { 200: ZEveningAnswer },
      },
      config: user,
    },
    ({ ctx, params: p }) => removePlayer(deps, assertUser(ctx.user), p.id, p.userId),
  );
  for (const [path, summary, run] of [
    ['start', 'Lancer la soirée : le tour 1 est tiré (organisateur)', startEvening],
    ['rounds', 'Tirer le tour suivant, une fois les scores saisis (organisateur)', nextRound],
    ['finish', 'Terminer la soirée : le classement est figé (organisateur)', finishEvening],
  ] as const)
    app.post(
      `/evenings/:id/${path}`,
      { schema: { tags, summary, params, response: { 200: ZEveningAnswer } }, config: user },
      ({ ctx, params: p }) => run(deps, assertUser(ctx.user), p.id),
    );
  app.put(
    '/evenings/:id/games/:gameId/score',
    {
      schema: {
        tags,
        summary:
          'Saisir le score d’un match de la soirée `{ score: [a, b], previous? }` (ses joueurs, ou l’organisateur pour corriger)',
        params: ZEveningIdInput.extend({ gameId: ZId }),
        body: ZScoreInput,
        response: { 200: ZEveningAnswer },
      },
      config: user,
    },
    ({ ctx, params: p, body }) =>
      enterScore(deps, assertUser(ctx.user), { id: p.id, gameId: p.gameId, ...body }),
  );
};
