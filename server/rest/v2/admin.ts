import { z } from 'zod';
import {
  v2Page,
  ZApiKey,
  ZCreateApiKeyInput,
  ZCreatedWebhook,
  ZCreateWebhookInput,
  ZIssuedApiKey,
  ZV2Page,
  ZWebhook,
  ZWebhookDelivery,
} from '../../../common/schemas/integrations';
import { ZId } from '../../../common/schemas/primitives';
import { issueApiKey, listApiKeys, revokeApiKey } from '../../services/integrations/api-keys';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
} from '../../services/integrations/webhooks';
import type { RestRoutes } from '../http';
import { adminOf, callerOf, pageById } from './http';

const ZIdParams = z.object({ id: ZId });
const admin = { auth: 'admin' } as const;
const tags = ['Administration'];
const ZNoContent = z.null().describe('Aucun contenu.');

/** The admin's keys and webhooks (session of an admin), beside v2 in the v2 document. */
export const integrationsAdminRoutes: RestRoutes = (app, deps) => {
  app.post(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Créer une clé d’API (affichée une seule fois)',
        body: ZCreateApiKeyInput,
        response: { 201: ZIssuedApiKey },
      },
      config: admin,
    },
    async (req, reply) => reply.code(201).send(await issueApiKey(deps, adminOf(req), req.body)),
  );

  app.get(
    '/admin/api-keys',
    {
      schema: { tags, summary: 'Clés d’API (sans la clé)', response: { 200: z.array(ZApiKey) } },
      config: admin,
    },
    () => listApiKeys(deps),
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Révoquer une clé d’API',
        params: ZIdParams,
        response: { 200: ZApiKey },
      },
      config: admin,
    },
    (req) => revokeApiKey(deps, adminOf(req), req.params.id),
  );

  app.post(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Enregistrer un webhook (secret whsec_… affiché une seule fois)',
        body: ZCreateWebhookInput,
        response: { 201: ZCreatedWebhook },
      },
      config: admin,
    },
    async (req, reply) =>
      reply.code(201).send(await createWebhook(deps, adminOf(req), req.body, 'admin')),
  );

  app.get(
    '/admin/webhooks',
    {
      schema: { tags, summary: 'Webhooks', response: { 200: z.array(ZWebhook) } },
      config: admin,
    },
    () => listWebhooks(deps, 'admin'),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un webhook',
        params: ZIdParams,
        response: { 204: ZNoContent },
      },
      config: admin,
    },
    async ({ params }, reply) => {
      await deleteWebhook(deps, 'admin', params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/webhooks/:id/enable',
    {
      schema: {
        tags,
        summary: 'Réactiver un webhook désactivé',
        params: ZIdParams,
        response: { 200: ZWebhook },
      },
      config: admin,
    },
    ({ params }) => enableWebhook(deps, params.id),
  );

  app.get(
    '/admin/webhooks/deliveries',
    {
      schema: {
        tags,
        summary: 'Journal des livraisons (les 100 dernières)',
        querystring: z.object({ webhook_id: ZId.optional() }),
        response: { 200: z.array(ZWebhookDelivery) },
      },
      config: admin,
    },
    ({ query }) => listDeliveries(deps, query.webhook_id),
  );

  app.post(
    '/admin/webhooks/deliveries/:id/replay',
    {
      schema: {
        tags,
        summary: 'Renvoyer une livraison',
        params: ZIdParams,
        response: { 204: ZNoContent },
      },
      config: admin,
    },
    async ({ params }, reply) => {
      await replayDelivery(deps, params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Webhooks managed by a key with the `webhooks` scope: its own endpoints only. */
export const v2WebhookRoutes: RestRoutes = (app, deps) => {
  const scoped = { apiScope: 'webhooks' } as const;
  const wtags = ['Webhooks'];
  app.get(
    '/webhooks',
    {
      schema: {
        tags: wtags,
        summary: 'Webhooks',
        querystring: ZV2Page,
        response: { 200: v2Page(ZWebhook) },
      },
      config: scoped,
    },
    async (req) =>
      pageById(
        await listWebhooks(deps, { apiKeyId: callerOf(req).keyId }),
        req.query.cursor,
        req.query.limit,
      ),
  );
  app.post(
    '/webhooks',
    {
      schema: {
        tags: wtags,
        summary: 'Enregistrer un webhook (secret whsec_… affiché une seule fois)',
        body: ZCreateWebhookInput,
        response: { 201: ZCreatedWebhook },
      },
      config: scoped,
    },
    async (req, reply) => {
      const caller = callerOf(req);
      return reply
        .code(201)
        .send(await createWebhook(deps, caller.user, req.body, { apiKeyId: caller.keyId }));
    },
  );
  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags: wtags,
        summary: 'Supprimer un webhook',
        params: ZIdParams,
        response: { 204: ZNoContent },
      },
      config: scoped,
    },
    async (req, reply) => {
      await deleteWebhook(deps, { apiKeyId: callerOf(req).keyId }, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
