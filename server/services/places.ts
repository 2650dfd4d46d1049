import { asc, eq } from 'drizzle-orm';
import { places } from '../../db/schema';
import type { Deps } from '../deps';
import type { TPlace } from '../../common/schemas/catalog';

export const placeColumns = {
  id: places.id,
  name: places.name,
  address: places.address,
  city: places.city,
  is_active: places.isActive,
  booking_url: places.bookingUrl,
  indoor: places.indoor,
};

/** Places players can pick: active ones only, by name. */
export async function listActivePlaces(deps: Pick<Deps, 'db'>): Promise<TPlace[]> {
  return deps.db
    .select(placeColumns)
    .from(places)
    .where(eq(places.isActive, true))
    .orderBy(asc(places.name), asc(places.id));
}
