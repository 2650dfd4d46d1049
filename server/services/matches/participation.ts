import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished, shortTime } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { computed, cte, jsonObject, placeholders } from '../../../db/statement';
import { matches, matchParticipants, places, smsConfig, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TMatchResult } from '../../../common/schemas/matches';
import { notifyMatch, writeNotices, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, startOf, type MatchInfo, type Recipient } from '../notifications/match-info';
import { recordLeave } from './leaves';
import { matchForPlayer } from './player-match';
import { getMatch, matchCardIn } from './queries';
import { assertCanReach } from './room';
import { seatFreed, seatsTaken, takeSeat } from './seats';

type JoinValues = { id: number; actorId: number };
const v = placeholders<JoinValues>();

/** The match, its place and its creator as the join's checks and the creator's notice need them. */
const joinMatchRow = cte(
  'm',
  {
    createdBy: matches.createdBy,
    date: computed<string>('date'),
    time: computed<string>('time'),
    levels: matches.levels,
    sequence: matches.sequence,
    placeName: computed<typeof places.$inferSelect.name>('place_name'),
    address: places.address,
    city: places.city,
    creatorName: computed<typeof users.$inferSelect.name>('creator_name'),
    creatorEmail: users.email,
    creatorPhone: users.phone,
    creatorNotifyEmail: users.notifyEmail,
    creatorNotifySms: users.notifySms,
    visibility: matches.visibility,
    shareToken: matches.shareToken,
    isIn: computed<boolean>('is_in'),
  },
  sql`select ${matches.createdBy}, ${matches.date}::text as date, ${matches.time}::text as time,
               ${matches.levels}, ${matches.sequence}, ${places.name} as place_name,
               ${places.address}, ${places.city}, ${users.name} as creator_name, ${users.email},
               ${users.phone}, ${users.notifyEmail}, ${users.notifySms},
               ${matches.visibility}, ${matches.shareToken},
               exists (select 1 from ${matchParticipants}
                        where ${matchParticipants.matchId} = ${matches.id}
                          and ${matchParticipants.userId} = ${v('actorId')}) as is_in
          from ${matches}
          join ${places} on ${places.id} = ${matches.placeId}
          join ${users} on ${users.id} = ${matches.createdBy}
         where ${matches.id} = ${v('id')}`,
);

/** What the join's checks and the creator's notice read, as one JSON object. */
const joinAnswer = jsonObject({
  ...joinMatchRow._.selectedFields,
  smsLive: sql<boolean>`coalesce((select ${smsConfig.isLive} from ${smsConfig} limit 1), false)`,
});

/** The match, its place, its creator and whether SMS are live, in one read. */
const readJoinRow = (tx: DbOrTx, values: JoinValues) =>
  tx
    .with(joinMatchRow)
    .select({ row: joinAnswer.as('row') })
    .from(joinMatchRow)
    .prepare('join_row')
    .execute(values);

/**
 * Joins a match: not one's own, not a finished one, not twice, not when full; the seat is taken by
 * `takeSeat` (the one seat rule), the creator is told through the outbox and what follows is
 * `seatsTaken`'s, all in the same transaction. Any refusal throws, which rolls the place back.
 */
export async function joinMatch(
  deps: Deps,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TMatchResult> {
  const now = deps.clock.now();
  const match = await deps.db.transaction(async (tx) => {
    const [answer] = await readJoinRow(tx, { id, actorId: actor.id });
    const row = answer?.row;
    if (!row) throw notFound(MSG.match.notFound);
    // A private match is joined through its link.
    if (row.visibility === 'private') await assertCanReach(tx, actor, id, row, token);
    if (row.createdBy === actor.id) throw badRequest(MSG.match.ownMatch);
    if (row.isIn) throw conflict(MSG.match.alreadyJoined);
    if (isFinished(row, now, deps.env.APP_TIMEZONE)) throw badRequest(MSG.match.finished);
    const seat = await takeSeat(tx, deps, id, actor.id);
    if (seat === 'full') throw conflict(MSG.match.full);
    if (seat === 'already') throw conflict(MSG.match.alreadyJoined);
    const info: MatchInfo = {
      id,
      date: row.date,
      time: shortTime(row.time),
      placeName: row.placeName,
      address: row.address,
      city: row.city,
      levels: row.levels,
      sequence: row.sequence,
      createdBy: row.createdBy,
    };
    const creator: Recipient = {
      id: row.createdBy,
      name: row.creatorName,
      email: row.creatorEmail,
      phone: row.creatorPhone,
      notifyEmail: row.creatorNotifyEmail,
      notifySms: row.creatorNotifySms,
    };
    await writeNotices(tx, deps, 'joined', info, [creator], row.smsLive, actor.name);
    await seatsTaken(tx, id, [actor.id], 'join');
    const card = await matchCardIn(tx, id);
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
    if (!match.isIn) {
      // A private match is not confirmed to who has no standing in it: the 404 of an unknown one.
      await assertCanReach(tx, actor, id, match, null);
      throw conflict(MSG.match.notJoined);
    }
    if (isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(MSG.match.finished);
    const removed = await tx
      .delete(matchParticipants)
      .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)))
      .returning({ userId: matchParticipants.userId });
    if (removed.length === 0) throw conflict(MSG.match.notJoined);
    const info = await matchInfo(tx, id);
    if (info) await notifyMatch(tx, deps, 'left', info, [info.createdBy], actor.name);
    // Reliability counts a leave under 24 h before the start half an absence.
    if (info) await recordLeave(tx, id, actor.id, startOf(info, deps.env), deps.clock.now());
    await seatFreed(tx, deps, id, [{ text: MSG.chat.system.freed }], actor.id, 'leave');
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
    await seatFreed(tx, deps, id, [{ text: MSG.chat.system.freed }], userId, 'erasure');
  }
  return ids.length;
}
