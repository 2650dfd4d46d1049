import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { computeStandings } from '../../../common/evenings';
import { EVENING_TEXT } from '../../../common/messages-evenings';
import { shortPublicName } from '../../../common/names';
import { localParts, shortTime } from '../../../common/schedule';
import type { TEvening, TEveningCard, TEveningFormat } from '../../../common/schemas/evenings';
import type { DbOrTx } from '../../../db/client';
import {
  eveningGames,
  eveningRounds,
  evenings,
  matches,
  matchParticipants,
  matchWaitlist,
  places,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { membershipOf } from '../groups/access';
import { assertCanReach } from '../matches/room';
import { toApi } from './format';

/**
 * The evening's own row joined to its match, as the services read it. `lock` first locks the match
 * row, alone (locking both rows of the join in one statement deadlocks under concurrent changes:
 * PostgreSQL may take them in either order): every change of an evening holds that lock, so the
 * row read after it is what the last change left (round, status).
 */
export async function eveningRow(tx: DbOrTx, id: number, lock = false) {
  if (lock)
    await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, id)).for('update');
  const [row] = await tx
    .select({
      id: matches.id,
      createdBy: matches.createdBy,
      date: matches.date,
      time: matches.time,
      levels: matches.levels,
      slots: matches.slots,
      missingPlayers: matches.missingPlayers,
      kind: matches.kind,
      visibility: matches.visibility,
      shareToken: matches.shareToken,
      placeId: matches.placeId,
      e: evenings,
    })
    .from(evenings)
    .innerJoin(matches, eq(matches.id, evenings.matchId))
    .where(eq(evenings.matchId, id))
    .limit(1);
  return row ?? null;
}
export type EveningRow = NonNullable<Awaited<ReturnType<typeof eveningRow>>>;

/** The seated players' ids, in sign-up order (the pairings' stable order). */
export async function seatedIds(tx: DbOrTx, id: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: matchParticipants.userId })
    .from(matchParticipants)
    .where(eq(matchParticipants.matchId, id))
    .orderBy(asc(matchParticipants.joinedAt), asc(matchParticipants.userId));
  return rows.map((r) => r.userId);
}

/** The rounds as the pairing rules take them (games with their ids), oldest first. */
export async function roundsOf(tx: DbOrTx, id: number) {
  const [roundRows, gameRows] = await Promise.all([
    tx
      .select()
      .from(eveningRounds)
      .where(eq(eveningRounds.matchId, id))
      .orderBy(asc(eveningRounds.number)),
    tx
      .select()
      .from(eveningGames)
      .where(eq(eveningGames.matchId, id))
      .orderBy(asc(eveningGames.round), asc(eveningGames.court)),
  ]);
  return roundRows.map((r) => ({
    number: r.number,
    sitting_out: r.sittingOut,
    games: gameRows
      .filter((g) => g.round === r.number)
      .map((g) => ({
        id: g.id,
        court: g.court,
        teams: [g.teamA, g.teamB] as [[number, number], [number, number]],
        score:
          g.scoreA === null || g.scoreB === null
            ? null
            : ([g.scoreA, g.scoreB] as [number, number]),
      })),
  }));
}

/** The evening's page for `viewer` (access already checked): everyone named « Prénom N. ». */
export async function eveningPage(
  db: DbOrTx,
  row: EveningRow,
  viewerId: number,
): Promise<TEvening> {
  const id = row.id;
  const [place] = await db
    .select({ id: places.id, name: places.name, city: places.city })
    .from(places)
    .where(eq(places.id, row.placeId));
  const seated = await seatedIds(db, id);
  const rounds = await roundsOf(db, id);
  const inRounds = rounds.flatMap((r) => [
    ...r.sitting_out,
    ...r.games.flatMap((g) => [...g.teams[0], ...g.teams[1]]),
  ]);
  const waiting = await db
    .select({ id: matchWaitlist.id, userId: matchWaitlist.userId })
    .from(matchWaitlist)
    .where(eq(matchWaitlist.matchId, id))
    .orderBy(asc(matchWaitlist.id));
  const organiser = row.createdBy === viewerId;
  const ids = [
    ...new Set([
      row.createdBy,
      ...seated,
      ...inRounds,
      ...(organiser ? waiting.map((w) => w.userId) : []),
    ]),
  ];
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  const nameOf = new Map(people.map((p) => [p.id, shortPublicName(p.name)]));
  const named = (userId: number) => ({ user_id: userId, name: nameOf.get(userId) ?? 'Un joueur' });
  const position = waiting.findIndex((w) => w.userId === viewerId);
  const playing = seated.includes(viewerId);
  const standings = computeStandings({
    rounds,
    sitOut: row.e.sitOutRule,
    players: seated,
  }).map((s) => ({
    ...named(s.user_id),
    points: s.points,
    games: s.games,
    wins: s.wins,
    diff: s.diff,
  }));
  return {
    id,
    format: toApi(row.e.format),
    status: row.e.status,
    place: place ?? { id: row.placeId, name: '', city: '' },
    date: row.date,
    time: shortTime(row.time),
    levels: [...row.levels],
    courts: row.e.courts,
    max_players: row.slots,
    points_per_game: row.e.pointsPerGame,
    competitive: row.kind === 'competitif',
    price_cents: row.e.priceCents,
    visibility: row.visibility,
    sit_out_rule: row.e.sitOutRule,
    mexicano_pairing: row.e.mexicanoPairing,
    signups_closed: row.e.signupsClosed,
    current_round: row.e.currentRound,
    organiser: named(row.createdBy),
    players: seated.map(named),
    waiting: waiting.length,
    waiting_list: organiser ? waiting.map((w) => named(w.userId)) : [],
    rounds,
    standings,
    me: { organiser, playing, waitlist_position: position < 0 ? null : position + 1 },
    share_token: organiser || playing ? row.shareToken : null,
  };
}

/**
 * The evening as `actor` may see it: a public one to anyone signed in; a private one to its
 * organiser, its players and waiting players, and whoever holds its link; anyone else gets the
 * French 404 of an unknown evening (no existence oracle).
 */
export async function getEvening(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
  token?: string | null,
): Promise<TEvening> {
  const row = await reachableEvening(deps.db, actor, id, token);
  return eveningPage(deps.db, row, actor.id);
}

/** The evening row after the access rule, or the 404 of an unknown evening. */
export async function reachableEvening(
  tx: DbOrTx,
  actor: SessionUser,
  id: number,
  token?: string | null,
  lock = false,
): Promise<EveningRow & { isIn: boolean }> {
  const row = await eveningRow(tx, id, lock);
  if (!row) throw notFound(EVENING_TEXT.notFound);
  const [seat] = await tx
    .select({ userId: matchParticipants.userId })
    .from(matchParticipants)
    .where(and(eq(matchParticipants.matchId, id), eq(matchParticipants.userId, actor.id)));
  try {
    await assertCanReach(tx, actor, id, { ...row, isIn: !!seat }, token);
  } catch {
    throw notFound(EVENING_TEXT.notFound);
  }
  return { ...row, isIn: !!seat };
}

/** The page after a change, for its author (a player who just left a private evening reads it once). */
export async function pageAfter(deps: Pick<Deps, 'db'>, actor: SessionUser, id: number) {
  const row = await eveningRow(deps.db, id);
  if (!row) throw notFound(EVENING_TEXT.notFound);
  return eveningPage(deps.db, row, actor.id);
}

/**
 * Upcoming public evenings (from today, APP_TIMEZONE), and every evening the viewer organises or
 * plays in, soonest first: what « Trouver » and API v2 list.
 */
export async function listEvenings(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  viewer: SessionUser | null,
  o: { mine?: boolean; groupId?: number; limit?: number } = {},
): Promise<TEveningCard[]> {
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  const viewerId = viewer?.id ?? 0;
  const mine = sql`(${matches.createdBy} = ${viewerId}::int or exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matches.id} and mp.user_id = ${viewerId}::int))`;
  const rows = await deps.db
    .select({
      id: matches.id,
      e: evenings,
      date: matches.date,
      time: matches.time,
      levels: matches.levels,
      slots: matches.slots,
      missing: matches.missingPlayers,
      kind: matches.kind,
      place: { id: places.id, name: places.name, city: places.city },
    })
    .from(evenings)
    .innerJoin(matches, eq(matches.id, evenings.matchId))
    .innerJoin(places, eq(places.id, matches.placeId))
    .where(
      o.mine
        ? mine
        : and(
            gte(matches.date, today),
            sql`(${matches.visibility} = 'public' or ${mine})`,
            o.groupId === undefined ? undefined : eq(evenings.groupId, o.groupId),
          ),
    )
    .orderBy(asc(matches.date), asc(matches.time), asc(matches.id))
    .limit(o.limit ?? 50);
  const rankOf = async (id: number, sitOut: 'average' | 'zero') => {
    const table = computeStandings({ rounds: await roundsOf(deps.db, id), sitOut });
    const at = table.findIndex((s) => s.user_id === viewerId);
    return at < 0 ? null : { rank: at + 1, of: table.length };
  };
  const ranks = await Promise.all(
    rows.map((r) =>
      r.e.status === 'finished' ? rankOf(r.id, r.e.sitOutRule) : Promise.resolve(null),
    ),
  );
  return rows.map((r, i) => ({
    my_rank: ranks[i] ?? null,
    id: r.id,
    format: toApi(r.e.format),
    status: r.e.status,
    place: r.place,
    date: r.date,
    time: shortTime(r.time),
    levels: [...r.levels],
    courts: r.e.courts,
    max_players: r.slots,
    points_per_game: r.e.pointsPerGame,
    competitive: r.kind === 'competitif',
    price_cents: r.e.priceCents,
    signed_up: r.slots - r.missing,
  }));
}

/**
 * A group's upcoming evenings, for its members only (a stranger gets the group's 404): the same
 * cards and the same visibility rule as the list (a private one only for those in it).
 */
export async function listGroupEvenings(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  viewer: SessionUser,
  groupId: number,
): Promise<TEveningCard[]> {
  await membershipOf(deps.db, viewer, groupId);
  return listEvenings(deps, viewer, { groupId });
}

/** The evening's format when this match id is an evening's, else null (share pages, previews). */
export async function eveningFormatOf(db: DbOrTx, id: number): Promise<TEveningFormat | null> {
  const [row] = await db
    .select({ format: evenings.format })
    .from(evenings)
    .where(eq(evenings.matchId, id));
  return row ? toApi(row.format) : null;
}
