import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { TCreateMatchInput, TMatch, TUpdateMatchInput } from '../../../common/schemas/matches';
import { getMatch } from './queries';
import { checkMatchFields, createLimits, editLimits } from './rules';

/**
 * Creates a match for the session's user (whatever a legacy `created_by` said; the REST adapter
 * has already refused a different one). Create rules of spec section 5: an active place, 1 to
 * max_levels_selection existing levels, 1..max_places slots, a date from today (APP_TIMEZONE)
 * within months_ahead*30 days, a 07:00–21:30 half-hour slot. Nobody has joined yet, so
 * `missing_players` starts at `slots`.
 */
export async function createMatch(deps: Deps, actor: SessionUser, input: TCreateMatchInput): Promise<TMatch> {
  const fields = await checkMatchFields(deps, input, await createLimits(deps));
  const [row] = await deps.db
    .insert(matches)
    .values({
      placeId: fields.place_id,
      date: fields.date,
      time: fields.time,
      levels: fields.levels,
      slots: fields.slots,
      missingPlayers: fields.slots,
      createdBy: actor.id,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('createMatch: insert returned nothing');
  return getMatch(deps, row.id);
}

/** Locks the match row (so joins wait for us) and checks that the actor created it. */
async function lockOwnMatch(tx: DbOrTx, actor: SessionUser, id: number) {
  const [match] = await tx
    .select({ createdBy: matches.createdBy, placeId: matches.placeId })
    .from(matches)
    .where(eq(matches.id, id))
    .for('update')
    .limit(1);
  if (!match) throw notFound(MSG.match.notFound);
  if (match.createdBy !== actor.id) throw forbidden(MSG.match.creatorOnly);
  return match;
}

/**
 * Edits a match; creator only (403 otherwise). Edit rules of spec section 5: at most 3 levels,
 * a date within the next 30 days, an 08:00–21:30 slot. Slots may not drop below the players
 * already in, and `missing_players` is recomputed from the participants counted under the row
 * lock, so a join racing with the edit can neither overbook nor be lost.
 */
export async function updateMatch(deps: Deps, actor: SessionUser, input: TUpdateMatchInput): Promise<TMatch> {
  const limits = await editLimits(deps);
  await deps.db.transaction(async (tx) => {
    const current = await lockOwnMatch(tx, actor, input.id);
    const fields = await checkMatchFields({ ...deps, db: tx }, input, limits, current.placeId);
    const joined = await tx.$count(matchParticipants, eq(matchParticipants.matchId, input.id));
    if (fields.slots < joined) throw badRequest(MSG.match.slotsBelowJoined(joined));
    await tx
      .update(matches)
      .set({
        placeId: fields.place_id,
        date: fields.date,
        time: fields.time,
        levels: fields.levels,
        slots: fields.slots,
        missingPlayers: fields.slots - joined,
        updatedAt: sql`now()`,
      })
      .where(eq(matches.id, input.id));
  });
  return getMatch(deps, input.id);
}

/** Deletes a match and (by FK cascade) its participations; creator only (403 otherwise). */
export async function deleteMatch(deps: Deps, actor: SessionUser, id: number): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    await lockOwnMatch(tx, actor, id);
    await tx.delete(matches).where(eq(matches.id, id));
  });
  return { success: true, message: MSG.match.deleted };
}
