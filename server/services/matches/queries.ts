import { and, asc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { isFinished, localParts, shortTime } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants, places, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import {
  MATCH_PAGE_DEFAULT,
  type TListMatchesInput,
  type TMatch,
  type TMatchPage,
  type TMyMatches,
  type TParticipant,
} from '../../../common/schemas/matches';

/**
 * Participant ids of the card's match, in joining order, aggregated by PostgreSQL: the card and
 * its players come in ONE query and one round trip, for one match or a page of 100.
 */
const participantIds = sql<
  number[]
>`coalesce((select json_agg(mp.user_id order by mp.joined_at, mp.user_id) from ${matchParticipants} mp where mp.match_id = ${matches.id}), '[]'::json)`;

/** The columns of a match card: the match, its place, its creator's name and its players (never a photo). */
const cardColumns = {
  id: matches.id,
  place_id: matches.placeId,
  place_name: places.name,
  address: places.address,
  city: places.city,
  date: matches.date,
  time: matches.time,
  levels: matches.levels,
  slots: matches.slots,
  missing_players: matches.missingPlayers,
  created_by: matches.createdBy,
  creator_name: users.name,
  participant_ids: participantIds,
};

const cards = (db: DbOrTx) =>
  db.select(cardColumns).from(matches).innerJoin(places, eq(places.id, matches.placeId)).innerJoin(users, eq(users.id, matches.createdBy));

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['execute']>>[number];

/** A card row as the API shows it; field by field, since this runs 100 times per list page. */
const toMatch = (r: CardRow): TMatch => ({
  id: r.id,
  place_id: r.place_id,
  place_name: r.place_name,
  address: r.address,
  city: r.city,
  date: r.date,
  time: shortTime(r.time),
  levels: r.levels,
  slots: r.slots,
  missing_players: r.missing_players,
  created_by: r.created_by,
  creator_name: r.creator_name,
  participants: r.participant_ids.map((user_id) => ({ user_id })),
});

/** One match card, or a French 404. */
export async function getMatch(deps: Pick<Deps, 'db'>, id: number): Promise<TMatch> {
  const [row] = await matchById(deps.db).execute({ id });
  if (!row) throw notFound(MSG.match.notFound);
  return toMatch(row);
}

const byIdStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareById>>();
const prepareById = (db: DbOrTx) =>
  cards(db)
    .where(eq(matches.id, sql.placeholder('id')))
    .limit(1)
    .prepare('match_by_id');
function matchById(db: DbOrTx) {
  let statement = byIdStatements.get(db);
  if (!statement) byIdStatements.set(db, (statement = prepareById(db)));
  return statement;
}

/** Keyset position after the last match of a page; opaque to clients. */
export const encodeCursor = (m: { date: string; time: string; id: number }) =>
  Buffer.from(`${m.date}|${shortTime(m.time)}|${m.id}`).toString('base64url');

function decodeCursor(cursor: string): { date: string; time: string; id: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\|([01]\d|2[0-3]):([0-5]\d)\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest(MSG.match.cursorInvalid);
  return { date: m[1]!, time: `${m[2]}:${m[3]}`, id: Number(m[4]) };
}

/** The values of one list query; a filter left out is `undefined`. */
interface ListValues {
  today: string;
  now: string;
  afterDate?: string;
  afterTime?: string;
  afterId?: number;
  placeId?: number;
  from?: string;
  to?: string;
  /** `["<level>"]`, for jsonb containment. */
  levelJson?: string;
  take: number;
}

type ListSlots = { [K in keyof ListValues]: ListValues[K] | Placeholder };

function listValues(local: { date: string; time: string }, input: TListMatchesInput): ListValues {
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  return {
    today: local.date,
    now: local.time,
    afterDate: after?.date,
    afterTime: after?.time,
    afterId: after?.id,
    placeId: input.placeId,
    from: input.from,
    to: input.to,
    levelJson: input.level === undefined ? undefined : JSON.stringify([input.level]),
    take: (input.limit ?? MATCH_PAGE_DEFAULT) + 1,
  };
}

/**
 * The list query from values or placeholders. The upcoming test and the keyset cursor are row
 * comparisons on (date, time, id), so PostgreSQL walks `matches_upcoming_idx` from the right spot
 * and stops after `limit + 1` rows.
 */
function listQuery(db: DbOrTx, v: ListSlots) {
  const where: SQL[] = [sql`(${matches.date}, ${matches.time}) >= (${v.today}::date, ${v.now}::time)`];
  if (v.afterId !== undefined)
    where.push(sql`(${matches.date}, ${matches.time}, ${matches.id}) > (${v.afterDate}::date, ${v.afterTime}::time, ${v.afterId}::int)`);
  if (v.placeId !== undefined) where.push(sql`${matches.placeId} = ${v.placeId}`);
  if (v.from !== undefined) where.push(sql`${matches.date} >= ${v.from}::date`);
  if (v.to !== undefined) where.push(sql`${matches.date} <= ${v.to}::date`);
  if (v.levelJson !== undefined) where.push(sql`${matches.levels} @> ${v.levelJson}::jsonb`);
  return cards(db)
    .where(and(...where))
    .orderBy(asc(matches.date), asc(matches.time), asc(matches.id))
    .limit(v.take);
}

/** The list query with its values, unexecuted (the benchmark and a test EXPLAIN it). */
export const listMatchesQuery = (db: DbOrTx, local: { date: string; time: string }, input: TListMatchesInput = {}) =>
  listQuery(db, listValues(local, input));

type ListStatement = ReturnType<ReturnType<typeof listQuery>['prepare']>;
const listStatements = new WeakMap<DbOrTx, Map<string, ListStatement>>();

/**
 * The list query prepared once per set of filters in use, so drizzle builds its SQL once and
 * PostgreSQL can keep its plan; then only the values travel.
 */
function listStatement(db: DbOrTx, values: ListValues): ListStatement {
  const used = (Object.keys(values) as (keyof ListValues)[]).filter((k) => values[k] !== undefined);
  const key = used.join(',');
  let byKey = listStatements.get(db);
  if (!byKey) listStatements.set(db, (byKey = new Map<string, ListStatement>()));
  let statement = byKey.get(key);
  if (!statement) {
    const slots = Object.fromEntries(used.map((k) => [k, sql.placeholder(k)])) as unknown as ListSlots;
    statement = listQuery(db, slots).prepare(`matches_list_${byKey.size}`);
    byKey.set(key, statement);
  }
  return statement;
}

/**
 * Upcoming matches (local date and time in APP_TIMEZONE not before now), by date, time, id, a
 * page at a time with an opaque keyset cursor, so page 1 and page 5,000 cost the same at 100,000
 * matches (an offset would re-read every skipped row). Filters: place, date range, level.
 * Participant ids come with each card in the same query; no photos.
 */
export async function listMatches(deps: Pick<Deps, 'db' | 'clock' | 'env'>, input: TListMatchesInput = {}): Promise<TMatchPage> {
  const limit = input.limit ?? MATCH_PAGE_DEFAULT;
  const values = listValues(localParts(deps.clock.now(), deps.env.APP_TIMEZONE), input);
  const rows = await listStatement(deps.db, values).execute(values as unknown as Record<string, unknown>);
  const count = Math.min(rows.length, limit);
  const items: TMatch[] = new Array<TMatch>(count);
  for (let i = 0; i < count; i++) items[i] = toMatch(rows[i]!);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor(last) : null };
}

/**
 * The player's matches, created or joined, upcoming first (soonest first) then finished ones
 * (latest first), each flagged; plus the three counters of the My matches screen.
 */
export async function listMyMatches(deps: Pick<Deps, 'db' | 'clock' | 'env'>, actor: SessionUser): Promise<TMyMatches> {
  const joined = deps.db.select({ id: matchParticipants.matchId }).from(matchParticipants).where(eq(matchParticipants.userId, actor.id));
  const rows = await cards(deps.db)
    .where(or(eq(matches.createdBy, actor.id), inArray(matches.id, joined)))
    .orderBy(asc(matches.date), asc(matches.time), asc(matches.id));
  const now = deps.clock.now();
  const all = rows.map((r) => {
    const m = toMatch(r);
    return { ...m, is_creator: m.created_by === actor.id, is_finished: isFinished(m, now, deps.env.APP_TIMEZONE) };
  });
  const upcoming = all.filter((m) => !m.is_finished);
  const finished = all.filter((m) => m.is_finished).reverse();
  return {
    matches: [...upcoming, ...finished],
    counters: {
      created: all.filter((m) => m.is_creator).length,
      joined: all.filter((m) => !m.is_creator).length,
      upcoming: upcoming.length,
    },
  };
}

/**
 * Who plays in a match (name, level, phone, join date). Phone numbers are personal data, so only
 * the match's creator and its participants may see them; anyone else gets a French 403.
 */
export async function listParticipants(deps: Pick<Deps, 'db'>, actor: SessionUser, matchId: number): Promise<TParticipant[]> {
  const [match] = await deps.db.select({ createdBy: matches.createdBy }).from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!match) throw notFound(MSG.match.notFound);
  const rows = await deps.db
    .select({ user_id: users.id, name: users.name, level: users.level, phone: users.phone, joinedAt: matchParticipants.joinedAt })
    .from(matchParticipants)
    .innerJoin(users, eq(users.id, matchParticipants.userId))
    .where(eq(matchParticipants.matchId, matchId))
    .orderBy(asc(matchParticipants.joinedAt), asc(users.id));
  if (match.createdBy !== actor.id && !rows.some((r) => r.user_id === actor.id)) throw forbidden(MSG.match.participantsForbidden);
  return rows.map(({ joinedAt, ...r }) => ({ ...r, joined_at: joinedAt.toISOString() }));
}
