import { MSG } from '../../../common/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { liveSessionIds } from '../auth/sessions';
import { createLiveBus, type LiveBus } from '../../lib/live-bus';
import { loadMatchSnapshot, type MatchSnapshot } from '../matches/detail';

/** Why a stream ended: its session was revoked, the server is stopping, or the client left. */
export type LeaseEnd = 'revoked' | 'closing' | 'client';

/** One open live stream of one user: counted against their cap until released. */
export interface LiveLease {
  readonly user: SessionUser;
  /** Aborted when the server ends the stream: the session was revoked, or the server is stopping. */
  readonly signal: AbortSignal;
  readonly ended: LeaseEnd | null;
  end(reason: LeaseEnd): void;
  release(): void;
}

export interface LiveHub {
  readonly bus: LiveBus;
  /** `: ping` interval of the streams (ms). */
  readonly pingMs: number;
  /** Streams open on this instance. */
  readonly size: number;
  start(): Promise<void>;
  /** Ends every stream (their responses finish, so the HTTP server can close) and stops listening. */
  close(): Promise<void>;
  /** Opens a stream for `user`, or throws a French 429 past the per-user cap (503 while stopping). */
  open(user: SessionUser): LiveLease;
  /**
   * The ids among `ids` that changed, as sets: all of them at once, then after every committed
   * change (coalesced while the consumer is busy), and all again after a lost LISTEN connection
   * (`resync`: what the consumer showed may be stale whatever its version says). Ends when the
   * lease is aborted.
   */
  changes(
    lease: LiveLease,
    ids: readonly number[],
    o?: { initial?: boolean },
  ): AsyncGenerator<{ ids: Set<number>; resync: boolean }, void>;
  /** The match's current snapshot, read once per change however many streams show it. */
  snapshot(id: number): Promise<MatchSnapshot | null>;
}

export interface LiveHubOptions {
  bus: LiveBus;
  deps: Pick<Deps, 'db' | 'clock' | 'env' | 'logger'>;
  /** How often every open stream's session is re-checked (expiry, idle), besides revocations. */
  recheckMs?: number;
}

class Lease implements LiveLease {
  private readonly controller = new AbortController();
  ended: LeaseEnd | null = null;
  constructor(
    readonly user: SessionUser,
    private readonly onRelease: (lease: Lease) => void,
  ) {}
  get signal() {
    return this.controller.signal;
  }
  end(reason: LeaseEnd) {
    if (this.ended) return;
    this.ended = reason;
    this.controller.abort();
  }
  release() {
    this.onRelease(this);
  }
}

/**
 * Live streams of one instance: the per-user cap, revocation (a user's streams close when their
 * session goes, on whichever instance it went), and one snapshot read per match change shared by
 * every stream showing that match.
 */
export function createLiveHub({ bus, deps, recheckMs = 60_000 }: LiveHubOptions): LiveHub {
  const byUser = new Map<number, { leases: Set<Lease>; off: () => void }>();
  const snapshots = new Map<number, Promise<MatchSnapshot | null>>();
  const watchers = new Map<number, number>();
  let size = 0;
  let closing = false;
  let recheckTimer: NodeJS.Timeout | undefined;

  /** Ends the streams whose session is no longer alive. */
  const recheck = async (leases: Lease[]) => {
    if (leases.length === 0) return;
    try {
      const alive = await liveSessionIds(
        deps,
        leases.map((l) => l.user.sessionId),
      );
      for (const lease of leases) if (!alive.has(lease.user.sessionId)) lease.end('revoked');
    } catch (err) {
      deps.logger.warn({ err }, 'live: session re-check failed');
    }
  };

  const release = (lease: Lease) => {
    const entry = byUser.get(lease.user.id);
    if (!entry?.leases.delete(lease)) return;
    size--;
    if (entry.leases.size === 0) {
      entry.off();
      byUser.delete(lease.user.id);
    }
  };

  const watch = (id: number, delta: 1 | -1) => {
    const n = (watchers.get(id) ?? 0) + delta;
    if (n > 0) watchers.set(id, n);
    else {
      watchers.delete(id);
      snapshots.delete(id);
    }
  };

  return {
    bus,
    pingMs: deps.env.LIVE_PING_MS,
    get size() {
      return size;
    },
    async start() {
      await bus.start();
      recheckTimer = setInterval(
        () => void recheck([...byUser.values()].flatMap((e) => [...e.leases])),
        recheckMs,
      );
      recheckTimer.unref();
    },
    async close() {
      closing = true;
      clearInterval(recheckTimer);
      for (const { leases } of byUser.values()) for (const lease of leases) lease.end('closing');
      await bus.close();
    },
    open(user) {
      if (closing) throw new AppError('SERVICE_UNAVAILABLE', MSG.live.closing);
      let entry = byUser.get(user.id);
      const max = deps.env.LIVE_MAX_PER_USER;
      if (entry && entry.leases.size >= max)
        throw new AppError('TOO_MANY_REQUESTS', MSG.live.tooMany(max));
      if (!entry) {
        const leases = new Set<Lease>();
        const off = bus.onSessions(user.id, () => void recheck([...leases]));
        byUser.set(user.id, (entry = { leases, off }));
      }
      const lease = new Lease(user, release);
      entry.leases.add(lease);
      size++;
      return lease;
    },
    async *changes(lease, ids, { initial = true } = {}) {
      const pending = new Set(initial ? ids : []);
      let resync = false;
      let wake: (() => void) | undefined;
      const poke = () => {
        wake?.();
        wake = undefined;
      };
      const offs = ids.map((id) =>
        bus.onMatch(id, () => {
          snapshots.delete(id);
          pending.add(id);
          poke();
        }),
      );
      offs.push(
        bus.onResync(() => {
          resync = true;
          for (const id of ids) {
            snapshots.delete(id);
            pending.add(id);
          }
          poke();
        }),
      );
      for (const id of ids) watch(id, 1);
      lease.signal.addEventListener('abort', poke);
      try {
        while (!lease.signal.aborted) {
          if (pending.size === 0) await new Promise<void>((resolve) => (wake = resolve));
          if (lease.signal.aborted) return;
          const batch = { ids: new Set(pending), resync };
          pending.clear();
          resync = false;
          yield batch;
        }
      } finally {
        lease.signal.removeEventListener('abort', poke);
        for (const off of offs) off();
        for (const id of ids) watch(id, -1);
      }
    },
    snapshot(id) {
      let snapshot = snapshots.get(id);
      if (!snapshot) {
        snapshot = loadMatchSnapshot(deps, id);
        // Only watched matches are kept (and dropped with their last stream); a failed read is retried.
        if (watchers.has(id)) {
          snapshots.set(id, snapshot);
          snapshot.catch(() => {
            if (snapshots.get(id) === snapshot) snapshots.delete(id);
          });
        }
      }
      return snapshot;
    },
  };
}

const hubs = new WeakMap<Deps, LiveHub>();

/** The live hub of an app (one per `Deps`, so per server), made on first use. */
export function liveHubOf(deps: Deps): LiveHub {
  let hub = hubs.get(deps);
  if (!hub) {
    const bus = createLiveBus({
      db: deps.db,
      logger: deps.logger,
      heartbeatMs: deps.env.LIVE_HEARTBEAT_MS,
    });
    hubs.set(deps, (hub = createLiveHub({ bus, deps })));
  }
  return hub;
}
