import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { matches, users } from '../../db/schema';
import {
  bare,
  boundOnce,
  compiled,
  jsonObject,
  renderedOnce,
  statements,
} from '../../db/statement';

const dialect = new PgDialect({ casing: 'snake_case' });

describe('db/statement', () => {
  it('compiles a statement to the same text and values, placeholders kept for later', () => {
    const query = sql`update ${matches} set ${bare(matches.missingPlayers)} = ${matches.missingPlayers} - ${1}
      where ${matches.id} = ${sql.placeholder('id')} and ${users.name} = ${'Léa'} and ${matches.slots} > ${sql.placeholder('min')}`;
    const before = dialect.sqlToQuery(query);
    const after = dialect.sqlToQuery(compiled(query));
    expect(after.sql).toBe(before.sql);
    expect(after.sql).toContain('set "missing_players" = "matches"."missing_players" - $1');
    expect(after.params).toEqual(before.params);
    // Nested in a larger statement, the compiled part's values are numbered where they land.
    const outer = dialect.sqlToQuery(sql`select ${'x'}, (${compiled(query)})`);
    expect(outer.sql).toMatch(/^select \$1, \(update .* - \$2\s/s);
    expect(outer.params.slice(0, 3)).toEqual(['x', 1, sql.placeholder('id')]);
  });

  it('builds one JSON object of plain keys and refuses any other key', () => {
    const q = dialect.sqlToQuery(jsonObject({ id: matches.id, creator_name: users.name }));
    expect(q.sql).toBe(`json_build_object('id', "matches"."id", 'creator_name', "users"."name")`);
    expect(() => jsonObject({ "x') --": matches.id })).toThrow(/not a plain key/);
  });

  it('binds a statement rendered once to each call’s values, constants and repeated names kept', () => {
    const query = sql`select ${matches.id} from ${matches}
      where ${matches.id} = ${sql.placeholder('id')} and ${matches.slots} > ${4}
        and ${matches.createdBy} <> ${sql.placeholder('id')}`;
    const bind = boundOnce<{ id: number }>(query);
    const direct = (id: number) =>
      dialect.sqlToQuery(sql`select ${matches.id} from ${matches}
      where ${matches.id} = ${id} and ${matches.slots} > ${4}
        and ${matches.createdBy} <> ${id}`);
    for (const id of [7, 12]) {
      const bound = dialect.sqlToQuery(bind({ id }));
      expect(bound).toEqual(direct(id));
      expect(bound.params).toEqual([id, 4, id]);
      // Inside a larger statement it is the same SQL, its values numbered where they land.
      const outer = dialect.sqlToQuery(sql`select ${'x'}, exists (${bind({ id })})`);
      expect(outer.sql).toBe(
        `select $1, exists (${direct(id).sql.replace(/\$(\d)/g, (_, n: string) => `$${Number(n) + 1}`)})`,
      );
      expect(outer.params).toEqual(['x', id, 4, id]);
    }
    // An array is one parameter (for `= any($1::int[])`), not a list spread by drizzle's `sql`.
    const any = boundOnce<{ ids: number[] }>(
      sql`select 1 where ${matches.id} = any(${sql.placeholder('ids')}::int[])`,
    );
    const q = dialect.sqlToQuery(any({ ids: [1, 2, 3] }));
    expect(q.sql).toContain('any($1::int[])');
    expect(q.params).toEqual([[1, 2, 3]]);
  });

  it('runs a select rendered once only when its fields are aliased as their keys', () => {
    const aliased = statements.select({ n: sql<number>`1`.as('n') }).from(matches);
    expect(() => renderedOnce()(aliased)).not.toThrow();
    const misnamed = statements.select({ n: sql<number>`1`.as('m') }).from(matches);
    expect(() => renderedOnce()(misnamed)).toThrow(/not aliased as itself/);
  });
});
