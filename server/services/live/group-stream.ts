import type { TGroupDetail } from '../../../common/schemas/groups';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { LeaseEnd, LiveHub, LiveLease } from './hub';
import { getGroup } from '../groups/groups';

export type GroupEvent =
  /** The group page as `groups.byId` answers it for this viewer. */
  | { type: 'group'; group: TGroupDetail }
  /** The group is gone, or the viewer is no longer in it. */
  | { type: 'gone'; id: number }
  /** The server ended the stream (`client` ends it quietly). */
  | { type: 'ended'; reason: LeaseEnd };

const isRefusal = (e: unknown) =>
  e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN');

/**
 * A group's page, live, for one of its members: the page at once, then after every committed
 * change of its members, matches, weekly slots or polls on any instance (the bus's `gp:<id>`), and
 * again after a lost LISTEN connection. The same rules as `getGroup`, checked before anything: an
 * outsider gets the French 404 of an unknown group (no existence oracle); the page is re-read,
 * membership included, after every change, so a member who left or was removed gets `gone`.
 * Opens a live lease (per-user cap, a revoked session ends the stream).
 */
export async function* groupEvents(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  hub: LiveHub,
  user: SessionUser,
  id: number,
  o: { signal?: AbortSignal } = {},
): AsyncGenerator<GroupEvent, void> {
  let pending = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    pending = true;
    wake?.();
    wake = undefined;
  };
  // Listening before the first read: a change committed meanwhile is read again, never missed.
  const offs = [hub.bus.onGroup(id, poke), hub.bus.onResync(poke)];
  let lease: LiveLease | undefined;
  const leave = () => lease?.end('client');
  try {
    // Refused (404) before a lease is taken: an ordinary answer.
    const first = await getGroup(deps, user, id);
    lease = hub.open(user);
    o.signal?.addEventListener('abort', leave);
    lease.signal.addEventListener('abort', poke);
    yield { type: 'group', group: first };
    while (!lease.signal.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      if (lease.signal.aborted) break;
      pending = false;
      try {
        yield { type: 'group', group: await getGroup(deps, user, id) };
      } catch (e) {
        if (!isRefusal(e)) throw e;
        yield { type: 'gone', id };
        return;
      }
    }
    if (lease.ended && lease.ended !== 'client') yield { type: 'ended', reason: lease.ended };
  } finally {
    lease?.signal.removeEventListener('abort', poke);
    o.signal?.removeEventListener('abort', leave);
    for (const off of offs) off();
    lease?.release();
  }
}
