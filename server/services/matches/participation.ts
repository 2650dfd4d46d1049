import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * Gives back the places a user took in other players' matches, then forgets those participations.
 * Called (inside the caller's transaction) before a user is deleted: the participant rows would go
 * by FK cascade anyway, but `missing_players` would stay too low and the matches would look fuller
 * than they are. Matches the user created are removed by the cascade on `matches.created_by`.
 * Answers how many matches got a place back.
 */
export async function removeUserFromMatches(tx: DbOrTx, userId: number): Promise<number> {
  const rows = await tx.execute<{ id: number }>(sql`
    with removed as (
      delete from match_participants where user_id = ${userId} returning match_id
    )
    update matches m
       set missing_players = m.missing_players + 1, updated_at = now()
      from removed r
     where m.id = r.match_id
    returning m.id`);
  return rowCount(rows);
}

/** Row count of `db.execute` on either driver (postgres.js gives an array, PGlite `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []);
}

const rowCount = (result: unknown) => rowsOf(result).length;
