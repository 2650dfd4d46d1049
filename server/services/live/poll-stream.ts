import type { TPoll } from '../../../common/schemas/groups';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { LeaseEnd, LiveHub, LiveLease } from './hub';
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
  let pending = false;
  let resync = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    pending = true;
    wake?.();
    wake = undefined;
  };
  // Listening before the first read: a change committed meanwhile is read again, never missed.
  const offs = [
    hub.bus.onPoll(id, poke),
    hub.bus.onResync(() => {
      resync = true;
      poke();
    }),
  ];
  let lease: LiveLease | undefined;
  const leave = () => lease?.end('client');
  try {
    // Refused (404) before a lease is taken: an ordinary answer.
    const first = await readPoll(deps, user, id);
    lease = hub.open(user);
    o.signal?.addEventListener('abort', leave);
    lease.signal.addEventListener('abort', poke);
    let shown = o.lastEventId;
    if (first.version === shown) yield { type: 'current' };
    else {
      shown = first.version;
      yield { type: 'poll', ...first };
    }
    while (!lease.signal.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      if (lease.signal.aborted) break;
      pending = false;
      const again = resync;
      resync = false;
      let read: Awaited<ReturnType<typeof readPoll>>;
      try {
        read = await readPoll(deps, user, id);
      } catch (e) {
        if (!isRefusal(e)) throw e;
        yield { type: 'deleted', id };
        return;
      }
      // Several changes may come in one read: the version says whether this one is new.
      if (again || read.version !== shown) {
        shown = read.version;
        yield { type: 'poll', ...read };
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
