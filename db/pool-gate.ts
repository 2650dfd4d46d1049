import type { PendingQuery, ReservedSql, Row, Sql } from 'postgres';

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
 * A query sent when first awaited, through `send` (the gate, or a transaction's watch): postgres.js
 * sends a query when it is first awaited, and drizzle calls `.values()` on some before awaiting them.
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
    this.result ??= this.send(async () =>
      ownRows(await (this.arrays ? this.query.values() : this.query)),
    );
    return this.result.then(onfulfilled, onrejected);
  }
}

/**
 * A settled query's rows in an array of their own (with the driver's `count` and `command`), the
 * driver's array emptied; an empty one is passed on as it is. The driver's array is the value of
 * its settled query, a Promise subclass, and V8's young-generation collections kept it (no longer
 * reachable: absent from heap snapshots) for most list pages under load, so every page's rows were
 * copied into the old generation and full collections followed twice a second; emptied, the rows
 * die young with the request (ADR 16).
 */
function ownRows(result: unknown): unknown {
  if (!Array.isArray(result) || result.length === 0) return result;
  const driver = (key: string): unknown => Reflect.get(result, key);
  // A plain loop: `slice` on the driver's Array subclass takes V8's generic path (7 µs a page, not 1).
  const rows: unknown[] = new Array(result.length);
  for (let i = 0; i < result.length; i++) rows[i] = result[i];
  result.length = 0;
  return Object.defineProperties(rows, {
    count: { value: driver('count') },
    command: { value: driver('command') },
  });
}

/**
 * Every statement drizzle sends becomes a prepared statement of its connection. drizzle asks
 * postgres.js for an unnamed statement unless a query is `.prepare()`d by name, and postgres.js
 * sends an unnamed statement with parameters in two round trips (Parse + Describe, then Bind +
 * Execute once it knows the parameter types); a prepared one costs those two trips once per
 * connection, then one. postgres.js keys its statements by text and types, so dynamic SQL
 * (an IN list of n values) makes one statement per shape, dropped with the connection
 * (`max_lifetime`).
 */
function prepared(sql: Sql): Sql['unsafe'] {
  // Taken now: the pipelined transaction puts its own function in the connection's `unsafe`.
  const unsafe = sql.unsafe.bind(sql);
  return (query, params, options) => unsafe(query, params, { ...options, prepare: true });
}

/**
 * The connection itself is gone: postgres.js's own codes (closed, destroyed, ended), a socket
 * error, or PostgreSQL ending the session (57P01 `pg_terminate_backend`, a shutdown; class 08).
 */
const connectionLost = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  /^(CONNECTION_|ECONN|EPIPE|57P0|08)/.test(String(error.code));

/** A statement of the transaction failed and its error was caught: PostgreSQL rolled it all back. */
export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';
  constructor() {
    super('the transaction was rolled back: one of its statements failed');
  }
}

/** What drizzle is handed for a transaction: its connection, and savepoints for `tx.transaction`. */
interface PipelinedTx extends ReservedSql {
  savepoint<T>(cb: (tx: PipelinedTx) => T | Promise<T>): Promise<T>;
}

/**
 * A transaction on a connection of its own whose BEGIN travels with its first statement.
 * postgres.js's `begin` waits for BEGIN's answer before running the callback: one round trip per
 * transaction that carries nothing (a sixth of a join's). Here BEGIN is queued and the callback
 * runs at once; postgres.js writes what is queued in one turn of the loop as one packet, and
 * PostgreSQL runs it in order, so the first statement still runs inside the transaction (ADR 15).
 *
 * Failures end as with `begin`: an error rolls back; so does a failed statement whose error the
 * callback swallowed (PostgreSQL answers its COMMIT with ROLLBACK), which is then an error here.
 * A lost connection fails the transaction at once, since statements queued behind the lost one
 * would never answer, and the connection is not released: postgres.js has moved it to its closed
 * connections, which it reopens when needed.
 */
async function pipelinedTransaction<T>(
  client: Sql,
  cb: (tx: PipelinedTx) => T | Promise<T>,
): Promise<T> {
  const conn = await client.reserve();
  const send = prepared(conn);
  let lose: (error: unknown) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => (lose = reject));
  lost.catch(() => undefined);
  const watch = async (query: () => PromiseLike<unknown>) => {
    try {
      return await query();
    } catch (error) {
      if (connectionLost(error)) lose(error);
      throw error;
    }
  };
  const run = (sql: string) => watch(() => send(sql));
  let savepoints = 0;
  const tx: PipelinedTx = Object.assign(conn, {
    unsafe: (...[query, params, options]: Parameters<Sql['unsafe']>) =>
      new DeferredQuery(send(query, params, options), watch),
    async savepoint<S>(inner: (tx: PipelinedTx) => S | Promise<S>): Promise<S> {
      const name = `s${++savepoints}`;
      await run(`savepoint ${name}`);
      try {
        return await inner(tx);
      } catch (error) {
        await run(`rollback to savepoint ${name}`);
        throw error;
      }
    },
  });
  let result: T;
  try {
    const began = run('begin');
    const work = Promise.resolve().then(() => cb(tx));
    [, result] = await Promise.race([Promise.all([began, work]), lost]);
    const end = await Promise.race([run('commit'), lost]);
    if (Array.isArray(end) && 'command' in end && end.command === 'ROLLBACK')
      throw new TransactionAbortedError();
  } catch (error) {
    if (connectionLost(error)) throw error;
    // A ROLLBACK that fails has lost the connection too: it is not released either.
    const ended =
      error instanceof TransactionAbortedError ||
      (await run('rollback').then(
        () => true,
        () => false,
      ));
    if (ended) conn.release();
    throw error;
  }
  conn.release();
  return result;
}

/**
 * The client drizzle is given: its top-level queries and transactions pass the gate; queries inside
 * a transaction use the transaction's own connection and do not. All are prepared (above).
 */
export function gatedClient(client: Sql, gate: PoolGate): Sql {
  // Built once: drizzle reads `unsafe` for every query it sends.
  const send = prepared(client);
  const unsafe = (...[query, params, options]: Parameters<Sql['unsafe']>) =>
    new DeferredQuery(send(query, params, options), (query) => gate.run(query));
  // drizzle opens its transactions with the callback alone (their settings are statements).
  const begin = (cb: (tx: PipelinedTx) => unknown) =>
    gate.run(() => pipelinedTransaction(client, cb));
  return new Proxy(client, {
    get(target, prop, receiver): unknown {
      if (prop === 'unsafe') return unsafe;
      if (prop === 'begin') return begin;
      return Reflect.get(target, prop, receiver);
    },
  });
}
