import { z } from 'zod';
import { WANT_TEXT } from '../../common/messages-wants';
import { ZWant, ZWantAnswer, ZWantIdInput, ZWantInput } from '../../common/schemas/wants';
import { assertUser } from '../lib/auth';
import { createWant, deleteWant, listWants, renewWant } from '../services/wants/alerts';
import type { RestRoutes } from './http';

const tags = ['Alertes « Je veux jouer »'];
const user = { auth: 'user' } as const;

/** « Je veux jouer » alerts (DESIGN.md "wants"), the player's own only. */
export const wantsRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/wants',
    {
      schema: {
        tags,
        summary: 'Vos alertes, celles qui expirent le plus tôt d’abord (les expirées comprises)',
        response: { 200: z.array(ZWant) },
      },
      config: user,
    },
    ({ ctx }) => listWants(deps, assertUser(ctx.user)),
  );
  app.post(
    '/wants',
    {
      schema: {
        tags,
        summary:
          'Crée une alerte (10 au plus) : jours (1 = lundi … 7 = dimanche), fenêtre horaire, lieux, niveau (par défaut le vôtre) ; elle vit 30 jours',
        body: ZWantInput,
        response: { 201: ZWant },
      },
      config: user,
    },
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createWant(deps, assertUser(ctx.user), body)),
  );
  app.post(
    '/wants/:id/renew',
    {
      schema: {
        tags,
        summary: 'Prolonge l’alerte de 30 jours à partir de maintenant',
        params: ZWantIdInput,
        response: { 200: ZWantAnswer },
      },
      config: user,
    },
    async ({ ctx, params }) => ({
      message: WANT_TEXT.renewed,
      want: await renewWant(deps, assertUser(ctx.user), params.id),
    }),
  );
  app.delete(
    '/wants/:id',
    {
      schema: {
        tags,
        summary: 'Supprime l’alerte',
        params: ZWantIdInput,
        response: { 204: z.null().describe('Supprimée') },
      },
      config: user,
    },
    async ({ ctx, params }, reply) => {
      await deleteWant(deps, assertUser(ctx.user), params.id);
      return reply.code(204).send(null);
    },
  );
};
