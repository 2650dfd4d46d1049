import { sql } from 'drizzle-orm';
import { evenings, groupMatches, matches } from '../../../db/schema';

/**
 * The public lists' filter: a group match is left out while its members' priority window runs,
 * and for good when it is group-only. Matches outside groups have no row and always pass.
 * `instant` is an ISO timestamp (a value or a prepared statement's placeholder).
 */
export const publicMatchFilter = (instant: unknown) =>
  sql`not exists (select 1 from ${groupMatches} gm where gm.match_id = ${matches.id} and (gm.is_group_only or gm.public_at > ${instant}::timestamptz)) and ${notAnEvening}`;

/**
 * An evening's sign-ups are a match row (`evenings`), listed and joined as an evening, never as
 * a 4-player match: the match lists leave them out.
 */
export const notAnEvening = sql`not exists (select 1 from ${evenings} ev where ev.match_id = ${matches.id})`;
