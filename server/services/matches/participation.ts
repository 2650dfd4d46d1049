import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished, shortTime } from '../../../common/schedule';
import { executePrepared, rowsOf, type DbOrTx } from '../../../db/client';
import {
  matches,
  matchParticipants,
  matchWaitlist,
  places,
  smsConfig,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TMatchResult } from '../../../common/schemas/matches';
import { notifyMatch, writeNotices, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, type MatchInfo, type Recipient } from '../notifications/match-info';
import {
  announceMatchChange,
  announceMatchesChange,
  matchNotice,
  nextVersion,
} from '../live/notify';
import { matchForPlayer } from './player-match';
import { getMatch, matchCardIn } from './queries';
import { freePlaceAndPromote } from './waitlist';

/** What the join statement answers: the checks' inputs, what it did, and what the creator's notice needs. */
interface JoinRow {
  created_by: number;
  date: string;
  time: string;
  levels: string[];
  sequence: number;
  place_name: string;
  address: string;
  city: string;
  is_in: boolean;
  creator_name: string;
  creator_email: string | null;
  creator_phone: string;
  creator_notify_email: boolean;
  creator_notify_sms: boolean;
  sms_live: boolean;
  taken: number;
  joined: number;
}

/**
 * Takes a place and makes the player a participant, in ONE statement: a conditional `UPDATE …
 * SET missing_players = missing_players - 1 WHERE missing_players > 0` takes the place
 * (PostgreSQL re-checks the condition after waiting for the row, so 50 simultaneous joins on 3
 * places give exactly 3 winners), the participant insert relies on the (match_id, user_id) primary
 * key against a double join, the player's waiting-list row goes once they are in, and the same
 * statement reads what the checks and the creator's notice need (the match, its place, its creator
 * and whether SMS are live), and queues the live notification (delivered on commit only). It decides
 * nothing: the caller checks the answer and throws, which rolls the place and the notice back.
 */
async function takePlace(
  tx: DbOrTx,
  actor: SessionUser,
  id: number,
  now: Date,
): Promise<JoinRow | undefined> {
  const [row] = rowsOf<JoinRow>(
    await executePrepared(
      tx,
      sql`
      with m as (
        select m.created_by, m.date::text as date, m.time::text as time, m.levels, m.sequence,
               p.name as place_name, p.address, p.city,
               u.name as creator_name, u.email as creator_email, u.phone as creator_phone,
               u.notify_email as creator_notify_email, u.notify_sms as creator_notify_sms,
               exists (select 1 from ${matchParticipants} mp where mp.match_id = m.id and mp.user_id = ${actor.id}) as is_in
          from ${matches} m
          join ${places} p on p.id = m.place_id
          join ${users} u on u.id = m.created_by
         where m.id = ${id}
      ), taken as (
        update ${matches} set missing_players = missing_players - 1, updated_at = ${nextVersion}
         where id = ${id} and missing_players > 0
        returning id
      ), announced as (
        select ${matchNotice(id, 'joined')}
      ), joined as (
        insert into ${matchParticipants} (match_id, user_id, joined_at)
        select id, ${actor.id}, ${now.toISOString()}::timestamptz from taken
        on conflict do nothing
        returning user_id
      ), unwaited as (
        delete from ${matchWaitlist} where match_id = ${id} and user_id = ${actor.id} and exists (select 1 from joined)
      )
      select m.*,
             coalesce((select is_live from ${smsConfig} limit 1), false) as sms_live,
             (select count(*) from taken)::int as taken,
             (select count(*) from joined)::int as joined,
             (select count(*) from announced)::int as announced
        from m`,
      'join_take_place',
    ),
  );
  return row;
}

/**
 * Joins a match: not one's own, not a finished one, not twice, not when full; the creator is told
 * through the outbox in the same transaction. Round trips: BEGIN, the join statement (`takePlace`),
 * the creator's notice and the new card together (pipelined on the transaction's connection),
 * COMMIT. Any refusal throws, which rolls the place back: the rules stay in code.
 */
export async function joinMatch(deps: Deps, actor: SessionUser, id: number): Promise<TMatchResult> {
  const now = deps.clock.now();
  const match = await deps.db.transaction(async (tx) => {
    const row = await takePlace(tx, actor, id, now);
    if (!row) throw notFound(MSG.match.notFound);
    if (row.created_by === actor.id) throw badRequest(MSG.match.ownMatch);
    if (row.is_in) throw conflict(MSG.match.alreadyJoined);
    if (isFinished(row, now, deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    if (row.taken === 0) throw conflict(MSG.match.full);
    if (row.joined === 0) throw conflict(MSG.match.alreadyJoined);
    const info: MatchInfo = {
      id,
      date: row.date,
      time: shortTime(row.time),
      placeName: row.place_name,
      address: row.address,
      city: row.city,
      levels: row.levels,
      sequence: row.sequence,
      createdBy: row.created_by,
    };
    const creator: Recipient = {
      id: row.created_by,
      name: row.creator_name,
      email: row.creator_email,
      phone: row.creator_phone,
      notifyEmail: row.creator_notify_email,
      notifySms: row.creator_notify_sms,
    };
    const [, card] = await Promise.all([
      writeNotices(tx, deps, 'joined', info, [creator], row.sms_live, actor.name),
      matchCardIn(tx, id),
    ]);
    if (!card) throw notFound(MSG.match.notFound);
    return card;
  });
  deps.metrics.joins.inc();
  return { success: true, message: MSG.match.joined, match };
}

/**
 * Leaves a match one has joined (beyond the spec: players expect it) and frees the place, in one
 * transaction: the participant row is deleted and, only if it existed, the place goes to the first
 * player of the waiting list, or back to the free places. A finished match keeps its players.
 */
export async function leaveMatch(
  deps: Deps,
  actor: SessionUser,
  id: number,
): Promise<TMatchResult> {
  await deps.db.transaction(async (tx) => {
    const match = await matchForPlayer(tx, actor, id);
    if (!match.isIn) throw conflict(MSG.match.notJoined);
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw conflict(MSG.match.notJoined);
    const info = await matchInfo(tx, id);
    if (info) await notifyMatch(tx, deps, 'left', info, [info.createdBy], actor.name);
    await freePlaceAndPromote(tx, deps, id);
    await announceMatchChange(tx, id, 'left');
  });
  return { success: true, message: MSG.match.left, match: await getMatch(deps, id) };
}

/**
 * Gives back the places a user took in other players' matches, each to the first waiting player
 * if any (see `freePlaceAndPromote`), then forgets those participations. Called inside the
 * caller's transaction before a user is deleted: the participant rows would go by FK cascade
 * anyway, but the places would stay taken. The organiser of each upcoming match is told, as for
 * any leave, but the player is not named: their account (and so their name) is being erased.
 * Matches are handled in id order, so two deletions never lock them in opposite orders. Answers
 * how many matches got a place back.
 */
export async function removeUserFromMatches(
  tx: DbOrTx,
  deps: NotifyDeps,
  userId: number,
): Promise<number> {
  const removed = await tx
    .delete(matchParticipants)
    .where(eq(matchParticipants.userId, userId))
    .returning({ matchId: matchParticipants.matchId });
  const ids = removed.map((r) => r.matchId).sort((a, b) => a - b);
  for (const id of ids) {
    const info = await matchInfo(tx, id);
    if (info && !isFinished(info, deps.clock.now(), deps.env.APP_TIMEZONE)) {
      await notifyMatch(tx, deps, 'left', info, [info.createdBy], null);
    }
    await freePlaceAndPromote(tx, deps, id);
  }
  await announceMatchesChange(tx, ids, 'left');
  return ids.length;
}
