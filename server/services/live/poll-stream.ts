import type { TPoll } from '../../../common/schemas/groups';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { followed } from './followed';
import type { LeaseEnd, LiveHub } from './hub';
import { readPoll } from '../groups/polls';

export type PollEvent =
  /** The poll as `groups.poll` / `GET /api/polls/{id}` answer it for this viewer. */
  | { type: 'poll'; version: string; poll: TPoll }
  /** The poll is gone (its group deleted), or the viewer left its group. */
  | { type: 'deleted'; id: number }
  /** First step only, when the client already has the current version (`lastEventId`). */
  | { type: 'current' }
  /** The server ended the stream (`client` ends it quietly). */
  | { type: 'ended'; reason: LeaseEnd };

const isRefusal = (e: unknown) =>
  e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN');

/**
 * A poll, live, for one member of its group: the poll with its counts and the viewer's answers at
 * once (unless `lastEventId` already is its current version), then after every committed change
 * on any instance (an answer, the match it made, its closing: the bus's `p:<id>`), and again after
 * a lost LISTEN connection. The same rules as `getPoll`: a French 404 for an unknown poll and the
 * same for an outsider (no existence oracle) before anything; the poll is re-read, access included, after every change, so a
 * member who left the group gets `deleted` and the end. Opens a live lease (per-user cap, a
 * revoked session ends the stream).
 */
export async function* pollEvents(
  deps: Pick<Deps, 'db'>,
  hub: LiveHub,
  user: SessionUser,
  id: number,
  o: { lastEventId?: string | null; signal?: AbortSignal } = {},
): AsyncGenerator<PollEvent, void> {
  const reads = followed(hub, user, {
    listen: (poke) => hub.bus.onPoll(id, poke),
    read: () => readPoll(deps, user, id),
    signal: o.signal,
  });
  let shown: string | null | undefined;
  try {
    for await (const e of reads) {
      if (e.type === 'ended') yield e;
      else if (shown === undefined && e.value.version === o.lastEventId) {
        shown = e.value.version;
        yield { type: 'current' };
      } else if (e.resync || e.value.version !== shown) {
        // Several changes may come in one read: the version says whether this one is new.
        shown = e.value.version;
        yield { type: 'poll', ...e.value };
      }
    }
  } catch (e) {
    // Refused before the start: an ordinary answer; refused later: the viewer left the group.
    if (shown === undefined || !isRefusal(e)) throw e;
    yield { type: 'deleted', id };
  }
}
