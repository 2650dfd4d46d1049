import { sql } from 'drizzle-orm';
import { groupMatches, matches } from '../../../db/schema';

/**
 * The public lists' filter: a group match is left out while its members' priority window runs,
 * and for good when it is group-only. Matches outside groups have no row and always pass.
 * `instant` is an ISO timestamp (a value or a prepared statement's placeholder).
 */
export const publicMatchFilter = (instant: unknown) =>
  sql`not exists (select 1 from ${groupMatches} gm where gm.match_id = ${matches.id} and (gm.is_group_only or gm.public_at > ${instant}::timestamptz))`;
