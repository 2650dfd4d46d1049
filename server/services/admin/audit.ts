import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import type { TAuditEntry, TAuditListInput } from '../../../common/schemas/admin';

export type AuditEntity = 'place' | 'level' | 'user' | 'twilio' | 'smtp' | 'settings';
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
export async function writeAudit(tx: DbOrTx, deps: Pick<Deps, 'clock'>, actor: SessionUser, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    details: record.details ?? null,
    createdAt: deps.clock.now(),
  });
}

/**
 * The latest admin changes, newest first, with the acting admin's current name (null once that
 * account is deleted: the row stays, so the trail outlives its authors).
 */
export async function listAudit(deps: Pick<Deps, 'db'>, _actor: SessionUser, input: TAuditListInput): Promise<TAuditEntry[]> {
  const rows = await deps.db
    .select({
      id: auditLog.id,
      actor_name: users.name,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(input.limit ?? DEFAULT_LIMIT);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: createdAt.toISOString() }));
}

/** The fields of `next` that differ from `before`, as `{ field: newValue }`. */
export function changedFields<T extends Record<string, unknown>>(before: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] !== undefined && next[key] !== before[key]) out[key] = next[key];
  }
  return out;
}
