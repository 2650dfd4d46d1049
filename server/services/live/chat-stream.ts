import type { TChatMessage, TChatRoom } from '../../../common/schemas/chat';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import type { LiveHub } from './hub';
import { endedError } from './streams';
import { chatAccess } from '../chat/access';
import { changesSince, currentRev } from '../chat/revisions';

export interface ChatEvent {
  rev: number;
  message: TChatMessage;
}

const revOf = (lastEventId: string | null | undefined) =>
  lastEventId && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;

/**
 * A room's chat (a match's or a group's), live, for one reader: every message posted, edited or
 * deleted after revision `after` (the `rev` of the page the client read, or the last event id it
 * got), then after every committed change on any instance (the bus's `c:<id>` / `g:<id>`
 * notifications), and all again after a lost LISTEN connection. Access is checked at the start
 * (French 403/404) and after every change: a player who leaves the match, or a member who leaves
 * the group, stops receiving its chat (the stream ends with the 403 or 404; their leaving writes a
 * system message, which is such a change). Opens a live lease (per-user cap, revoked sessions end
 * the stream).
 */
export async function* chatEvents(
  deps: Pick<Deps, 'db'>,
  hub: LiveHub,
  user: SessionUser,
  room: TChatRoom,
  o: { lastEventId?: string | null; signal?: AbortSignal } = {},
): AsyncGenerator<ChatEvent, void> {
  await chatAccess(deps.db, user, room);
  const lease = hub.open(user);
  const leave = () => lease.end('client');
  o.signal?.addEventListener('abort', leave);
  let pending = true;
  let wake: (() => void) | undefined;
  const poke = () => {
    pending = true;
    wake?.();
    wake = undefined;
  };
  const offs = [hub.bus.onChat(room, poke), hub.bus.onResync(poke)];
  lease.signal.addEventListener('abort', poke);
  // No starting point: from now on (the client has just read the page itself).
  let after = revOf(o.lastEventId) ?? (await currentRev(deps.db, room));
  try {
    while (!lease.signal.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      if (lease.signal.aborted) break;
      pending = false;
      // Read first, then check: whatever was read was committed while the reader still had access.
      const changes = await changesSince(deps.db, room, after);
      await chatAccess(deps.db, user, room);
      for (const change of changes) {
        after = change.rev;
        yield change;
      }
    }
    if (lease.ended && lease.ended !== 'client') throw endedError(lease.ended);
  } finally {
    lease.signal.removeEventListener('abort', poke);
    o.signal?.removeEventListener('abort', leave);
    for (const off of offs) off();
    lease.release();
  }
}
