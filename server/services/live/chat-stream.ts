import type { TChatMessage, TChatRoom } from '../../../common/schemas/chat';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { followed } from './followed';
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
  // No starting point: from now on (the client has just read the page itself).
  let after: number | undefined = revOf(o.lastEventId) ?? undefined;
  const reads = followed(hub, user, {
    listen: (poke) => hub.bus.onChat(room, poke),
    read: async () => {
      if (after === undefined) {
        await chatAccess(deps.db, user, room);
        after = await currentRev(deps.db, room);
      }
      // Read first, then check: whatever was read was committed while the reader still had access.
      const changes = await changesSince(deps.db, room, after);
      await chatAccess(deps.db, user, room);
      return changes;
    },
    signal: o.signal,
  });
  for await (const e of reads) {
    if (e.type === 'ended') throw endedError(e.reason);
    for (const change of e.value) {
      after = change.rev;
      yield change;
    }
  }
}
