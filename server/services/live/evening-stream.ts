import type { TEvening } from '../../../common/schemas/evenings';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { getEvening } from '../evenings/read';
import { followed } from './followed';
import type { LeaseEnd, LiveHub } from './hub';

export type EveningEvent =
  /** The evening page as `GET /api/evenings/{id}` answers it for this viewer. */
  | { type: 'evening'; evening: TEvening }
  /** The evening is gone, or a private one is no longer the viewer's. */
  | { type: 'gone'; id: number }
  | { type: 'ended'; reason: LeaseEnd };

const isRefusal = (e: unknown) =>
  e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN');

/**
 * An evening's page, live: at once, then after every committed change on any instance (a sign-up,
 * a round, a score: each announces its match, `m:<id>`), and again after a lost LISTEN. The same
 * access rule as the page, checked before anything (a stranger to a private evening gets its 404).
 */
export async function* eveningEvents(
  deps: Pick<Deps, 'db'>,
  hub: LiveHub,
  user: SessionUser,
  id: number,
  o: { signal?: AbortSignal; token?: string | null } = {},
): AsyncGenerator<EveningEvent, void> {
  const reads = followed(hub, user, {
    listen: (poke) => hub.bus.onMatch(id, poke),
    read: () => getEvening(deps, user, id, o.token),
    signal: o.signal,
  });
  let started = false;
  try {
    for await (const e of reads) {
      started = true;
      yield e.type === 'read' ? { type: 'evening', evening: e.value } : e;
    }
  } catch (e) {
    if (!started || !isRefusal(e)) throw e;
    yield { type: 'gone', id };
  }
}
