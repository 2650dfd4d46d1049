import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { listenOf, poolGateOf, type Db } from '../../db/client';
import type { TChatRoom } from '../../common/schemas/chat';
import { heartbeatPayload, LIVE_CHANNEL, parseLivePayload, type WorkQueue } from './live-channel';
import type { Logger } from './logger';

type Listener = () => void;

/**
 * Fan-out of live notifications between instances, over PostgreSQL's LISTEN/NOTIFY (no other
 * infrastructure): every instance LISTENs on one channel, every change NOTIFYs it from inside its
 * own transaction. Here the payloads are routed to this instance's subscribers, by match, chat room, poll, group or user.
 */
export interface LiveBus {
  /** LISTEN (resolves once in place), then watch the connection. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Called after every committed change of match `id` (on whichever instance it happened). */
  onMatch(id: number, fn: Listener): () => void;
  /** Called when a user's sessions changed (logout, PIN change, account deleted). */
  onSessions(userId: number, fn: Listener): () => void;
  /** Called after every committed change of a room's chat (a match's or a group's). */
  onChat(room: TChatRoom, fn: Listener): () => void;
  /** Called after every committed change of poll `id` (an answer, its match, its closing). */
  onPoll(id: number, fn: Listener): () => void;
  /** Called after every committed change of group `id`'s page (members, matches, slots, polls). */
  onGroup(id: number, fn: Listener): () => void;
  /** Called when work was queued for `queue` (committed, on whichever instance). */
  onWork(queue: WorkQueue, fn: Listener): () => void;
  /**
   * Called when notifications may have been missed (the LISTEN connection was lost and is back):
   * every subscriber should re-read what it shows.
   */
  onResync(fn: Listener): () => void;
  /** Times the LISTEN was (re)established since start (1 once started). */
  readonly listens: number;
}

export interface LiveBusOptions {
  db: Db;
  logger: Logger;
  /** How often the listening connection proves it still hears the database (PostgreSQL only). */
  heartbeatMs: number;
}

function topics<K = number>() {
  const map = new Map<K, Set<Listener>>();
  return {
    add(key: K, fn: Listener) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0 && map.get(key) === set) map.delete(key);
      };
    },
    emit(key: K) {
      const set = map.get(key);
      if (set) for (const fn of [...set]) fn();
    },
  };
}

export function createLiveBus({ db, logger, heartbeatMs }: LiveBusOptions): LiveBus {
  const listen = listenOf(db);
  const matchTopics = topics();
  const sessionTopics = topics();
  // Keyed `match:12` / `group:3`: the two kinds of room number their ids apart.
  const chatTopics = topics<string>();
  const roomKey = (room: TChatRoom) => `${room.kind}:${room.id}`;
  const pollTopics = topics();
  const groupTopics = topics();
  const workTopics = topics<WorkQueue>();
  const resyncs = new Set<Listener>();
  const instance = randomBytes(6).toString('base64url');
  let listens = 0;
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let beat = 0;
  let lastHeard = 0;
  let lastSent = 0;
  let relistening = false;

  const onNotify = (payload: string) => {
    const msg = parseLivePayload(payload);
    if (!msg) return;
    if (msg.type === 'match') matchTopics.emit(msg.id);
    else if (msg.type === 'sessions') sessionTopics.emit(msg.userId);
    else if (msg.type === 'chat') chatTopics.emit(roomKey(msg.room));
    else if (msg.type === 'poll') pollTopics.emit(msg.id);
    else if (msg.type === 'group') groupTopics.emit(msg.id);
    else if (msg.type === 'work') workTopics.emit(msg.queue);
    else if (msg.token.startsWith(`${instance}.`)) lastHeard = Number(msg.token.split('.')[1]);
  };
  const onListen = () => {
    listens++;
    // The first LISTEN starts the stream; any later one follows a lost connection, during which
    // notifications were not delivered to this instance.
    if (listens > 1) {
      logger.warn({ listens }, 'live: LISTEN connection back, subscribers re-read');
      for (const fn of [...resyncs]) fn();
    }
  };

  /**
   * postgres.js re-LISTENs by itself when its connection closes, but gives up silently if the
   * database is unreachable at that moment; a heartbeat that does not come back means exactly that.
   */
  const relisten = async () => {
    if (relistening || closed || !listen) return;
    relistening = true;
    try {
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      for (let delay = 500; !closed; delay = Math.min(delay * 2, 10_000)) {
        try {
          unlisten = await listen(LIVE_CHANNEL, onNotify, onListen);
          return;
        } catch (err) {
          logger.warn({ err }, 'live: LISTEN failed, retrying');
          await new Promise((r) => setTimeout(r, delay).unref());
        }
      }
    } finally {
      relistening = false;
    }
  };

  const tick = async () => {
    if (lastSent > 0 && lastHeard < lastSent) {
      logger.warn('live: heartbeat not heard back, LISTEN again');
      await relisten();
    }
    lastSent = ++beat;
    await db
      .execute(
        sql`select pg_notify(${LIVE_CHANNEL}::text, ${heartbeatPayload(`${instance}.${beat}`)}::text)`,
      )
      .catch((err: unknown) => logger.warn({ err }, 'live: heartbeat not sent'));
  };

  return {
    get listens() {
      return listens;
    },
    async start() {
      if (!listen) throw new Error('live bus: this database handle cannot LISTEN');
      try {
        unlisten = await listen(LIVE_CHANNEL, onNotify, onListen);
      } catch (err) {
        // The app serves without the database too (readiness says so); live updates follow it.
        logger.warn({ err }, 'live: LISTEN failed at start, retrying in the background');
        void relisten();
      }
      // PGlite runs in this process: its notifications cannot be lost on the way.
      if (heartbeatMs > 0 && poolGateOf(db)) {
        heartbeat = setInterval(() => void tick(), heartbeatMs);
        heartbeat.unref();
      }
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      await unlisten?.().catch(() => {});
      unlisten = undefined;
    },
    onMatch: (id, fn) => matchTopics.add(id, fn),
    onSessions: (userId, fn) => sessionTopics.add(userId, fn),
    onChat: (room, fn) => chatTopics.add(roomKey(room), fn),
    onPoll: (id, fn) => pollTopics.add(id, fn),
    onGroup: (id, fn) => groupTopics.add(id, fn),
    onWork: (queue, fn) => workTopics.add(queue, fn),
    onResync(fn) {
      resyncs.add(fn);
      return () => resyncs.delete(fn);
    },
  };
}
