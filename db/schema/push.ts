import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUSH_KINDS, type TPushKind } from '../../common/schemas/push';
import { timestamps } from './_columns';
import { userIdColumn } from './users';

/**
 * A browser's Web Push subscription (one per device and browser profile), owned by the player
 * who last registered it: a phone handed over moves to its new owner. The keys are the device's
 * public ECDH key and auth secret, which only let the app encrypt for the device. `kinds` are
 * the notices this device wants; the endpoint is unique, so a re-subscription is an upsert.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    kinds: text()
      .array()
      .$type<TPushKind[]>()
      .notNull()
      .default(sql`array[${sql.raw(PUSH_KINDS.map((k) => `'${k}'`).join(','))}]::text[]`),
    /** The last time the push service refused a message (other than "gone"), and its answer. */
    lastFailureAt: timestamp({ withTimezone: true }),
    lastFailure: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
