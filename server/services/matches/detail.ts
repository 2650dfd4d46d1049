import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { publicName } from '../../../common/names';
import { isFinished } from '../../../common/schedule';
import { matches, matchParticipants, matchWaitlist, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import type { TMatch, TMatchDetail, TMatchPlayer } from '../../../common/schemas/matches';
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

/** The match's version and its waiting list, in one query; none when the match is gone. */
async function readVersion(deps: Pick<Deps, 'db'>, id: number) {
  const [row] = await deps.db
    .select({
      version: sql<string>`(extract(epoch from ${matches.updatedAt}) * 1000000)::bigint::text`,
      waitlist: sql<
        number[]
      >`coalesce((select json_agg(w.user_id order by w.id) from ${matchWaitlist} w where w.match_id = ${id}::int), '[]'::json)`,
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
  return {
    card,
    people: await readPeople(deps, card),
    waitlist: head.waitlist,
    version: head.version,
  };
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
  const member = isCreator || isParticipant;
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
  return {
    ...rest,
    organiser: toPlayer(organiser),
    participants: people.filter((u) => joined.has(u.id)).map(toPlayer),
    is_creator: isCreator,
    is_participant: isParticipant,
    is_finished: isFinished(card, deps.clock.now(), deps.env.APP_TIMEZONE),
    waitlist_position: position < 0 ? null : position + 1,
  };
}

/** The match page (`matches.byId`, `GET /api/matches/{id}`): see `matchDetailFor`; a French 404 when gone. */
export async function getMatchDetail(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
): Promise<TMatchDetail> {
  const snapshot = await loadMatchSnapshot(deps, id);
  if (!snapshot) throw notFound(MSG.match.notFound);
  return matchDetailFor(snapshot, actor, deps);
}
