import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { users } from './users';

/**
 * An integrator's API key. Only the SHA-256 of the key is kept (the key is shown once). A key acts
 * as its service account (`users.is_service`), never as a player. The per-key rate-limit window
 * lives on the row itself, so the check, the count and `last_used_at` are one conditional UPDATE
 * that every instance shares through the database.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The first characters of the key (`pm_live_ab12…`), so an admin can tell keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text().array().$type<string[]>().notNull(),
    serviceUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    windowStart: timestamp({ withTimezone: true }),
    windowCount: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash)],
);

/** A URL that receives signed webhook deliveries for the events it lists. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    url: text().notNull(),
    events: text().array().$type<string[]>().notNull(),
    /** The `whsec_…` signing secret, encrypted at rest (server/lib/secrets.ts). */
    secretSealed: text().notNull(),
    /** Failed attempts in a row; reset by a success, the endpoint is disabled past the limit. */
    consecutiveFailures: integer().notNull().default(0),
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * Set while one of its deliveries is in flight (a lease, like a delivery's `locked_until`): a
     * claim skips a busy endpoint, so a hanging receiver holds only its own queue.
     */
    busyUntil: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The API key that registered the endpoint, which alone sees and manages it over v2 (its service
     * account may serve several keys, so the key, not the account); null for the admin's own.
     */
    apiKeyId: integer().references(() => apiKeys.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_api_key_idx').on(t.apiKeyId)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change it
 * announces. `(endpoint_id, event_id)` is unique, and a worker leases a row with a conditional
 * UPDATE (`locked_until`), so each delivery is sent by one instance at a time.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks `webhook-id` (`msg_…`): the same for every endpoint of one event. */
    eventId: text().notNull(),
    eventType: text().notNull(),
    /** The JSON body sent, fixed when the event happened. */
    payload: text().notNull(),
    sendAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastStatus: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.sendAfter, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);
