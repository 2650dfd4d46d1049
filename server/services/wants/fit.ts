import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import {
  evenings,
  groupMatches,
  groupMembers,
  matches,
  matchLeaves,
  matchParticipants,
  matchRemovals,
  matchWaitlist,
  users,
  wantNotices,
  wants,
} from '../../../db/schema';
import type { Env } from '../../env';

type FitEnv = Pick<Env, 'APP_TIMEZONE'>;

/**
 * Whether the match `m` still wants players at `at`: a seat free, public and out of any group's
 * priority window, not started, an evening still taking sign-ups.
 */
const stillOpen = (env: FitEnv, at: string): SQL => sql`
       m.missing_players > 0
       and m.visibility = 'public'
       and ((m.date + m.time) at time zone ${env.APP_TIMEZONE}) > ${at}::timestamptz
       and not exists (select 1 from ${groupMatches} gm where gm.match_id = m.id
                        and (gm.is_group_only or gm.public_at > ${at}::timestamptz))
       and not exists (select 1 from ${evenings} ev where ev.match_id = m.id
                        and (ev.status <> 'open' or ev.signups_closed))`;

/**
 * Whether `user` is someone to offer the match `m` to: not its organiser, not a player in it or
 * waiting for it, not one who left it or was taken out of it.
 */
const outsider = (user: SQL): SQL => sql`
       m.created_by <> ${user}
       and not exists (select 1 from ${matchParticipants} p where p.match_id = m.id and p.user_id = ${user})
       and not exists (select 1 from ${matchWaitlist} q where q.match_id = m.id and q.user_id = ${user})
       and not exists (select 1 from ${matchLeaves} l where l.match_id = m.id and l.user_id = ${user})
       and not exists (select 1 from ${matchRemovals} r where r.match_id = m.id and r.user_id = ${user})`;

const ids = (result: unknown) => rowsOf<{ user_id: number }>(result).map((r) => Number(r.user_id));

/**
 * The players one of whose live alerts a match (or an evening) fits right now (issue 41): one of
 * its places, its weekday, its time within the window (bounds included), the alert's level (the
 * player's own when unset) among the match's unless it is open to all levels; the match still
 * open (`stillOpen`) and the player an outsider to it (`outsider`).
 */
export async function playersWanting(
  tx: DbOrTx,
  env: FitEnv,
  matchId: number,
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  return ids(
    await tx.execute(sql`
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
       and ${stillOpen(env, at)}
       and ${outsider(sql`w.user_id`)}
     order by w.user_id`),
  );
}

/** A refill is offered from this long before the start… */
export const REFILL_FROM_MS = 48 * 3_600_000;
/** …and never within this long of it. */
export const REFILL_UNTIL_MS = 3_600_000;
/** Who played at a place this many days back is asked for a refill there. */
const RECENT_DAYS = 60;

/**
 * Whether a freed seat of the match is one to refill now: the match still open, nobody waiting
 * for it, and its start between 1 h and 48 h away.
 */
export async function wantsRefill(
  tx: DbOrTx,
  env: FitEnv,
  matchId: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const from = new Date(now.getTime() + REFILL_UNTIL_MS).toISOString();
  const until = new Date(now.getTime() + REFILL_FROM_MS).toISOString();
  const result = await tx.execute(sql`
    select 1 as due from ${matches} m
     where m.id = ${matchId}::int
       and ${stillOpen(env, at)}
       and ((m.date + m.time) at time zone ${env.APP_TIMEZONE}) between ${from}::timestamptz and ${until}::timestamptz
       and not exists (select 1 from ${matchWaitlist} q where q.match_id = m.id)`);
  return rowsOf(result).length > 0;
}

/**
 * After the players whose alerts fit, whom a refill asks, in this order: members of the
 * organiser's groups, then players of a match at that place in the last 60 days (its organiser
 * included); each only when their level fits (or the match is open to all levels), an outsider
 * to the match, and not yet told of it. At most `limit`.
 */
export async function refillCircle(
  tx: DbOrTx,
  env: FitEnv,
  matchId: number,
  now: Date,
  limit: number,
): Promise<number[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  return ids(
    await tx.execute(sql`
    with m0 as (select * from ${matches} where id = ${matchId}::int),
    circle as (
      select gm.user_id, 1 as rank
        from ${groupMembers} gm
       where gm.group_id in (select o.group_id from ${groupMembers} o, m0 where o.user_id = m0.created_by)
      union all
      select p.user_id, 2 from ${matchParticipants} p join ${matches} pm on pm.id = p.match_id, m0
       where pm.place_id = m0.place_id and pm.id <> m0.id
         and ((pm.date + pm.time) at time zone ${env.APP_TIMEZONE}) between ${since}::timestamptz and ${now.toISOString()}::timestamptz
      union all
      select pm.created_by, 2 from ${matches} pm, m0
       where pm.place_id = m0.place_id and pm.id <> m0.id
         and ((pm.date + pm.time) at time zone ${env.APP_TIMEZONE}) between ${since}::timestamptz and ${now.toISOString()}::timestamptz
    )
    select c.user_id, min(c.rank) as rank
      from circle c
      join ${users} u on u.id = c.user_id
      join m0 m on true
     where not u.is_service
       and (m.open_levels or m.levels ? u.level)
       and ${outsider(sql`c.user_id`)}
       and not exists (select 1 from ${wantNotices} n where n.match_id = m.id and n.user_id = c.user_id)
     group by c.user_id
     order by rank, c.user_id
     limit ${limit}::int`),
  );
}
