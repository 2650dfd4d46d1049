import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { evenings, matches, matchParticipants } from '../../../db/schema';
import type { SessionUser } from '../../lib/auth';
import { notFound } from '../../lib/errors';

/**
 * The match a player wants to leave or wait for, with whether they already play in it, or a French
 * 404. `lock` takes the match row first (FOR UPDATE), as every change that frees or queues for a
 * place must.
 */
export async function matchForPlayer(tx: DbOrTx, actor: SessionUser, id: number, lock = false) {
  const query = tx
    .select({
      createdBy: matches.createdBy,
      date: matches.date,
      time: matches.time,
      missingPlayers: matches.missingPlayers,
      visibility: matches.visibility,
      shareToken: matches.shareToken,
      levels: matches.levels,
      openLevels: matches.openLevels,
      priceCents: matches.priceCents,
      gender: matches.gender,
      slots: matches.slots,
      isIn: sql<boolean>`exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matches.id} and mp.user_id = ${actor.id})`,
      isEvening: sql<boolean>`exists (select 1 from ${evenings} ev where ev.match_id = ${matches.id})`,
    })
    .from(matches)
    .where(eq(matches.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(MSG.match.notFound);
  return row;
}
