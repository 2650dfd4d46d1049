import { asc } from 'drizzle-orm';
import { levels } from '../../db/schema';
import type { Deps } from '../deps';
import type { TLevel } from '../schemas/catalog';

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
