import { MSG_API } from '../messages-api';
import { z } from 'zod';
import { MSG } from '../messages';
import { safeText, ZId } from './primitives';

/**
 * API v2 keys and webhooks: the admin forms, the admin answers, and the v2 envelope shapes. The
 * v2 resources themselves reuse the app's schemas (`ZMatch`, `ZPlace`, `ZLevel`).
 */

export const API_SCOPES = ['matches:read', 'matches:write', 'webhooks', 'evenings:read'] as const;
export type TApiScope = (typeof API_SCOPES)[number];

export const WEBHOOK_EVENTS = [
  'match.created',
  'match.updated',
  'match.filled',
  'match.cancelled',
  'participant.joined',
  'participant.left',
  'evening.created',
  'evening.round_started',
  'evening.finished',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Every key starts so, which lets secret scanners recognise a leaked one. */
export const API_KEY_PREFIX = 'pm_live_';

export const ZCreateApiKeyInput = z.object({
  name: safeText({ error: MSG_API.keyNameInvalid })
    .trim()
    .min(1, MSG_API.keyNameInvalid)
    .max(100, MSG_API.keyNameInvalid),
  scopes: z
    .array(z.enum(API_SCOPES, { error: MSG_API.scopesInvalid }), {
      error: MSG_API.scopesInvalid,
    })
    .min(1, MSG_API.scopesInvalid)
    .max(API_SCOPES.length, MSG_API.scopesInvalid),
  /** An existing service account to act as; without it, a new one named after the key. */
  service_account_id: ZId.optional(),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  service_account: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The key in clear, shown once: only its hash is kept. */
export const ZIssuedApiKey = z.object({ key: z.string(), api_key: ZApiKey });
export type TIssuedApiKey = z.infer<typeof ZIssuedApiKey>;

export const ZWebhookUrl = z
  .string({ error: MSG_API.urlInvalid })
  .trim()
  .max(2000, MSG_API.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '';
    } catch {
      return false;
    }
  }, MSG_API.urlInvalid);

export const ZCreateWebhookInput = z.object({
  url: ZWebhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: MSG_API.eventsInvalid }), {
      error: MSG_API.eventsInvalid,
    })
    .min(1, MSG_API.eventsInvalid)
    .max(WEBHOOK_EVENTS.length, MSG_API.eventsInvalid),
});
export type TCreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZCreatedWebhook = z.object({ id: z.number().int(), secret: z.string() });

export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  consecutive_failures: z.number().int(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZDeliveryIdInput = z.object({ id: ZId });

/** v2's cursor pagination: an opaque `cursor` and a `limit` of 1 to 100. */
export const ZV2Page = z.object({
  cursor: safeText({ error: MSG_API.cursorInvalid })
    .max(200, MSG_API.cursorInvalid)
    .optional()
    .describe('La valeur `next_cursor` de la page précédente.'),
  limit: z.coerce
    .number({ error: MSG.match.pageSizeInvalid(100) })
    .int(MSG.match.pageSizeInvalid(100))
    .min(1, MSG.match.pageSizeInvalid(100))
    .max(100, MSG.match.pageSizeInvalid(100))
    .optional()
    .describe('Taille de page, 1 à 100 (20 par défaut).'),
});

/** Every v2 list: `{ data, next_cursor }`, `next_cursor` null on the last page. */
export const v2Page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

/** Every v2 error: a stable machine code and a French message. */
export const ZV2Error = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
