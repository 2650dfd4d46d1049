import {
  is,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  type GetColumnData,
  type QueryWithTypings,
  type SQLChunk,
  type SQLWrapper,
} from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect, QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from './client';

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

/**
 * A statement whose text and parameters are known: drizzle's `execute` asks it for its query, and
 * it answers them as they are instead of rendering its chunks again (a walk with entity checks on
 * every piece and parameter, which was most of what drizzle spent on a join). Its chunks stay the
 * same statement, for a caller that embeds it in other SQL.
 */
class BoundStatement extends SQL {
  constructor(
    chunks: SQLChunk[],
    private readonly query: QueryWithTypings,
  ) {
    super(chunks);
  }
  override toQuery(): QueryWithTypings {
    return this.query;
  }
}

/**
 * SQL rendered to text ONCE; each call binds its placeholders to values and gives a statement that
 * drizzle runs without rendering it again. drizzle's `.prepare()` belongs to one handle, so a
 * statement run inside a transaction was built and rendered again for every transaction (half a
 * join's drizzle CPU).
 */
export function boundOnce<V extends Record<string, unknown>>(query: SQLWrapper) {
  const { sql: text, params, typings } = dialect.sqlToQuery(query.getSQL());
  const pieces = text.split(/\$(\d+)/);
  const texts = pieces.filter((_, i) => i % 2 === 0).map((piece) => new StringChunk(piece));
  // Which parameter each `$n` of the text is, in the order they appear.
  const appearing = pieces.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1);
  const slots = params.map((param: unknown): { name: string } | { value: unknown } =>
    is(param, Placeholder) ? { name: param.name } : { value: param },
  );
  return (values: V): SQL => {
    const bound = slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    const chunks: SQLChunk[] = [texts[0]!];
    // One parameter whatever the value (an array too, which `sql` would spread into a list).
    appearing.forEach((n, i) => chunks.push(new Param(bound[n]), texts[i + 1]));
    return new BoundStatement(chunks, { sql: text, params: bound, typings });
  };
}

/**
 * A select of `statements` rendered once (`boundOnce`), run with its values on any handle or
 * transaction. Its fields must be aliases named like their keys (`x.as('x')`): the driver's rows
 * are read as they come, without drizzle's per-field decoding, so they suit JSON objects
 * (`jsonObject`) and plain values.
 */
export function renderedOnce<V extends Record<string, unknown>>() {
  return <S extends Record<string, SQL.Aliased>, R>(
    query: TypedQueryBuilder<S, R[]> & SQLWrapper,
  ) => {
    for (const [key, field] of Object.entries(query._.selectedFields))
      if (field.fieldAlias !== key)
        throw new Error(`renderedOnce: field ${key} is not aliased as itself`);
    const bind = boundOnce<V>(query);
    return async (db: DbOrTx, values: V): Promise<R[]> => rowsOf<R>(await db.execute(bind(values)));
  };
}

type RowOf<C extends Record<string, PgColumn>> = { [K in keyof C]: GetColumnData<C[K]> };

/**
 * An INSERT of any number of rows into `columns`, rendered once: the rows travel as ONE JSON
 * parameter read by `json_to_recordset`, so the text (and each connection's prepared statement) is
 * the same whatever their number, and no insert builder runs per call (a join's notice and chat
 * line were half of its drizzle CPU). Every column listed is given in every row (null included);
 * the others take their defaults.
 */
export function insertedOnce<C extends Record<string, PgColumn>>(table: PgTable, columns: C) {
  const entries = Object.entries(columns);
  const targets = sql.join(
    entries.map(([, column]) => bare(column)),
    sql`, `,
  );
  const fields = sql.join(
    entries.map(([key]) => sql.identifier(key)),
    sql`, `,
  );
  const types = sql.join(
    entries.map(([key, column]) => sql`${sql.identifier(key)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const insert = boundOnce<{ rows: string }>(
    sql`insert into ${table} (${targets})
        select ${fields} from json_to_recordset(${sql.placeholder('rows')}::json) as r(${types})`,
  );
  return async (db: DbOrTx, rows: RowOf<C>[]): Promise<void> => {
    if (rows.length > 0) await db.execute(insert({ rows: JSON.stringify(rows) }));
  };
}
