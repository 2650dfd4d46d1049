import type { Sql } from 'postgres';

/** No connection of the pool freed up in time: the database is overloaded or blocked. */
export class PoolTimeoutError extends Error {
  override readonly name = 'PoolTimeoutError';
  constructor(waitedMs: number) {
    super(`no database connection free after ${waitedMs} ms`);
  }
}

export interface PoolGate {
  /** Queries and transactions waiting for a connection right now. */
  readonly waiting: number;
  /** Told how long each acquisition waited (seconds; 0 when a connection was free), given up ones too. */
  onWait?: (seconds: number) => void;
  run<T>(work: () => PromiseLike<T>): Promise<T>;
}

interface Waiter {
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `size` queries or transactions at once (one per pooled connection), the rest in line for
 * at most `timeoutMs`. postgres.js alone would pipeline a query behind a busy connection's, so
 * behind a statement stuck on a lock every queued query waits its turn, then its own timeout.
 */
export function createPoolGate(size: number, timeoutMs: number): PoolGate {
  let active = 0;
  const line: Waiter[] = [];
  const release = () => {
    const next = line.shift();
    if (!next) return void active--;
    clearTimeout(next.timer);
    next.resolve();
  };
  const gate: PoolGate = {
    get waiting() {
      return line.length;
    },
    async run(work) {
      if (active < size) {
        active++;
        gate.onWait?.(0);
      } else {
        const since = performance.now();
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            resolve,
            timer: setTimeout(() => {
              line.splice(line.indexOf(waiter), 1);
              gate.onWait?.(timeoutMs / 1000);
              reject(new PoolTimeoutError(timeoutMs));
            }, timeoutMs),
          };
          line.push(waiter);
        });
        gate.onWait?.((performance.now() - since) / 1000);
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
  return gate;
}

type Query = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/** A query run through the gate when awaited; drizzle calls `.values()` on some before awaiting. */
class GatedQuery implements PromiseLike<unknown> {
  private arrays = false;
  private result?: Promise<unknown>;
  constructor(
    private readonly gate: PoolGate,
    private readonly make: () => Query,
  ) {}
  values(): this {
    this.arrays = true;
    return this;
  }
  then<A = unknown, B = never>(
    onfulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    this.result ??= this.gate.run(() => (this.arrays ? this.make().values() : this.make()));
    return this.result.then(onfulfilled, onrejected);
  }
}

/**
 * The client drizzle is given: its top-level queries and transactions pass the gate; queries inside
 * a transaction use the transaction's own connection and do not.
 */
export function gatedClient(client: Sql, gate: PoolGate): Sql {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (...args: Parameters<Sql['unsafe']>) => new GatedQuery(gate, () => target.unsafe(...args));
      }
      if (prop === 'begin') {
        return (...args: Parameters<Sql['begin']>) => gate.run(() => target.begin(...args));
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}
