import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LEVEL_COLOUR } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { levels, matches, users } from '../../../db/schema';
import { announceMatchesChange } from '../events/announce';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, conflict, notFound } from '../../lib/errors';
import type {
  TActionResult,
  TCreateLevelInput,
  TUpdateLevelInput,
} from '../../../common/schemas/admin';
import type { TLevel } from '../../../common/schemas/catalog';
import { levelColumns } from '../levels';
import { changedFields, writeAudit } from '../audit/audit-log';
import { isUniqueViolation } from '../../lib/db-errors';

type AdminDeps = Pick<Deps, 'db' | 'clock'>;

/** `niveau` is unique: a duplicate (also one raced in by another admin) is a French 409. */
async function uniqueNiveau<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG.admin.levelExists);
    throw e;
  }
}

/** Adds a level; the colour defaults to #4CAF50 and the description to empty. */
export async function createLevel(
  deps: AdminDeps,
  actor: SessionUser,
  input: TCreateLevelInput,
): Promise<TLevel> {
  return uniqueNiveau(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(levels)
        .values({
          niveau: input.niveau,
          label: input.label,
          description: input.description ?? '',
          couleur: input.couleur ?? DEFAULT_LEVEL_COLOUR,
          ordre: input.ordre,
        })
        .returning(levelColumns);
      if (!row) throw new AppError('INTERNAL', MSG.admin.saveFailed);
      await writeAudit(tx, deps, actor, {
        action: 'create',
        entity: 'level',
        entityId: row.id,
        details: { ...row },
      });
      return row;
    }),
  );
}

/**
 * Edits a level. Profiles and matches refer to a level by its `niveau` text, so renaming it also
 * renames it in `users.level` and in every match's `levels`, in the same transaction: nobody's
 * profile turns into "Niveau supprimé" and no match loses its level because of a typo fix.
 */
export async function updateLevel(
  deps: AdminDeps,
  actor: SessionUser,
  input: TUpdateLevelInput,
): Promise<TLevel> {
  return uniqueNiveau(() =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select(levelColumns)
        .from(levels)
        .where(eq(levels.id, input.id))
        .for('update');
      if (!before) throw notFound(MSG.admin.levelNotFound);
      const { id, ...fields } = input;
      const changes = changedFields(before, fields);
      if (Object.keys(changes).length === 0) return before;
      const [row] = await tx
        .update(levels)
        .set({ ...changes, updatedAt: deps.clock.now() })
        .where(eq(levels.id, id))
        .returning(levelColumns);
      if (!row) throw notFound(MSG.admin.levelNotFound);
      if (changes.niveau !== undefined) {
        const from = before.niveau;
        const to = changes.niveau;
        await tx.update(users).set({ level: to }).where(eq(users.level, from));
        const renamed = await tx
          .update(matches)
          .set({
            levels: sql`(select jsonb_agg(case when e = ${from} then ${to} else e end order by i)
              from jsonb_array_elements_text(${matches.levels}) with ordinality as t(e, i))`,
          })
          .where(sql`${matches.levels} @> jsonb_build_array(${from}::text)`)
          .returning({ id: matches.id });
        await announceMatchesChange(
          tx,
          renamed.map((m) => m.id),
          'changed',
        );
      }
      await writeAudit(tx, deps, actor, {
        action: 'update',
        entity: 'level',
        entityId: id,
        details: { niveau: before.niveau, ...changes },
      });
      return row;
    }),
  );
}

/**
 * Deletes a level. Profiles and matches that name it are left as they are: a profile then shows
 * "Niveau supprimé" and asks the player to pick another, and matches keep the name, so they stay
 * readable.
 */
export async function deleteLevel(
  deps: AdminDeps,
  actor: SessionUser,
  input: { id: number },
): Promise<TActionResult> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(levels).where(eq(levels.id, input.id)).returning(levelColumns);
    if (!row) throw notFound(MSG.admin.levelNotFound);
    await writeAudit(tx, deps, actor, {
      action: 'delete',
      entity: 'level',
      entityId: input.id,
      details: { niveau: row.niveau, label: row.label },
    });
  });
  return { success: true, message: MSG.admin.deleted };
}
