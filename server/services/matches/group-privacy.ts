import { and, eq, sql } from 'drizzle-orm';
import type { TVisibility } from '../../../common/schemas/room';
import type { DbOrTx } from '../../../db/client';
import { groupMatches } from '../../../db/schema';

/**
 * A group match follows its organiser's later choice of visibility: made public, a match kept to
 * the group goes to Trouver now (its priority window is long over or never was); made private, it
 * is kept to the group (its members still reach it). A match outside groups has no row: nothing
 * changes. Called in the edit's transaction, which holds the match row.
 */
export async function followVisibility(
  tx: DbOrTx,
  matchId: number,
  visibility: TVisibility,
  now: Date,
) {
  const isGroupOnly = visibility === 'private';
  await tx
    .update(groupMatches)
    .set(
      isGroupOnly
        ? { isGroupOnly, publicAt: null }
        : {
            isGroupOnly,
            publicAt: sql`coalesce(${groupMatches.publicAt}, ${now.toISOString()}::timestamptz)`,
          },
    )
    .where(and(eq(groupMatches.matchId, matchId), eq(groupMatches.isGroupOnly, !isGroupOnly)));
}
