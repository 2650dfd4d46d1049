import { asc, inArray, sql } from 'drizzle-orm';
import { levels, levelVerifications } from '../../db/schema';
import type { Deps } from '../deps';
import type { TLevel } from '../../common/schemas/catalog';

export const levelColumns = {
  id: levels.id,
  niveau: levels.niveau,
  label: levels.label,
  description: levels.description,
  couleur: levels.couleur,
  ordre: levels.ordre,
};

/** All levels, weakest first (by `ordre`). */
export async function listLevels(deps: Pick<Deps, 'db'>): Promise<TLevel[]> {
  return deps.db.select(levelColumns).from(levels).orderBy(asc(levels.ordre), asc(levels.id));
}

/** The subset of `names` that are existing levels: one query, used wherever a level name is accepted. */
export async function existingLevelNames(
  deps: Pick<Deps, 'db'>,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await deps.db
    .select({ niveau: levels.niveau })
    .from(levels)
    .where(inArray(levels.niveau, [...names]));
  return new Set(rows.map((r) => r.niveau));
}

/** Whether `name` is an existing level: a profile names one, and an admin may have deleted it. */
export async function isExistingLevel(deps: Pick<Deps, 'db'>, name: string): Promise<boolean> {
  return (await existingLevelNames(deps, [name])).has(name);
}

/**
 * Whether a player's current level is vouched for (issue 43, « vérifié »): a verification row for
 * that very level; used in any query that selects from `users`.
 */
// Spelled out with the table's name: drizzle leaves a column unqualified in a one-table select,
// and inside this subquery a bare "level" would be the verification's own.
export const levelVerified = sql<boolean>`exists (select 1 from ${levelVerifications} v
  where v.user_id = "users"."id" and v.level = "users"."level")`;
