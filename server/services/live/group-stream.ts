import type { TGroupDetail } from '../../../common/schemas/groups';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { followed } from './followed';
import type { LeaseEnd, LiveHub } from './hub';
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
  const reads = followed(hub, user, {
    listen: (poke) => hub.bus.onGroup(id, poke),
    read: () => getGroup(deps, user, id),
    signal: o.signal,
  });
  let started = false;
  try {
    for await (const e of reads) {
      started = true;
      yield e.type === 'read' ? { type: 'group', group: e.value } : e;
    }
  } catch (e) {
    // Refused before the start: an ordinary answer; refused later: the viewer is out of the group.
    if (!started || !isRefusal(e)) throw e;
    yield { type: 'gone', id };
  }
}
