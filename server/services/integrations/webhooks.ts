import { MSG_API } from '../../../common/messages-api';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENTS,
  type TCreateWebhookInput,
  type TWebhook,
  type TWebhookDelivery,
} from '../../../common/schemas/integrations';
import {
  apiKeys,
  evenings,
  matches,
  matchParticipants,
  matchWaitlist,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../db/schema';
import type { LoggedEvent } from '../events/log';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { assertPublicUrl } from '../../lib/ssrf';
import { writeAudit } from '../audit/audit-log';
import { insertAndWake, wakeWorkers } from '../events/wake';
import { createLogConsumer } from '../../worker/log-consumer';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toWebhook = (r: typeof webhookEndpoints.$inferSelect): TWebhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  consecutive_failures: r.consecutiveFailures,
  disabled_at: iso(r.disabledAt),
  created_at: r.createdAt.toISOString(),
});

/**
 * Who manages webhooks: the admin (session), who sees and manages every endpoint, or an API key
 * with the `webhooks` scope, which sees and manages only the endpoints it registered. Another
 * key's endpoint is answered as unknown (404), its URL never shown.
 */
export type WebhookManager = 'admin' | { apiKeyId: number };
/** The endpoints `by` may see: all for the admin, its own for a key. */
const visibleTo = (by: WebhookManager) =>
  by === 'admin' ? undefined : eq(webhookEndpoints.apiKeyId, by.apiKeyId);

/**
 * Registers an endpoint with a fresh `whsec_` secret (24 random bytes, base64, as the Standard
 * Webhooks libraries expect), kept encrypted because signing needs it back; answered once.
 */
export async function createWebhook(
  deps: Pick<Deps, 'db' | 'env' | 'secrets' | 'clock' | 'resolveHost'>,
  admin: SessionUser,
  input: TCreateWebhookInput,
  by: WebhookManager,
): Promise<{ id: number; secret: string }> {
  await assertPublicUrl(input.url, deps.env.NODE_ENV === 'production', deps.resolveHost);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        events: [...new Set(input.events)],
        secretSealed: deps.secrets.encrypt(secret),
        createdBy: admin.id,
        apiKeyId: by === 'admin' ? null : by.apiKeyId,
      })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('createWebhook: nothing inserted');
    await writeAudit(tx, deps, admin, {
      action: 'create',
      entity: 'webhook',
      entityId: row.id,
      details: { url: input.url, events: input.events },
    });
    return row.id;
  });
  return { id, secret };
}

export async function listWebhooks(
  deps: Pick<Deps, 'db'>,
  by: WebhookManager,
): Promise<TWebhook[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(visibleTo(by))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map(toWebhook);
}

/** Deletes an endpoint `by` may see, in one conditional DELETE; any other id is a 404. */
export async function deleteWebhook(
  deps: Pick<Deps, 'db'>,
  by: WebhookManager,
  id: number,
): Promise<void> {
  const gone = await deps.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), visibleTo(by)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound(MSG_API.webhookNotFound);
}

/** Turns a disabled endpoint back on, its failure count reset. */
export async function enableWebhook(deps: Pick<Deps, 'db'>, id: number): Promise<TWebhook> {
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ disabledAt: null, consecutiveFailures: 0 })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound(MSG_API.webhookNotFound);
  return toWebhook(row);
}

/** The latest deliveries (100), of one endpoint or all, newest first: the admin's delivery log. */
export async function listDeliveries(
  deps: Pick<Deps, 'db'>,
  webhookId?: number,
): Promise<TWebhookDelivery[]> {
  const d = webhookDeliveries;
  const rows = await deps.db
    .select()
    .from(d)
    .where(webhookId === undefined ? undefined : eq(d.endpointId, webhookId))
    .orderBy(desc(d.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    webhook_id: r.endpointId,
    event_id: r.eventId,
    event_type: r.eventType,
    attempts: r.attempts,
    last_status: r.lastStatus,
    last_error: r.lastError,
    status: r.deliveredAt ? 'delivered' : r.failedAt ? 'failed' : 'pending',
    created_at: r.createdAt.toISOString(),
    delivered_at: iso(r.deliveredAt),
  }));
}

/** Sends a delivery again (same `webhook-id`, so a receiver that kept it can tell), soon. */
export async function replayDelivery(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const d = webhookDeliveries;
  const done = await deps.db
    .update(d)
    .set({
      deliveredAt: null,
      failedAt: null,
      lockedUntil: null,
      attempts: 0,
      sendAfter: sql`now()`,
    })
    .where(and(eq(d.id, id)))
    .returning({ id: d.id });
  if (done.length === 0) throw notFound(MSG_API.deliveryNotFound);
  await wakeWorkers(deps.db, 'webhooks');
}

/** An event's `data`: ids only (an evening's `evening_id`, and its `round` when one is drawn). */
function dataOf(ev: LoggedEvent): Record<string, unknown> {
  if (ev.type.startsWith('evening.')) {
    const round = (ev.payload as { round?: unknown } | null)?.round;
    return ev.type === 'evening.round_started'
      ? { evening_id: ev.matchId, round }
      : { evening_id: ev.matchId };
  }
  return ev.userId === null
    ? { match_id: ev.matchId }
    : { match_id: ev.matchId, user_id: ev.userId };
}

/**
 * Integrators hear of changes through the domain event log: this consumer turns each event of the
 * webhook catalogue into one delivery per enabled endpoint subscribed to it, in the transaction
 * that moves its cursor, and wakes the senders. The `webhook-id` is derived from the event, so it
 * is the same for every endpoint and never sent twice for one event. The payload is thin (ids
 * only: no personal data leaves, and `GET /api/v2/matches/{id}` or `/api/v2/evenings/{id}` gives
 * the state).
 *
 * A private evening's events (its own and its seats') go only to the endpoints of a key whose
 * service account may read it over v2 (it organises it, plays in it or waits for a seat): to
 * anyone else, the admin's endpoints included, it does not exist, as on every other door.
 */
export const createWebhookEventsConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock'>) =>
  createLogConsumer(deps, {
    name: 'webhooks',
    types: WEBHOOK_EVENTS,
    async handle(tx, events) {
      const e = webhookEndpoints;
      const rows = sql.join(
        events.map((ev) => {
          const payload = JSON.stringify({
            type: ev.type,
            timestamp: ev.createdAt.toISOString(),
            data: dataOf(ev),
          });
          return sql`(${`msg_${ev.id}`}, ${ev.type}, ${payload}, ${ev.matchId}::int)`;
        }),
        sql`, `,
      );
      const privateEvening = sql`exists (select 1 from ${evenings} pe join ${matches} pm on pm.id = pe.match_id
            where pe.match_id = ev.match_id and pm.visibility = 'private')`;
      const keySees = sql`exists (select 1 from ${apiKeys} k join ${matches} km on km.id = ev.match_id
            where k.id = ${e.apiKeyId} and (km.created_by = k.service_user_id
              or exists (select 1 from ${matchParticipants} kp where kp.match_id = km.id and kp.user_id = k.service_user_id)
              or exists (select 1 from ${matchWaitlist} kw where kw.match_id = km.id and kw.user_id = k.service_user_id)))`;
      await insertAndWake(
        tx,
        sql`insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, payload)
            select ${e.id}, ev.event_id, ev.event_type, ev.payload
              from (values ${rows}) as ev(event_id, event_type, payload, match_id)
              join ${e} on ${e.disabledAt} is null and ev.event_type = any(${e.events})
             where not ${privateEvening} or ${keySees}
            on conflict do nothing`,
        'webhooks',
      );
    },
  });
