import type { Socket } from 'node:net';

/** A Server-Sent Events client over real HTTP (fetch), reading frames as a browser's EventSource does. */

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** performance.now() when the frame was complete. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The JSON body of an answer that is not a stream (401, 404, 429). */
  body: unknown;
  /** The next event (comments skipped), or an error after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when no event arrives within `ms` (throws if one does). */
  quiet(ms: number): Promise<void>;
  /** Every `: comment` line so far, with when it arrived. */
  comments: { text: string; at: number }[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const comments: SseStream['comments'] = [];
  const queue: SseEvent[] = [];
  let waiter: (() => void) | undefined;
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  let body: unknown;
  const isStream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (!isStream) {
    body = await res.json().catch(() => undefined);
    endedResolve();
  } else {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { event: 'message', data: '', at: performance.now() };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push({ text: line.slice(1).trim(), at: e.at });
              else if (line.startsWith('event: ')) {
                e.event = line.slice(7);
                isEvent = true;
              } else if (line.startsWith('data: ')) {
                e.data += line.slice(6);
                isEvent = true;
              } else if (line.startsWith('id: ')) e.id = line.slice(4);
            }
            if (isEvent) {
              queue.push(e);
              waiter?.();
            }
          }
        }
      } catch {
        // aborted by close()
      } finally {
        endedResolve();
        waiter?.();
      }
    })();
  }
  let done = false;
  void ended.then(() => (done = true));
  const next = async (timeoutMs = 5000) => {
    const deadline = performance.now() + timeoutMs;
    while (queue.length === 0) {
      if (done) throw new Error('the stream ended');
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiter = undefined;
    }
    return queue.shift()!;
  };
  return {
    status: res.status,
    headers: res.headers,
    body,
    next,
    async quiet(ms) {
      await new Promise((r) => setTimeout(r, ms));
      if (queue.length > 0) throw new Error(`unexpected event: ${JSON.stringify(queue[0])}`);
    },
    comments,
    ended,
    close: () => abort.abort(),
  };
}

/**
 * Serves `app` on a free port for the tests of its live streams, and keeps what their end must
 * undo: the streams they opened (`track`), and the idle keep-alive sockets fetch leaves, which
 * would hold the server's close for its headers timeout.
 */
export async function serveStreams(app: {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { on(event: 'connection', fn: (socket: Socket) => void): unknown };
}) {
  const streams: SseStream[] = [];
  const sockets = new Set<Socket>();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.on('connection', (socket) => sockets.add(socket));
  return {
    base,
    track: (s: SseStream): SseStream => {
      streams.push(s);
      return s;
    },
    /** Call before closing the app. */
    release() {
      for (const s of streams) s.close();
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
