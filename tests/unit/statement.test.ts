import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { matches, users } from '../../db/schema';
import { bare, compiled, jsonObject } from '../../db/statement';

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
});
