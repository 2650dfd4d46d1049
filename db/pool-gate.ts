import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';

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
  /**
   * Told how long each acquisition that found every connection busy waited (seconds), given up
   * ones too (then `timeoutMs`). Acquisitions that found a connection free are not reported: they
   * are most queries, and they did not wait.
   */
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
 * While a connection is free the gate only counts: no timer, no clock, no report.
 */
export function createPoolGate(size: number, timeoutMs: number): PoolGate {
  let active = 0;
  const line: Waiter[] = [];
  const release = () => {
    const next = line.shift();
    if (!next) return void active--;
    // The slot passes to the next in line as it is: `active` does not change.
    clearTimeout(next.timer);
    next.resolve();
  };
  const settle = async <T>(work: PromiseLike<T>): Promise<T> => {
    try {
      return await work;
    } finally {
      release();
    }
  };
  const queue = () => {
    const since = performance.now();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          gate.onWait?.((performance.now() - since) / 1000);
          resolve();
        },
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          gate.onWait?.(timeoutMs / 1000);
          reject(new PoolTimeoutError(timeoutMs));
        }, timeoutMs),
      };
      line.push(waiter);
    });
  };
  const gate: PoolGate = {
    get waiting() {
      return line.length;
    },
    run(work) {
      if (active < size) {
        active++;
        return settle(work());
      }
      return queue().then(() => settle(work()));
    },
  };
  return gate;
}

/**
 * A query sent when first awaited, through `send` (the gate): postgres.js sends a query when it is
 * first awaited, and drizzle calls `.values()` on some before awaiting them.
 */
class DeferredQuery implements PromiseLike<unknown> {
  private arrays = false;
  private result?: Promise<unknown>;
  constructor(
    private readonly query: PendingQuery<Row[]>,
    private readonly send: (query: () => PromiseLike<unknown>) => Promise<unknown>,
  ) {}
  values(): this {
    this.arrays = true;
    return this;
  }
  then<A = unknown, B = never>(
    onfulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    this.result ??= this.send(() => (this.arrays ? this.query.values() : this.query));
    return this.result.then(onfulfilled, onrejected);
  }
}

type Unsafe = Sql['unsafe'];

/**
 * Every statement drizzle sends becomes a prepared statement of its connection. drizzle asks
 * postgres.js for an unnamed statement unless a query is `.prepare()`d by name, and postgres.js
 * sends an unnamed statement with parameters in two round trips (Parse + Describe, then Bind +
 * Execute once it knows the parameter types); a prepared one costs those two trips once per
 * connection, then one. postgres.js keys its statements by text and types, so dynamic SQL
 * (an IN list of n values) makes one statement per shape, dropped with the connection
 * (`max_lifetime`).
 */
function prepared(unsafe: Unsafe): Unsafe {
  return (query, params, options) => unsafe(query, params, { ...options, prepare: true });
}

/** A transaction's connection (and its savepoints') with every statement prepared. */
function preparedTx<T extends TransactionSql>(tx: T): T {
  const unsafe = prepared(tx.unsafe.bind(tx));
  return new Proxy(tx, {
    get(target, prop, receiver): unknown {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'savepoint')
        return (cb: (inner: TransactionSql) => unknown) =>
          target.savepoint((inner) => cb(preparedTx(inner)));
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * The client drizzle is given: its top-level queries and transactions pass the gate; queries inside
 * a transaction use the transaction's own connection and do not. All are prepared (above).
 */
export function gatedClient(client: Sql, gate: PoolGate): Sql {
  // Built once: drizzle reads `unsafe` for every query it sends.
  const send = prepared(client.unsafe.bind(client));
  const unsafe = (...[query, params, options]: Parameters<Unsafe>) =>
    new DeferredQuery(send(query, params, options), (query) => gate.run(query));
  // drizzle opens its transactions with the callback alone (their settings are statements).
  const begin = (cb: (tx: TransactionSql) => unknown) =>
    gate.run(() => client.begin((tx) => cb(preparedTx(tx))));
  return new Proxy(client, {
    get(target, prop, receiver): unknown {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      return Reflect.get(target, prop, receiver);
    },
  });
}
