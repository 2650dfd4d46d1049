import { z } from 'zod';
import {
  ZPushDevice,
  ZPushDeviceAnswer,
  ZPushEndpointInput,
  ZPushKindsInput,
  ZPushSubscriptionInput,
  ZVapidPublicKey,
} from '../../common/schemas/push';
import { assertUser } from '../lib/auth';
import {
  deletePushSubscription,
  getVapidPublicKey,
  savePushSubscription,
  setPushKinds,
} from '../services/push/subscriptions';
import type { RestRoutes } from './http';

const tags = ['Notifications push'];
const ZError = z.object({ error: z.string() });

export const pushRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags,
        summary:
          'Clé publique VAPID (base64url) pour pushManager.subscribe ; 503 tant que le push est désactivé sur le serveur',
        response: { 200: ZVapidPublicKey, 503: ZError },
      },
    },
    () => getVapidPublicKey(deps),
  );
  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Abonne cet appareil (le PushSubscription du navigateur) : 201 si nouveau, 200 si l’adresse était connue (elle passe au joueur connecté)',
        body: ZPushSubscriptionInput,
        response: { 200: ZPushDeviceAnswer, 201: ZPushDeviceAnswer },
      },
      config: { auth: 'user' },
    },
    async ({ ctx, body }, reply) => {
      const device = await savePushSubscription(deps, assertUser(ctx.user), body);
      return reply.code(device.created ? 201 : 200).send(device);
    },
  );
  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Désabonne cet appareil (seulement un abonnement à soi ; 204 dans tous les cas, sans rien révéler des autres)',
        body: ZPushEndpointInput,
        response: { 204: z.null().describe('Désabonné') },
      },
      config: { auth: 'user' },
    },
    async ({ ctx, body }, reply) => {
      await deletePushSubscription(deps, assertUser(ctx.user), body);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/push/subscriptions/kinds',
    {
      schema: {
        tags,
        summary: 'Choisit les notifications que reçoit cet appareil (404 s’il n’est pas à soi)',
        body: ZPushKindsInput,
        response: { 200: ZPushDevice },
      },
      config: { auth: 'user' },
    },
    ({ ctx, body }) => setPushKinds(deps, assertUser(ctx.user), body),
  );
};
