import type { DbOrTx } from '../../db/client';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();
let count = 0;

/**
 * A prepared statement of a hot path, one per database handle and key, built on first use:
 * drizzle builds the SQL once and PostgreSQL keeps the plan; afterwards only the values travel.
 * `key` names one SQL text: callers whose SQL varies (the list's filters) put its shape in the key.
 */
export function prepared<S>(db: DbOrTx, key: string, prepare: (name: string) => S): S {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map<string, unknown>()));
  let statement = byKey.get(key) as S | undefined;
  if (!statement) byKey.set(key, (statement = prepare(`stmt_${++count}`)));
  return statement;
}
