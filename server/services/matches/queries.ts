import { and, asc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { shortPublicName } from '../../../common/names';
import { isFinished, isIsoDate, localParts, shortTime } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { jsonObject, type JsonRow } from '../../../db/statement';
import { matches, matchParticipants, matchRequests, places, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { prepared } from '../../lib/prepared';
import { isCoPlayer } from './co-players';
import { refusal, requestState } from './room';
import { listMyWaitlist } from './waitlist';
import { notAnEvening, publicMatchFilter } from '../matches/public-filter';
import { INT32_MAX } from '../../../common/schemas/primitives';
import type { TMyRequest } from '../../../common/schemas/room';
import {
  MATCH_PAGE_DEFAULT,
  type TListMatchesInput,
  type TMatch,
  type TMatchCard,
  type TMatchPage,
  type TMyMatches,
  type TParticipant,
} from '../../../common/schemas/matches';

/**
 * Participant ids of the card's match, in joining order, aggregated by PostgreSQL: a card and its
 * players come in ONE query and one round trip, for one match or a page of 100.
 */
const participantIds = sql<
  number[]
>`coalesce((select json_agg(mp.user_id order by mp.joined_at, mp.user_id) from ${matchParticipants} mp where mp.match_id = ${matches.id}), '[]'::json)`;

/**
 * The columns of a match card: the match, its place, its creator's name and its players (never a
 * photo). A card reaches anyone (the list is public), so the creator is shown as "Prénom N.".
 */
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
  kind: matches.kind,
  gender: matches.gender,
};

/** A card travels as one JSON object built by PostgreSQL (`jsonObject`): the list's hottest cost. */
const cardJson = jsonObject(cardColumns);
const cardSelection = { card: cardJson };

const cards = (db: DbOrTx) =>
  db
    .select(cardSelection)
    .from(matches)
    .innerJoin(places, eq(places.id, matches.placeId))
    .innerJoin(users, eq(users.id, matches.createdBy));

type CardRow = JsonRow<typeof cardColumns>;

/**
 * The viewer's latest request to join the card's match (issue 25): one probe of
 * `match_requests_match_idx` per card, only in the statements of a logged-in viewer's list.
 */
const requestOf = (viewer: number | Placeholder) =>
  sql<TMyRequest>`(select r.status from ${matchRequests} r where r.match_id = ${matches.id} and r.user_id = ${viewer}::int order by r.id desc limit 1)`;

/** What the app's list cards add for their button: open to all levels, the viewer's request. */
const listCardColumns = (myRequest: SQL<TMyRequest>) => ({
  ...cardColumns,
  open_levels: matches.openLevels,
  my_request: myRequest,
});
type ListCardRow = JsonRow<ReturnType<typeof listCardColumns>>;

// Compiled once each: the viewer travels as a value of the prepared list statement.
// Aliased as their key: the list reads its rows as the driver gives them (`preparedList`).
const viewerListSelection = {
  card: jsonObject(listCardColumns(requestOf(sql.placeholder('viewer')))).as('card'),
};
const anonymousListSelection = {
  card: jsonObject(listCardColumns(sql<TMyRequest>`null`)).as('card'),
};
const listSelection = (viewer: number | Placeholder | undefined) =>
  viewer === undefined
    ? anonymousListSelection
    : typeof viewer === 'number'
      ? { card: jsonObject(listCardColumns(requestOf(viewer))).as('card') }
      : viewerListSelection;

const listCards = (db: DbOrTx, viewer: number | Placeholder | undefined) =>
  db
    .select(listSelection(viewer))
    .from(matches)
    .innerJoin(places, eq(places.id, matches.placeId))
    .innerJoin(users, eq(users.id, matches.createdBy));

/** A card row as the API shows it; field by field, since this runs 100 times per list page. */
const toMatch = ({ card: r }: { card: CardRow }): TMatch => ({
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
  creator_name: shortPublicName(r.creator_name),
  participants: r.participant_ids.map((user_id) => ({ user_id })),
  kind: r.kind,
  gender: r.gender,
});

/**
 * A list card for its viewer; the legacy and v2 lists map the same rows with `toMatch`. The two
 * fields are added to `toMatch`'s fresh object: spreading it into a new one cost a third of the
 * tRPC list's mapping.
 */
const toCard = (row: { card: ListCardRow }): TMatchCard =>
  Object.assign(toMatch(row), {
    open_levels: row.card.open_levels,
    my_request: row.card.my_request,
  });

const matchById = (db: DbOrTx) =>
  prepared(db, 'match_by_id', (name) =>
    cards(db)
      .where(eq(matches.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );

/** One match card, or a French 404. */
export async function getMatch(deps: Pick<Deps, 'db'>, id: number): Promise<TMatch> {
  const [row] = await matchById(deps.db).execute({ id });
  if (!row) throw notFound(MSG.match.notFound);
  return toMatch(row);
}

/**
 * One match card read inside a transaction, which sees its own writes (the join answers the card it
 * has just changed).
 */
export async function matchCardIn(tx: DbOrTx, id: number): Promise<TMatch | null> {
  const [row] = await tx
    .select({ card: cardJson.as('card') })
    .from(matches)
    .innerJoin(places, eq(places.id, matches.placeId))
    .innerJoin(users, eq(users.id, matches.createdBy))
    .where(eq(matches.id, id))
    .limit(1);
  return row ? toMatch(row) : null;
}

type ListOrder = NonNullable<TListMatchesInput['order']>;
interface CursorPosition {
  missing: number;
  date: string;
  time: string;
  id: number;
}

/**
 * Keyset position after the last match of a page; opaque to clients. The "need" order adds the
 * free places in front (`n|…`), so a cursor from one order is refused by the other.
 */
export const encodeCursor = (
  m: { date: string; time: string; id: number; missing_players?: number },
  order: ListOrder = 'date',
) =>
  Buffer.from(
    `${order === 'need' ? `n|${m.missing_players ?? 0}|` : ''}${m.date}|${shortTime(m.time)}|${m.id}`,
  ).toString('base64url');

const CURSOR = /^(?:n\|(\d{1,4})\|)?(\d{4}-\d{2}-\d{2})\|([01]\d|2[0-3]):([0-5]\d)\|(\d{1,10})$/;

/** A forged cursor (impossible date, id beyond PostgreSQL's integer, other order) is a French 400, never a 500. */
function decodeCursor(cursor: string, order: ListOrder): CursorPosition {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(m?.[5]);
  if (!m || (m[1] !== undefined) !== (order === 'need') || !isIsoDate(m[2]!) || id > INT32_MAX)
    throw badRequest(MSG.match.cursorInvalid);
  return { missing: Number(m[1] ?? 0), date: m[2]!, time: `${m[3]}:${m[4]}`, id };
}

/** The values of one list query; a filter left out is `undefined`. */
type ListValues = {
  today: string;
  now: string;
  /** The instant (ISO), for group matches' priority windows. */
  instant: string;
  afterMissing?: number;
  afterDate?: string;
  afterTime?: string;
  afterId?: number;
  placeId?: number;
  city?: string;
  from?: string;
  to?: string;
  /** `["<level>"]`, for jsonb containment. */
  levelJson?: string;
  kind?: string;
  gender?: string;
  take: number;
  /** The logged-in viewer, whose own requests the cards carry. */
  viewer?: number;
};
const LIST_VALUE_KEYS = [
  'today',
  'now',
  'instant',
  'afterMissing',
  'afterDate',
  'afterTime',
  'afterId',
  'placeId',
  'city',
  'from',
  'to',
  'levelJson',
  'kind',
  'gender',
  'take',
  'viewer',
] as const satisfies readonly (keyof ListValues)[];

/** What decides the SQL text: the order, "free places only", and which values are present. */
interface ListShape {
  need: boolean;
  open: boolean;
}
type ListSlots = { [K in keyof ListValues]: ListValues[K] | Placeholder };

function listValues(
  local: { date: string; time: string; instant?: string },
  input: TListMatchesInput,
  viewer?: number,
): ListShape & { values: ListValues } {
  const order = input.order ?? 'date';
  const after = input.cursor ? decodeCursor(input.cursor, order) : undefined;
  const need = order === 'need';
  return {
    need,
    open: need || input.available === true,
    values: {
      today: local.date,
      now: local.time,
      instant: local.instant ?? new Date().toISOString(),
      afterMissing: need ? after?.missing : undefined,
      afterDate: after?.date,
      afterTime: after?.time,
      afterId: after?.id,
      placeId: input.placeId || undefined,
      city: input.city || undefined,
      from: input.from || undefined,
      to: input.to || undefined,
      levelJson: input.level ? JSON.stringify([input.level]) : undefined,
      kind: input.kind,
      gender: input.gender,
      take: (input.limit ?? MATCH_PAGE_DEFAULT) + 1,
      viewer,
    },
  };
}

/**
 * The list query from values or placeholders; the one place its SQL lives. The upcoming test and
 * the keyset cursor are row comparisons in the order's own columns, so PostgreSQL walks an index
 * from the right spot and stops after `limit + 1` rows: `matches_upcoming_idx` (date, time, id)
 * for the date order, `matches_open_idx` (same, only matches with free places) for `available`,
 * `matches_need_idx` (missing_players, date, time, id) for the "need" order, `matches_place_idx`
 * (place_id, date, time, id) for a place.
 */
function listQuery(db: DbOrTx, { need, open }: ListShape, v: ListSlots) {
  const where: SQL[] = [
    sql`(${matches.date}, ${matches.time}) >= (${v.today}::date, ${v.now}::time)`,
    // Private matches are never listed, filtered or searched: only their link leads to them.
    sql`${matches.visibility} = 'public'`,
  ];
  if (v.afterId !== undefined)
    where.push(
      need
        ? sql`(${matches.missingPlayers}, ${matches.date}, ${matches.time}, ${matches.id}) > (${v.afterMissing}::int, ${v.afterDate}::date, ${v.afterTime}::time, ${v.afterId}::int)`
        : sql`(${matches.date}, ${matches.time}, ${matches.id}) > (${v.afterDate}::date, ${v.afterTime}::time, ${v.afterId}::int)`,
    );
  if (v.placeId !== undefined) where.push(sql`${matches.placeId} = ${v.placeId}::int`);
  if (v.city !== undefined) where.push(sql`lower(${places.city}) = lower(${v.city}::text)`);
  if (v.from !== undefined) where.push(sql`${matches.date} >= ${v.from}::date`);
  if (v.to !== undefined) where.push(sql`${matches.date} <= ${v.to}::date`);
  if (v.levelJson !== undefined) where.push(sql`${matches.levels} @> ${v.levelJson}::jsonb`);
  if (v.kind !== undefined) where.push(sql`${matches.kind} = ${v.kind}::text`);
  if (v.gender !== undefined) where.push(sql`${matches.gender} = ${v.gender}::text`);
  if (open) where.push(sql`${matches.missingPlayers} > 0`);
  // Group matches stay with their group during its priority window, or for good (groups feature).
  where.push(publicMatchFilter(v.instant));
  const keys = [asc(matches.date), asc(matches.time), asc(matches.id)];
  return listCards(db, v.viewer)
    .where(and(...where))
    .orderBy(...(need ? [asc(matches.missingPlayers), ...keys] : keys))
    .limit(v.take);
}

/** The list query with its values, unexecuted (the benchmark and a test EXPLAIN it). */
export function listMatchesQuery(
  db: DbOrTx,
  local: { date: string; time: string },
  input: TListMatchesInput = {},
) {
  const { values, ...shape } = listValues(local, input);
  return listQuery(db, shape, values);
}

/**
 * The list query rendered once per shape (order, free places only, filters in use): a handful of
 * statements in all, each built once by drizzle and planned by PostgreSQL; then only the values travel.
 */
function preparedList(db: DbOrTx, shape: ListShape, values: ListValues) {
  const used = new Set(LIST_VALUE_KEYS.filter((k) => values[k] !== undefined));
  const key = `matches_list:${shape.need ? 'need' : 'date'}:${shape.open ? 'open' : 'all'}:${[...used].join(',')}`;
  return prepared(db, key, (name) => {
    const slot = (k: keyof ListValues) => (used.has(k) ? sql.placeholder(k) : undefined);
    const slots: ListSlots = {
      today: sql.placeholder('today'),
      now: sql.placeholder('now'),
      instant: sql.placeholder('instant'),
      afterMissing: slot('afterMissing'),
      afterDate: slot('afterDate'),
      afterTime: slot('afterTime'),
      afterId: slot('afterId'),
      placeId: slot('placeId'),
      city: slot('city'),
      from: slot('from'),
      to: slot('to'),
      levelJson: slot('levelJson'),
      kind: slot('kind'),
      gender: slot('gender'),
      take: sql.placeholder('take'),
      viewer: slot('viewer'),
    };
    return listQuery(db, shape, slots).prepare(name);
  });
}

/** One page of the list, each row mapped by `map`; `viewer` adds their requests to the cards. */
async function listPage<T extends TMatch>(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  input: TListMatchesInput,
  viewer: number | undefined,
  map: (row: { card: ListCardRow }) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const limit = input.limit ?? MATCH_PAGE_DEFAULT;
  const { values, ...shape } = listValues(
    {
      ...localParts(deps.clock.now(), deps.env.APP_TIMEZONE),
      instant: deps.clock.now().toISOString(),
    },
    input,
    viewer,
  );
  const rows = (await preparedList(deps.db, shape, values).execute(values)).map(map);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  if (rows.length > limit) rows.length = limit;
  return { items: rows, nextCursor: last ? encodeCursor(last, input.order) : null };
}

/**
 * Upcoming matches (local date and time in APP_TIMEZONE not before now), a page at a time with an
 * opaque keyset cursor, so page 1 and page 5,000 cost the same at 100,000 matches (an offset would
 * re-read every skipped row). Filters, combined with AND: place, city (any case), level, date
 * range (inclusive), free places only. Order: by date and time, or "need" (fewest free places
 * first, full matches left out, then soonest). Participant ids come with each card in the same
 * statement: one round trip per page; no photos. This is the legacy and v2 answer: plain matches.
 */
export function listMatches(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  input: TListMatchesInput = {},
): Promise<{ items: TMatch[]; nextCursor: string | null }> {
  return listPage(deps, input, undefined, toMatch);
}

/**
 * The same page as the app's cards (`matches.list`): each match also says whether it is open to
 * all levels and, for a logged-in viewer, their latest request to join it, so a player outside its
 * levels is offered "Demander à rejoindre" (or told the request is pending) on the card itself.
 * Listed matches have not started, so a pending request is still pending.
 */
export function listMatchCards(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  viewer: SessionUser | null,
  input: TListMatchesInput = {},
): Promise<TMatchPage> {
  return listPage(deps, input, viewer?.id, toCard);
}

/**
 * The player's matches, created or joined, upcoming first (soonest first) then finished ones
 * (latest first), each flagged; the upcoming matches they wait for, with their place in the queue
 * (a waiting player must find the match again); and the counters of the My matches screen.
 */
export async function listMyMatches(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
): Promise<TMyMatches> {
  const joined = deps.db
    .select({ id: matchParticipants.matchId })
    .from(matchParticipants)
    .where(eq(matchParticipants.userId, actor.id));
  const [rows, queue] = await Promise.all([
    listCards(deps.db, actor.id)
      .where(and(or(eq(matches.createdBy, actor.id), inArray(matches.id, joined)), notAnEvening))
      .orderBy(asc(matches.date), asc(matches.time), asc(matches.id)),
    listMyWaitlist(deps, actor),
  ]);
  const now = deps.clock.now();
  const all = rows.map((r) => {
    const m = toCard(r);
    const finished = isFinished(m, now, deps.env.APP_TIMEZONE);
    return {
      ...m,
      my_request: requestState(m.my_request, finished),
      is_creator: m.created_by === actor.id,
      is_finished: finished,
    };
  });
  const upcoming = all.filter((m) => !m.is_finished);
  const finished = all.filter((m) => m.is_finished).reverse();
  const positions = new Map(queue.map((w) => [w.match_id, w.position]));
  const waitedRows =
    positions.size === 0
      ? []
      : await listCards(deps.db, actor.id)
          .where(inArray(matches.id, [...positions.keys()]))
          .orderBy(asc(matches.date), asc(matches.time), asc(matches.id));
  // A match over is no longer waited for: its queue is history.
  const waiting = waitedRows
    .map(toCard)
    .filter((m) => !isFinished(m, now, deps.env.APP_TIMEZONE))
    .map((m) => ({
      ...m,
      is_creator: false,
      is_finished: false,
      waitlist_position: positions.get(m.id) ?? 0,
    }));
  return {
    matches: [...upcoming, ...finished],
    waiting,
    counters: {
      created: all.filter((m) => m.is_creator).length,
      joined: all.filter((m) => !m.is_creator).length,
      upcoming: upcoming.length,
      waiting: waiting.length,
    },
  };
}

/**
<<<<<<< HEAD
 * Who plays in a match (name, level, phone, join date). Phone numbers are personal data, so only
 * the match's creator and its participants may see them; anyone else gets a French 403, except a
 * stranger to a private match, who gets the 404 of an unknown id (`refusal`).
=======
 * Who plays in a match (name, level, phone, join date), the organiser first: they play too, so
 * their co-players reach them as they reach each other (`is_organiser`, joined when they created
 * it). Phone numbers are personal data, so only the match's co-players (`isCoPlayer`) may see
 * them; anyone else gets a French 403.
>>>>>>> wt-d
 */
export async function listParticipants(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  matchId: number,
): Promise<TParticipant[]> {
  const [match] = await deps.db
    .select({ createdBy: matches.createdBy, createdAt: matches.createdAt })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  if (!match) throw notFound(MSG.match.notFound);
  const person = { user_id: users.id, name: users.name, level: users.level, phone: users.phone };
  const [rows, organiser] = await Promise.all([
    deps.db
      .select({ ...person, joinedAt: matchParticipants.joinedAt })
      .from(matchParticipants)
      .innerJoin(users, eq(users.id, matchParticipants.userId))
      .where(eq(matchParticipants.matchId, matchId))
      .orderBy(asc(matchParticipants.joinedAt), asc(users.id)),
    deps.db.select(person).from(users).where(eq(users.id, match.createdBy)).limit(1),
  ]);
  if (!isCoPlayer({ createdBy: match.createdBy, playerIds: rows.map((r) => r.user_id) }, actor.id))
    throw await refusal(deps.db, matchId, actor.id, () =>
      forbidden(MSG.match.participantsForbidden),
    );
  return [
    ...organiser.map((o) => ({
      ...o,
      joined_at: match.createdAt.toISOString(),
      is_organiser: true,
    })),
    ...rows.map(({ joinedAt, ...r }) => ({
      ...r,
      joined_at: joinedAt.toISOString(),
      is_organiser: false,
    })),
  ];
}
