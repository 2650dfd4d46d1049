import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import {
  evenings,
  groupMatches,
  matches,
  matchLeaves,
  matchParticipants,
  matchRemovals,
  matchWaitlist,
  users,
  wants,
} from '../../../db/schema';
import type { Env } from '../../env';

/**
 * The players one of whose live alerts a match (or an evening) fits right now (issue 41): one of
 * its places, its weekday, its time within the window (bounds included), the alert's level (the
 * player's own when unset) among the match's unless it is open to all levels; and the match still
 * wants players: a seat free, public and out of any group's priority window, not started, an
 * evening still taking sign-ups. Never its organiser, a player in it or waiting for it, nor one who
 * left it or was taken out of it.
 */
export async function playersWanting(
  tx: DbOrTx,
  env: Pick<Env, 'APP_TIMEZONE'>,
  matchId: number,
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const result = await tx.execute(sql`
    select distinct w.user_id
      from ${wants} w
      join ${users} u on u.id = w.user_id
      join ${matches} m on m.id = ${matchId}::int
     where w.expires_at > ${at}::timestamptz
       and not u.is_service
       and m.place_id = any(w.place_ids)
       and extract(isodow from m.date)::int = any(w.weekdays)
       and m.time between w.from_time and w.to_time
       and (m.open_levels or m.levels ? coalesce(w.level, u.level))
       and m.missing_players > 0
       and m.visibility = 'public'
       and ((m.date + m.time) at time zone ${env.APP_TIMEZONE}) > ${at}::timestamptz
       and m.created_by <> w.user_id
       and not exists (select 1 from ${groupMatches} gm where gm.match_id = m.id
                        and (gm.is_group_only or gm.public_at > ${at}::timestamptz))
       and not exists (select 1 from ${evenings} ev where ev.match_id = m.id
                        and (ev.status <> 'open' or ev.signups_closed))
       and not exists (select 1 from ${matchParticipants} p where p.match_id = m.id and p.user_id = w.user_id)
       and not exists (select 1 from ${matchWaitlist} q where q.match_id = m.id and q.user_id = w.user_id)
       and not exists (select 1 from ${matchLeaves} l where l.match_id = m.id and l.user_id = w.user_id)
       and not exists (select 1 from ${matchRemovals} r where r.match_id = m.id and r.user_id = w.user_id)
     order by w.user_id`);
  return rowsOf<{ user_id: number }>(result).map((r) => Number(r.user_id));
}
