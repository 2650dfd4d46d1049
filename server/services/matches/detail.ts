import { and, asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { publicName } from '../../../common/names';
import { isFinished } from '../../../common/schedule';
import { matchParticipants, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { TMatchDetail, TMatchPlayer } from '../../../common/schemas/matches';
import { photoUrl } from '../users';
import { getMatch } from './queries';
import { waitlistPositionOf } from './waitlist';

const playerColumns = {
  id: users.id,
  name: users.name,
  level: users.level,
  phone: users.phone,
  hasPhoto: users.hasPhoto,
  updatedAt: users.updatedAt,
};

/**
 * The match page: the card plus its organiser and players, each by first name and last-name
 * initial. Phone numbers and photos are personal data: the server gives them only to the match's
 * creator and participants (null for anyone else), whatever the client asks. A player waiting for
 * a place reads their position in the queue here, so a shared link of a full match is not a dead end.
 */
export async function getMatchDetail(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  id: number,
): Promise<TMatchDetail> {
  const card = await getMatch(deps, id);
  const [people, waitlistPosition] = await Promise.all([
    deps.db
      .select({ ...playerColumns, joinedAt: matchParticipants.joinedAt })
      .from(users)
      .leftJoin(
        matchParticipants,
        and(eq(matchParticipants.userId, users.id), eq(matchParticipants.matchId, id)),
      )
      .where(inArray(users.id, [card.created_by, ...card.participants.map((p) => p.user_id)]))
      .orderBy(asc(matchParticipants.joinedAt), asc(users.id)),
    waitlistPositionOf(deps.db, id, actor.id),
  ]);
  const isCreator = card.created_by === actor.id;
  const isParticipant = card.participants.some((p) => p.user_id === actor.id);
  const member = isCreator || isParticipant;
  const toPlayer = (u: (typeof people)[number]): TMatchPlayer => ({
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
  return {
    ...rest,
    organiser: toPlayer(organiser),
    participants: people.filter((u) => joined.has(u.id)).map(toPlayer),
    is_creator: isCreator,
    is_participant: isParticipant,
    is_finished: isFinished(card, deps.clock.now(), deps.env.APP_TIMEZONE),
    waitlist_position: waitlistPosition,
  };
}
