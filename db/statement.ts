import { type SQL, sql, type GetColumnData, type Placeholder } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect, QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Building blocks for the few statements drizzle's builders cannot express (data-modifying CTEs
 * feeding one another, upserts whose conditions read the old row). Each is written as `$with`
 * parts selected by a builder, so it is prepared through the public `.prepare()`, its answer is
 * typed by a selection made of schema columns, and every column it names is a schema object:
 * renaming one fails the typecheck.
 */
export const statements = new QueryBuilder({ casing: 'snake_case' });

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The same SQL rendered once: its text in a few raw pieces around its values and placeholders.
 * Rendering a column costs microseconds (casing, entity checks), so a statement that must be
 * built per transaction (a prepared statement belongs to one connection) would spend most of its
 * CPU re-rendering the same text; compiled parts render at the cost of their pieces.
 */
export function compiled<T>(query: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) =>
    chunks.push(i % 2 === 0 ? sql.raw(piece) : sql`${params[Number(piece) - 1]}`),
  );
  return sql<T>`${sql.join(chunks)}`;
}

/** A CTE whose body is raw SQL over schema objects, compiled once; `selection` types its columns. */
export const cte = <A extends string, S extends Record<string, PgColumn | SQL.Aliased>>(
  alias: A,
  selection: S,
  body: SQL,
) => statements.$with(alias, selection).as(compiled(body));

/** A column's own name, unqualified (SET and INSERT column lists refuse `"table"."column"`). */
export const bare = (column: PgColumn): SQL => sql`${sql.identifier(toSnakeCase(column.name))}`;

/** A column a CTE computes (not a schema column), typed from the schema where it mirrors one. */
export const computed = <T>(name: string) => sql<T>`${sql.identifier(name)}`.as(name);

/** Placeholder names checked against the statement's values. */
export const placeholders =
  <V extends Record<string, unknown>>() =>
  <K extends keyof V & string>(name: K): Placeholder<K> =>
    sql.placeholder(name);

type JsonField = PgColumn | SQL | SQL.Aliased;
type FieldData<F> = F extends PgColumn
  ? GetColumnData<F>
  : F extends SQL<infer T> | SQL.Aliased<infer T>
    ? T
    : never;
/** What JSON carries as it was: a `Date` would arrive as text, so a timestamp cannot be a field. */
type JsonSafe<T> = T extends Date ? never : T;
export type JsonRow<S> = { [K in keyof S]: JsonSafe<FieldData<S[K]>> };

/**
 * The fields as ONE JSON object built by PostgreSQL, typed from the same fields: a hot read then
 * costs one JSON.parse per row in the driver instead of drizzle decoding every cell.
 */
export function jsonObject<S extends Record<string, JsonField>>(fields: S): SQL<JsonRow<S>> {
  const pairs = Object.entries(fields).map(([key, field]) => {
    if (!/^\w+$/.test(key)) throw new Error(`jsonObject: ${key} is not a plain key`);
    return sql`'${sql.raw(key)}', ${field}`;
  });
  return compiled(sql<JsonRow<S>>`json_build_object(${sql.join(pairs, sql`, `)})`);
}
