import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
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

/** The columns of a match card: the match, its place and its creator's name (never a photo). */
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
};

const cards = (db: DbOrTx) =>
  db.select(cardColumns).from(matches).innerJoin(places, eq(places.id, matches.placeId)).innerJoin(users, eq(users.id, matches.createdBy));

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>['execute']>>[number];

/** Participant ids of many matches in ONE query (no N+1), in joining order. */
async function participantIds(db: DbOrTx, ids: number[]): Promise<Map<number, { user_id: number }[]>> {
  const out = new Map<number, { user_id: number }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ matchId: matchParticipants.matchId, userId: matchParticipants.userId })
    .from(matchParticipants)
    .where(inArray(matchParticipants.matchId, ids))
    .orderBy(asc(matchParticipants.joinedAt), asc(matchParticipants.userId));
  for (const r of rows) out.get(r.matchId)?.push({ user_id: r.userId });
  return out;
}

async function toMatches(db: DbOrTx, rows: CardRow[]): Promise<TMatch[]> {
  const byMatch = await participantIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, time: shortTime(r.time), levels: [...r.levels], participants: byMatch.get(r.id) ?? [] }));
}

/** One match card, or a French 404. */
export async function getMatch(deps: Pick<Deps, 'db'>, id: number): Promise<TMatch> {
  const rows = await cards(deps.db).where(eq(matches.id, id)).limit(1);
  const [match] = await toMatches(deps.db, rows);
  if (!match) throw notFound(MSG.match.notFound);
  return match;
}

/** Keyset position after the last match of a page; opaque to clients. */
export const encodeCursor = (m: { date: string; time: string; id: number }) =>
  Buffer.from(`${m.date}|${shortTime(m.time)}|${m.id}`).toString('base64url');

function decodeCursor(cursor: string): { date: string; time: string; id: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\|([01]\d|2[0-3]):([0-5]\d)\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest(MSG.match.cursorInvalid);
  return { date: m[1]!, time: `${m[2]}:${m[3]}`, id: Number(m[4]) };
}

/**
 * The list query, unexecuted (the benchmark and a test EXPLAIN it). The upcoming test and the
 * keyset cursor are row comparisons on (date, time, id), so PostgreSQL walks
 * `matches_upcoming_idx` from the right spot and stops after `limit + 1` rows.
 */
export function listMatchesQuery(db: DbOrTx, local: { date: string; time: string }, input: TListMatchesInput = {}) {
  const limit = input.limit ?? MATCH_PAGE_DEFAULT;
  const where: SQL[] = [sql`(${matches.date}, ${matches.time}) >= (${local.date}::date, ${local.time}::time)`];
  if (input.cursor) {
    const c = decodeCursor(input.cursor);
    where.push(sql`(${matches.date}, ${matches.time}, ${matches.id}) > (${c.date}::date, ${c.time}::time, ${c.id}::int)`);
  }
  if (input.placeId) where.push(eq(matches.placeId, input.placeId));
  if (input.from) where.push(sql`${matches.date} >= ${input.from}::date`);
  if (input.to) where.push(sql`${matches.date} <= ${input.to}::date`);
  if (input.level) where.push(sql`${matches.levels} @> ${JSON.stringify([input.level])}::jsonb`);
  return cards(db)
    .where(and(...where))
    .orderBy(asc(matches.date), asc(matches.time), asc(matches.id))
    .limit(limit + 1);
}

/**
 * Upcoming matches (local date and time in APP_TIMEZONE not before now), by date, time, id, a
 * page at a time with an opaque keyset cursor, so page 1 and page 5,000 cost the same at 100,000
 * matches (an offset would re-read every skipped row). Filters: place, date range, level.
 * Participant ids come in one extra query for the whole page; no photos.
 */
export async function listMatches(deps: Pick<Deps, 'db' | 'clock' | 'env'>, input: TListMatchesInput = {}): Promise<TMatchPage> {
  const limit = input.limit ?? MATCH_PAGE_DEFAULT;
  const rows = await listMatchesQuery(deps.db, localParts(deps.clock.now(), deps.env.APP_TIMEZONE), input);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: await toMatches(deps.db, page), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
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
  const all = (await toMatches(deps.db, rows)).map((m) => ({
    ...m,
    is_creator: m.created_by === actor.id,
    is_finished: isFinished(m, now, deps.env.APP_TIMEZONE),
  }));
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
