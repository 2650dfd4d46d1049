import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Building blocks for the few statements drizzle's builders cannot express (data-modifying CTEs
 * feeding one another, upserts whose conditions read the old row). Each is written as `$with`
 * parts selected by a builder, so it is prepared through the public `.prepare()`, its answer is
 * typed by a selection made of schema columns, and every column it names is a schema object:
 * renaming one fails the typecheck.
 */
export const statements = new QueryBuilder({ casing: 'snake_case' });

/** A column's own name, unqualified (SET and INSERT column lists refuse `"table"."column"`). */
export const bare = (column: PgColumn): SQL => sql`${sql.identifier(toSnakeCase(column.name))}`;

/** A column a CTE computes (not a schema column), typed from the schema where it mirrors one. */
export const computed = <T>(name: string) => sql<T>`${sql.identifier(name)}`.as(name);

/** Placeholder names checked against the statement's values. */
export const placeholders =
  <V extends Record<string, unknown>>() =>
  <K extends keyof V & string>(name: K): Placeholder<K> =>
    sql.placeholder(name);
