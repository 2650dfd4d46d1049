import { Server as NetServer, type Socket } from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown state: readiness reads it, `server/index.ts` drives it. */
    drain: Drain;
  }
}

export interface DrainReport {
  /** Requests being answered when the drain began. */
  requestsInFlight: number;
  /** Requests answered since the drain began (those in flight and those that arrived meanwhile). */
  requestsFinished: number;
  /** Client connections closed since the drain began (idle keep-alive ones and those that finished). */
  connectionsClosed: number;
  /** Connections still open. */
  connectionsOpen: number;
}

export interface Drain {
  readonly draining: boolean;
  /** Readiness turns 503 and every answer from now on closes its connection (`Connection: close`). */
  begin(): void;
  /**
   * Closes the app (port, then connections, then the `onClose` hooks: worker, pool) while closing
   * idle keep-alive connections as they appear, so a client that holds one open cannot stall it.
   */
  close(): Promise<void>;
  report(): DrainReport;
}

/**
 * Keep-alive clients (every reverse proxy) hold connections open between requests. Node closes
 * the idle ones once when the server stops listening, but a connection whose answer was still
 * being written then turns idle afterwards and would hold `close()` until its keep-alive timeout.
 */
export function registerDrain(app: FastifyInstance): Drain {
  const sockets = new Set<Socket>();
  let draining = false;
  let inFlight = 0;
  let inFlightAtBegin = 0;
  let finished = 0;
  let closed = 0;

  const forget = (socket: Socket) => {
    if (sockets.delete(socket) && draining) closed++;
  };
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => forget(socket));
  });
  // A destroyed socket's 'close' comes a loop phase later, possibly after the server's own.
  const sweep = () => {
    for (const socket of sockets) if (socket.destroyed) forget(socket);
  };
  app.addHook('onRequest', (req, _reply, done) => {
    inFlight++;
    // 'close' fires for answered and abandoned requests alike, exactly once.
    req.raw.once('close', () => {
      inFlight--;
      if (draining) finished++;
    });
    done();
  });
  app.addHook('onSend', (_req, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    begin() {
      if (draining) return;
      draining = true;
      inFlightAtBegin = inFlight;
    },
    async close() {
      drain.begin();
      // A busy event loop (a burst of requests) may not have accepted connections waiting in the
      // kernel's queue, nor read the requests on connections it just accepted; closing the port
      // or the idle connections before would reset requests sent long before the signal. The
      // check phase follows the poll phase: one turn accepts, the next reads.
      await nextLoopTurn();
      // Stop listening without http's "close idle connections" that `server.close()` adds.
      NetServer.prototype.close.call(app.server);
      await nextLoopTurn();
      await nextLoopTurn();
      const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(reaper);
      }
    },
    report: () => (
      sweep(),
      {
        requestsInFlight: inFlightAtBegin,
        requestsFinished: finished,
        connectionsClosed: closed,
        connectionsOpen: sockets.size,
      }
    ),
  };
  app.decorate('drain', drain);
  return drain;
}
