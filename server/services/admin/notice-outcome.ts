import { sql } from 'drizzle-orm';
import { outbox } from '../../../db/schema';

/**
 * How a notice that the worker ended without sending is read, in one place for the dashboard and
 * the Notifications tab: `dropped` when it went stale (not sent within 12 h of being due) or its
 * push device is gone; `failed` when it was given up after repeated errors.
 */
export const isDropped = sql<boolean>`(${outbox.lastError} like 'stale:%' or (${outbox.channel} = 'push' and ${outbox.pushSubscriptionId} is null))`;

/** Ended without being sent: given up or dropped. */
export const isEnded = sql<boolean>`(${outbox.failedAt} is not null and ${outbox.sentAt} is null)`;
