import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants, matchWaitlist } from '../../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';

export type ChatRole = 'organiser' | 'participant' | 'waiting';

export interface ChatAccess {
  role: ChatRole;
  canWrite: boolean;
  createdBy: number;
}

/**
 * Who may see a match's chat: its organiser and participants (read and write), its waiting list
 * (read only, to follow what is arranged); anyone else gets a French 403, as for the participants'
 * list, and a match that does not exist (or a private one, to a stranger) a 404. Read from the database on every call, so a player
 * who leaves loses access at once. `lock` takes the match row (FOR UPDATE): every chat write holds
 * it until commit, so message revisions commit in the order they were numbered.
 */
export async function chatAccess(
  tx: DbOrTx,
  actor: SessionUser,
  matchId: number,
  lock = false,
): Promise<ChatAccess> {
  // The match id as a value, not `${matches.id}`: in a one-table select drizzle writes its columns
  // unqualified, and a bare "id" inside the subquery is match_waitlist's own id, not the match's.
  const query = tx
    .select({
      createdBy: matches.createdBy,
      visibility: matches.visibility,
      isIn: sql<boolean>`exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matchId}::int and mp.user_id = ${actor.id}::int)`,
      isWaiting: sql<boolean>`exists (select 1 from ${matchWaitlist} mw where mw.match_id = ${matchId}::int and mw.user_id = ${actor.id}::int)`,
    })
    .from(matches)
    .where(eq(matches.id, matchId))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(MSG.match.notFound);
  if (row.createdBy === actor.id)
    return { role: 'organiser', canWrite: true, createdBy: row.createdBy };
  if (row.isIn) return { role: 'participant', canWrite: true, createdBy: row.createdBy };
  if (row.isWaiting) return { role: 'waiting', canWrite: false, createdBy: row.createdBy };
  // A private match's id must not be probed: to a stranger it does not exist (matches/room.ts).
  if (row.visibility === 'private') throw notFound(MSG.match.notFound);
  throw forbidden(MSG.chat.forbidden);
}

/** The same, refusing the waiting list (403: read only). */
export async function chatWriter(tx: DbOrTx, actor: SessionUser, matchId: number) {
  const access = await chatAccess(tx, actor, matchId, true);
  if (!access.canWrite) throw forbidden(MSG.chat.readOnly);
  return access;
}
