import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { auditLog, places, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import type { TAuditEntry, TAuditListInput } from '../../../common/schemas/admin';

export type AuditEntity =
  'place' | 'level' | 'user' | 'twilio' | 'smtp' | 'settings' | 'notice' | 'api_key' | 'webhook';
export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | string | null;
  /** What changed. Never a secret: callers pass flags such as `token_changed`, not values. */
  details?: Record<string, unknown>;
}

const DEFAULT_LIMIT = 50;

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the trail and the
 * change commit (or roll back) together and no admin change goes unrecorded.
 */
export async function writeAudit(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  actor: SessionUser,
  record: AuditRecord,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: record.action,
    entity: record.entity,
    entityId:
      record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    details: record.details ?? null,
    createdAt: deps.clock.now(),
  });
}

const subjectUser = alias(users, 'subject_user');

/**
 * The latest admin changes, newest first, with the acting admin's current name (null once that
 * account is deleted: the row stays, so the trail outlives its authors) and the current name of the
 * user or place the change was about (null when it is gone; a deletion keeps the name in `details`).
 */
export async function listAudit(
  deps: Pick<Deps, 'db'>,
  _actor: SessionUser,
  input: TAuditListInput,
): Promise<TAuditEntry[]> {
  const rows = await deps.db
    .select({
      id: auditLog.id,
      actor_name: users.name,
      subject_name: sql<string | null>`coalesce(${subjectUser.name}, ${places.name})`,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(
      subjectUser,
      and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, sql`${subjectUser.id}::text`)),
    )
    .leftJoin(
      places,
      and(eq(auditLog.entity, 'place'), eq(auditLog.entityId, sql`${places.id}::text`)),
    )
    .orderBy(desc(auditLog.id))
    .limit(input.limit ?? DEFAULT_LIMIT);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() }));
}

/** The fields of `next` that differ from `before`, as `{ field: newValue }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  next: Partial<T>,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key in next) {
    if (Object.hasOwn(next, key) && next[key] !== undefined && next[key] !== before[key])
      out[key] = next[key];
  }
  return out;
}
