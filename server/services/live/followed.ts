import type { SessionUser } from '../../lib/auth';
import type { LeaseEnd, LiveHub, LiveLease } from './hub';

export type Followed<T> =
  /** A read: the first one, then one after every committed change (`resync`: after a lost LISTEN). */
  | { type: 'read'; value: T; resync: boolean }
  /** The server ended the stream: the session was revoked, or the server is stopping. */
  | { type: 'ended'; reason: Exclude<LeaseEnd, 'client'> };

/**
 * The frame of every live stream that re-reads its subject (a group's page, a poll, a room's chat):
 * it listens (`listen`, plus the bus's resync) before the first read, so a change committed
 * meanwhile is read again, never missed; the first read runs before a lease is taken, so a refusal
 * (a French 403 or 404) is an ordinary answer; then it opens a live lease (per-user cap, a revoked
 * session ends it) and reads again after every change until the client leaves or the lease ends.
 * A read that throws ends the stream with that error: the caller decides what it tells the client.
 */
export async function* followed<T>(
  hub: LiveHub,
  user: SessionUser,
  o: {
    listen: (poke: () => void) => () => void;
    read: () => Promise<T>;
    signal?: AbortSignal;
  },
): AsyncGenerator<Followed<T>, void> {
  let pending = false;
  let resync = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    pending = true;
    wake?.();
    wake = undefined;
  };
  const offs = [
    o.listen(poke),
    hub.bus.onResync(() => {
      resync = true;
      poke();
    }),
  ];
  let lease: LiveLease | undefined;
  const leave = () => lease?.end('client');
  try {
    const first = await o.read();
    lease = hub.open(user);
    o.signal?.addEventListener('abort', leave);
    lease.signal.addEventListener('abort', poke);
    yield { type: 'read', value: first, resync: false };
    while (!lease.signal.aborted) {
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      if (lease.signal.aborted) break;
      pending = false;
      const again = resync;
      resync = false;
      yield { type: 'read', value: await o.read(), resync: again };
    }
    if (lease.ended && lease.ended !== 'client') yield { type: 'ended', reason: lease.ended };
  } finally {
    lease?.signal.removeEventListener('abort', poke);
    o.signal?.removeEventListener('abort', leave);
    for (const off of offs) off();
    lease?.release();
  }
}
