import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { publicName, shortPublicName } from '../../../common/names';
import { sharesOf, type TPlayerGender } from '../../../common/messages-court';
import { openTo } from './gender';
import { isFinished } from '../../../common/schedule';
import {
  groupMatches,
  groupMembers,
  matches,
  matchGuests,
  matchParticipants,
  matchCourts,
  matchPayments,
  matchRefills,
  matchRemovals,
  matchRequests,
  matchWaitlist,
  places,
  users,
} from '../../../db/schema';
import type { TMatchRoom, TMyRemoval } from '../../../common/schemas/room';
import { isCoPlayer } from './co-players';
import { requestState, tokenMatches } from './room';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import type {
  TMatch,
  TMatchCard,
  TMatchDetail,
  TMatchPlayer,
} from '../../../common/schemas/matches';
import { photoUrl } from '../users';
import { getMatch } from './queries';

const playerColumns = {
  id: users.id,
  name: users.name,
  level: users.level,
  phone: users.phone,
  hasPhoto: users.hasPhoto,
  updatedAt: users.updatedAt,
};

/** What every viewer's page of one match is made from, read once however many viewers watch it. */
export interface MatchSnapshot {
  card: TMatch;
  /** The organiser and the players, in joining order, with the personal data only members see. */
  people: PersonRow[];
  /** Waiting players' ids, first in line first. */
  waitlist: number[];
  /** The match's live version (microseconds of `updated_at`): rises with every committed change. */
  version: string;
  /** Reserved seats, private link, requests (issue 25). */
  room: RoomRow;
}

interface RoomRow {
  visibility: 'public' | 'private';
  shareToken: string | null;
  openLevels: boolean;
  guests: { id: number; name: string }[];
  /** Pending requests, oldest first, with what the organiser sees of the requester. */
  pending: {
    user_id: number;
    name: string;
    level: string | null;
    message: string | null;
    created_at: string;
  }[];
  /** Each requester's latest request status. */
  statuses: { user_id: number; status: TMatchRoom['my_request'] & string }[];
  /** A private match made for a group: its group's members, who reach it without the link. */
  groupMembers: number[];
  /** The organiser's removals of players, the latest per player. */
  removals: { user_id: number; reason: string | null; removed_at: string }[];
  /** Players a late refill told of a freed seat, or null when none ran. */
  refillOffered: number | null;
  /** The court's total price, its booking mark and who paid (issue 42): for the players only. */
  priceCents: number | null;
  bookingUrl: string | null;
  court: { booked_by: number | null; name: string | null; booked_at: string } | null;
  paid: number[];
  /** The organiser and the players by gender, for the seats a gender rule still opens. */
  genders: Record<TPlayerGender, number>;
}

type PersonRow = Awaited<ReturnType<typeof readPeople>>[number];

const readPeople = (deps: Pick<Deps, 'db'>, card: TMatch) =>
  deps.db
    .select({ ...playerColumns, joinedAt: matchParticipants.joinedAt })
    .from(users)
    .leftJoin(
      matchParticipants,
      and(eq(matchParticipants.userId, users.id), eq(matchParticipants.matchId, card.id)),
    )
    .where(inArray(users.id, [card.created_by, ...card.participants.map((p) => p.user_id)]))
    .orderBy(asc(matchParticipants.joinedAt), asc(users.id));

/** The match's version, its waiting list and its room, in one query; none when the match is gone. */
async function readVersion(deps: Pick<Deps, 'db'>, id: number) {
  const [row] = await deps.db
    .select({
      version: sql<string>`(extract(epoch from ${matches.updatedAt}) * 1000000)::bigint::text`,
      waitlist: sql<
        number[]
      >`coalesce((select json_agg(w.user_id order by w.id) from ${matchWaitlist} w where w.match_id = ${id}::int), '[]'::json)`,
      visibility: matches.visibility,
      shareToken: matches.shareToken,
      openLevels: matches.openLevels,
      guests: sql<
        RoomRow['guests']
      >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.id) from ${matchGuests} g where g.match_id = ${id}::int), '[]'::json)`,
      pending: sql<RoomRow['pending']>`coalesce((select json_agg(json_build_object(
          'user_id', r.user_id, 'name', u.name, 'level', u.level, 'message', r.message,
          'created_at', r.created_at) order by r.id)
        from ${matchRequests} r join ${users} u on u.id = r.user_id
        where r.match_id = ${id}::int and r.status = 'pending'), '[]'::json)`,
      statuses: sql<
        RoomRow['statuses']
      >`coalesce((select json_agg(json_build_object('user_id', l.user_id, 'status', l.status))
        from (select distinct on (r.user_id) r.user_id, r.status from ${matchRequests} r
               where r.match_id = ${id}::int order by r.user_id, r.id desc) l), '[]'::json)`,
      groupMembers: sql<number[]>`case when ${matches.visibility} = 'private' then coalesce((
        select json_agg(gm.user_id) from ${groupMatches} g join ${groupMembers} gm on gm.group_id = g.group_id
         where g.match_id = ${id}::int), '[]'::json) else '[]'::json end`,
      removals: sql<RoomRow['removals']>`coalesce((select json_agg(json_build_object(
          'user_id', x.user_id, 'reason', x.reason, 'removed_at', x.removed_at))
        from ${matchRemovals} x where x.match_id = ${id}::int), '[]'::json)`,
      refillOffered: sql<
        number | null
      >`(select r.offered from ${matchRefills} r where r.match_id = ${id}::int)`,
      priceCents: matches.priceCents,
      bookingUrl: sql<
        string | null
      >`(select p.booking_url from ${places} p where p.id = ${matches.placeId})`,
      court: sql<
        RoomRow['court']
      >`(select json_build_object('booked_by', c.booked_by, 'name', u.name,
          'booked_at', c.booked_at)
        from ${matchCourts} c left join ${users} u on u.id = c.booked_by where c.match_id = ${id}::int)`,
      paid: sql<number[]>`coalesce((select json_agg(p.user_id) from ${matchPayments} p
        where p.match_id = ${id}::int), '[]'::json)`,
      genders: sql<RoomRow['genders']>`(select json_build_object(
          'homme', count(*) filter (where u.gender = 'homme'),
          'femme', count(*) filter (where u.gender = 'femme'))
        from ${users} u where u.id = ${matches.createdBy}
          or u.id in (select mp.user_id from ${matchParticipants} mp where mp.match_id = ${id}::int))`,
    })
    .from(matches)
    .where(eq(matches.id, id));
  return row;
}

/** Everything the match page shows, for any viewer; null when the match does not exist. */
export async function loadMatchSnapshot(
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<MatchSnapshot | null> {
  const head = await readVersion(deps, id);
  if (!head) return null;
  const card = await getMatch(deps, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  });
  if (!card) return null;
  const { version, waitlist, ...room } = head;
  return { card, people: await readPeople(deps, card), waitlist, version, room };
}

/**
 * The match page as `actor` sees it: the card plus its organiser and players, each by first name
 * and last-name initial. Phone numbers and photos are personal data: the server gives them only
 * to the match's creator and participants (null for anyone else), whatever the client asks. A
 * player waiting for a place reads their position in the queue here, so a shared link of a full
 * match is not a dead end.
 */
export function matchDetailFor(
  snapshot: MatchSnapshot,
  actor: SessionUser,
  deps: Pick<Deps, 'clock' | 'env'>,
): TMatchDetail {
  const { card, people, waitlist } = snapshot;
  const isCreator = card.created_by === actor.id;
  const isParticipant = card.participants.some((p) => p.user_id === actor.id);
  const member = isCoPlayer(
    { createdBy: card.created_by, playerIds: card.participants.map((p) => p.user_id) },
    actor.id,
  );
  const toPlayer = (u: PersonRow): TMatchPlayer => ({
    user_id: u.id,
    ...publicName(u.name),
    level: u.level,
    photo: member && u.hasPhoto ? photoUrl(u.id, u.updatedAt) : null,
    phone: member ? u.phone : null,
  });
  const organiser = people.find((u) => u.id === card.created_by);
  if (!organiser) throw notFound(MSG.match.notFound);
  const { participants, creator_name: _creatorName, ...rest } = card;
  const joined = new Set(participants.map((p) => p.user_id));
  const position = waitlist.indexOf(actor.id);
  const finished = isFinished(card, deps.clock.now(), deps.env.APP_TIMEZONE);
  return {
    ...rest,
    organiser: toPlayer(organiser),
    participants: people.filter((u) => joined.has(u.id)).map(toPlayer),
    is_creator: isCreator,
    is_participant: isParticipant,
    is_finished: finished,
    waitlist_position: position < 0 ? null : position + 1,
    ...roomFor(snapshot, actor, member, finished),
    ...courtFor(snapshot, member),
  };
}

/**
 * The court and its cost for one viewer: the price for whoever sees the page (it helps decide to
 * join); the booking mark and each player's share and payment for the match's players only.
 */
function courtFor({ card, room }: MatchSnapshot, member: boolean) {
  const players = [card.created_by, ...card.participants.map((p) => p.user_id)];
  const shares = room.priceCents === null ? null : sharesOf(room.priceCents, players.length);
  return {
    booking_url: room.bookingUrl,
    price_cents: room.priceCents,
    court:
      member && room.court
        ? {
            booked: true,
            booked_by: room.court.booked_by,
            // A booker whose account is gone is named as the chat names them.
            booked_by_name: room.court.name
              ? shortPublicName(room.court.name)
              : MSG.chat.formerPlayer,
            booked_at: new Date(room.court.booked_at).toISOString(),
          }
        : null,
    payments:
      member && shares
        ? players.map((userId) => ({
            user_id: userId,
            share_cents: userId === card.created_by ? shares.organiser : shares.each,
            paid: room.paid.includes(userId),
          }))
        : [],
    open_to: openTo(card.gender, card.slots, room.genders),
  };
}

/**
 * The room part of the page for one viewer: the guests' first names and the private link for the
 * organiser and the players only; the pending requests for the organiser only; a started match's
 * pending requests read as expired (they can no longer be answered); the viewer's own removal by
 * the organiser, and no one else's, until they are back in the match.
 */
function roomFor(
  { room, card }: MatchSnapshot,
  actor: SessionUser,
  member: boolean,
  finished: boolean,
): TMatchRoom {
  const mine = room.statuses.find((s) => s.user_id === actor.id)?.status ?? null;
  return {
    visibility: room.visibility,
    open_levels: room.openLevels,
    share_token: member ? room.shareToken : null,
    guests: room.guests.map((g) => ({ id: g.id, name: member ? g.name : null })),
    requests:
      card.created_by === actor.id && !finished
        ? room.pending.map(({ name, ...r }) => ({
            ...r,
            ...publicName(name),
            created_at: new Date(r.created_at).toISOString(),
          }))
        : [],
    my_request: requestState(mine, finished),
    my_removal: member ? null : removalOf(room.removals, actor.id),
    refill_offered: card.created_by === actor.id ? room.refillOffered : null,
  };
}

function removalOf(removals: RoomRow['removals'], userId: number): TMyRemoval {
  const row = removals.find((r) => r.user_id === userId);
  return row ? { reason: row.reason, removed_at: new Date(row.removed_at).toISOString() } : null;
}

/**
 * The match as a list card shows it to `actor` (the live list): whether anyone may join it
 * whatever their level, and the viewer's own request, read from the same snapshot as the page.
 */
export function cardFor(
  { card, room }: MatchSnapshot,
  actor: SessionUser,
  deps: Pick<Deps, 'clock' | 'env'>,
): TMatchCard {
  const mine = room.statuses.find((s) => s.user_id === actor.id)?.status ?? null;
  return {
    ...card,
    open_levels: room.openLevels,
    my_request: requestState(mine, isFinished(card, deps.clock.now(), deps.env.APP_TIMEZONE)),
  };
}

/**
 * Whether `actor` may see this match: see `assertCanReach` (the same rule, on a snapshot that
 * already knows the players, the waiting list and the requesters).
 */
export function canSeeSnapshot(
  { card, room, waitlist }: MatchSnapshot,
  actor: SessionUser,
  token: string | null | undefined,
): boolean {
  return (
    room.visibility === 'public' ||
    card.created_by === actor.id ||
    card.participants.some((p) => p.user_id === actor.id) ||
    waitlist.includes(actor.id) ||
    room.statuses.some((s) => s.user_id === actor.id) ||
    room.groupMembers.includes(actor.id) ||
    tokenMatches(room.shareToken, token)
  );
}

/** The match as `actor` may see it (`canSeeSnapshot`), else the French 404 of an unknown id. */
async function visibleSnapshot(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
  token: string | null | undefined,
) {
  const snapshot = await loadMatchSnapshot(deps, id);
  if (!snapshot || !canSeeSnapshot(snapshot, actor, token)) throw notFound(MSG.match.notFound);
  return snapshot;
}

/**
 * A match card for `actor` (API v2's `GET /matches/{id}`): a private match only for whoever may
 * see its page (`canSeeSnapshot`), else the same French 404 as an unknown id.
 */
export async function getMatchCardFor(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TMatch> {
  return (await visibleSnapshot(deps, actor, id, token)).card;
}

/**
 * The match page (`matches.byId`, `GET /api/matches/{id}`): see `matchDetailFor`; a French 404 when
 * gone. A private match answers the same 404 to a stranger without its link's `token`: ids are
 * sequential, so anything else (a 403, or a page without names) would let anyone walk the ids and
 * learn that private matches exist, where and when. Its organiser, players, waiting players,
 * requesters and, for a match kept to its group, the group's members always see it (they reach
 * it again from Mes matchs or the group's page, without the link).
 */
export async function getMatchDetail(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TMatchDetail> {
  return matchDetailFor(await visibleSnapshot(deps, actor, id, token), actor, deps);
}
