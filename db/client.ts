import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createPoolGate, gatedClient, type PoolGate } from './pool-gate';
/**
 * The query API both drivers share; services depend on this and never on a driver. No schema is
 * given to drizzle: nothing uses its relational `db.query` API, and with a schema every transaction
 * would build a relational query builder per table before its first statement.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: 'postgres' | 'pglite';
  close: () => Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  pgliteDir?: string;
  /** Pool size for postgres.js. */
  max?: number;
  /** PostgreSQL cancels any statement running longer (ms; 0 = never). */
  statementTimeoutMs?: number;
  /** A query waiting longer for a free pooled connection fails (ms). */
  acquireTimeoutMs?: number;
}

const gates = new WeakMap<Db, PoolGate>();
/** The pool's waiting line of a PostgreSQL handle (none on PGlite, which has one connection). */
export const poolGateOf = (db: Db): PoolGate | undefined => gates.get(db);

/** LISTEN on one channel of a database handle; resolves with the function that stops it. */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  /** Called each time the LISTEN is in place: first, and again after postgres.js reconnected it. */
  onListen: () => void,
) => Promise<() => Promise<void>>;

const listens = new WeakMap<Db, Listen>();
/**
 * NOTIFY delivery for a handle opened by `createDb`: postgres.js listens on a dedicated connection
 * of its own (outside the pool, re-listened after a loss), PGlite in-process on its one connection.
 */
export const listenOf = (db: Db): Listen | undefined => listens.get(db);

/**
 * Opens the database. PGlite and its drizzle driver (about 15 MB of memory once loaded) are
 * imported only when used, so a server on PostgreSQL never carries them.
 */
export async function createDb(o: CreateDbOptions): Promise<DbHandle> {
  const {
    url,
    pgliteDir = 'memory://',
    max = 10,
    statementTimeoutMs = 0,
    acquireTimeoutMs = 5000,
  } = o;
  const common = { casing: 'snake_case' } as const;
  if (url) {
    const client = postgres(url, {
      max,
      onnotice: () => {},
      connection: { statement_timeout: statementTimeoutMs },
    });
    const gate = createPoolGate(max, acquireTimeoutMs);
    const db: Db = drizzlePostgres(gatedClient(client, gate), common);
    gates.set(db, gate);
    listens.set(db, async (channel, onNotify, onListen) => {
      const listening = await client.listen(channel, onNotify, onListen);
      return () => listening.unlisten();
    });
    return { db, driver: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (!pgliteDir.startsWith('memory://')) mkdirSync(pgliteDir, { recursive: true });
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = new PGlite(pgliteDir);
  const db: Db = drizzlePglite(client, common);
  listens.set(db, async (channel, onNotify, onListen) => {
    const unlisten = await client.listen(channel, onNotify);
    onListen();
    return () => unlisten();
  });
  return { db, driver: 'pglite', close: () => client.close() };
}

/** Rows of `db.execute` on either driver (postgres.js gives an array, PGlite `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
