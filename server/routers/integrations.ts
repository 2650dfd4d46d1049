import { z } from 'zod';
import { ZIdInput } from '../../common/schemas/catalog';
import {
  ZApiKey,
  ZCreateApiKeyInput,
  ZCreatedWebhook,
  ZCreateWebhookInput,
  ZIssuedApiKey,
  ZWebhook,
  ZWebhookDelivery,
} from '../../common/schemas/integrations';
import { ZId } from '../../common/schemas/primitives';
import { issueApiKey, listApiKeys, revokeApiKey } from '../services/integrations/api-keys';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
} from '../services/integrations/webhooks';
import { adminProcedure, parsed, router } from '../trpc/init';

/** The admin's "API" tab: keys and webhooks, the same services as `/api/admin/api-keys` and `/api/admin/webhooks`. */
export const integrationsRouter = router({
  apiKeys: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZApiKey)))
    .query(({ ctx }) => listApiKeys(ctx.deps)),
  issueApiKey: adminProcedure
    .input(ZCreateApiKeyInput)
    .output(parsed(ZIssuedApiKey))
    .mutation(({ ctx, input }) => issueApiKey(ctx.deps, ctx.user, input)),
  revokeApiKey: adminProcedure
    .input(ZIdInput)
    .output(parsed(ZApiKey))
    .mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.user, input.id)),
  webhooks: adminProcedure
    .input(z.void())
    .output(parsed(z.array(ZWebhook)))
    .query(({ ctx }) => listWebhooks(ctx.deps, 'admin')),
  createWebhook: adminProcedure
    .input(ZCreateWebhookInput)
    .output(parsed(ZCreatedWebhook))
    .mutation(({ ctx, input }) => createWebhook(ctx.deps, ctx.user, input, 'admin')),
  deleteWebhook: adminProcedure
    .input(ZIdInput)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.deps, 'admin', input.id)),
  enableWebhook: adminProcedure
    .input(ZIdInput)
    .output(parsed(ZWebhook))
    .mutation(({ ctx, input }) => enableWebhook(ctx.deps, input.id)),
  deliveries: adminProcedure
    .input(z.object({ webhookId: ZId.optional() }))
    .output(parsed(z.array(ZWebhookDelivery)))
    .query(({ ctx, input }) => listDeliveries(ctx.deps, input.webhookId)),
  replayDelivery: adminProcedure
    .input(ZIdInput)
    .mutation(({ ctx, input }) => replayDelivery(ctx.deps, input.id)),
});
