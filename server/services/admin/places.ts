import { and, asc, eq, gt, gte, or } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { localParts } from '../../../common/schedule';
import { matches, places } from '../../../db/schema';
import { announceMatchesChange } from '../events/announce';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, conflict, notFound } from '../../lib/errors';
import type {
  TActionResult,
  TCreatePlaceInput,
  TUpdatePlaceInput,
} from '../../../common/schemas/admin';
import type { TPlace } from '../../../common/schemas/catalog';
import { placeColumns } from '../places';
import { changedFields, writeAudit } from '../audit/audit-log';
import { FOREIGN_KEY_VIOLATION, pgError } from '../../lib/db-errors';

type AdminDeps = Pick<Deps, 'db' | 'clock'>;

/** Every place, active or not, by name: the admin manages inactive ones too. */
export async function listAllPlaces(
  deps: Pick<Deps, 'db'>,
  _actor: SessionUser,
): Promise<TPlace[]> {
  return deps.db.select(placeColumns).from(places).orderBy(asc(places.name), asc(places.id));
}

/** Adds a place (active unless said otherwise); players can pick it at once. */
export async function createPlace(
  deps: AdminDeps,
  actor: SessionUser,
  input: TCreatePlaceInput,
): Promise<TPlace> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(places)
      .values({
        name: input.name,
        address: input.address,
        city: input.city,
        isActive: input.is_active ?? true,
        bookingUrl: input.booking_url ?? null,
        indoor: input.indoor ?? null,
      })
      .returning(placeColumns);
    if (!row) throw new AppError('INTERNAL', MSG.admin.saveFailed);
    await writeAudit(tx, deps, actor, {
      action: 'create',
      entity: 'place',
      entityId: row.id,
      details: { ...input },
    });
    return row;
  });
}

/**
 * Edits a place, including `is_active`. Deactivating hides it from the create-match form while
 * its existing matches stay readable and joinable.
 */
export async function updatePlace(
  deps: AdminDeps,
  actor: SessionUser,
  input: TUpdatePlaceInput,
): Promise<TPlace> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select(placeColumns)
      .from(places)
      .where(eq(places.id, input.id))
      .for('update');
    if (!before) throw notFound(MSG.admin.placeNotFound);
    const { id, ...fields } = input;
    const changes = changedFields(before, fields);
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx
      .update(places)
      .set({
        name: changes.name,
        address: changes.address,
        city: changes.city,
        isActive: changes.is_active,
        bookingUrl: changes.booking_url,
        indoor: changes.indoor,
        updatedAt: deps.clock.now(),
      })
      .where(eq(places.id, id))
      .returning(placeColumns);
    if (!row) throw notFound(MSG.admin.placeNotFound);
    if (changes.name !== undefined || changes.address !== undefined || changes.city !== undefined) {
      // Match cards and pages show the place: their open pages re-read it.
      const shown = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(eq(matches.placeId, id));
      await announceMatchesChange(
        tx,
        shown.map((m) => m.id),
        'changed',
      );
    }
    await writeAudit(tx, deps, actor, {
      action: 'update',
      entity: 'place',
      entityId: id,
      details: changes,
    });
    return row;
  });
}

/**
 * Deletes a place that no match uses. With upcoming matches the admin is told to deactivate it
 * instead (players have booked there); past matches keep it too, so players' history stays whole.
 * The place row is locked first, so no match can be created there between the check and the delete.
 */
export async function deletePlace(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  input: { id: number },
): Promise<TActionResult> {
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE);
  try {
    await deps.db.transaction(async (tx) => {
      const [place] = await tx
        .select(placeColumns)
        .from(places)
        .where(eq(places.id, input.id))
        .for('update');
      if (!place) throw notFound(MSG.admin.placeNotFound);
      const upcoming = or(
        gt(matches.date, today.date),
        and(eq(matches.date, today.date), gte(matches.time, today.time)),
      );
      const [next] = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.placeId, input.id), upcoming))
        .limit(1);
      if (next) throw conflict(MSG.admin.placeHasUpcoming);
      const [past] = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(eq(matches.placeId, input.id))
        .limit(1);
      if (past) throw conflict(MSG.admin.placeHasMatches);
      await tx.delete(places).where(eq(places.id, input.id));
      await writeAudit(tx, deps, actor, {
        action: 'delete',
        entity: 'place',
        entityId: input.id,
        details: { name: place.name, city: place.city },
      });
    });
  } catch (e) {
    if (pgError(e)?.code === FOREIGN_KEY_VIOLATION) throw conflict(MSG.admin.placeHasMatches);
    throw e;
  }
  return { success: true, message: MSG.admin.deleted };
}
