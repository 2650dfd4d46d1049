/**
 * The transactions `db/pool-gate.ts` hands drizzle on PostgreSQL (postgres.js's own `begin`, every
 * statement prepared on the transaction’s connection, ADR 11): all or nothing, a swallowed
 * statement error, savepoints (nested transactions go through the same wrapper), and isolation
 * from other connections. A connection killed mid-transaction is covered by faults.test.ts and
 * postgres-js-patch.test.ts. Answers carry the driver's affected count. PostgreSQL only: PGlite
 * has one connection and no pool.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestDb, serverUrl, type TestDb } from '../support/db';

const url = serverUrl();
if (!url)
  console.warn(
    '[transactions] skipped: the pooled transactions under test exist on PostgreSQL only (PGlite has one connection)',
  );

describe.runIf(url)('transactions on the pool (PostgreSQL)', () => {
  let t: TestDb;
  const count = async () =>
    rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from tx_probe`))[0]!.n;

  beforeAll(async () => {
    t = await createTestDb();
    await t.db.execute(sql`create table tx_probe (id int primary key, note text)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('commits every statement, first one included, or none when the callback throws', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1, 'a')`);
      await tx.execute(sql`insert into tx_probe values (2, 'b')`);
    });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3, 'c')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // A failing statement rolls back the statements before it.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (4, 'd')`);
        await tx.execute(sql`insert into tx_probe values (1, 'duplicate')`);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(2);
  });

  it('fails and writes nothing when the callback swallows a failed statement', async () => {
    // PostgreSQL answers the COMMIT of an aborted transaction with ROLLBACK: not a success, and
    // the caller learns which statement failed.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (5, 'e')`);
        await tx.execute(sql`insert into tx_probe values (1, 'duplicate')`).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(2);
    // The connection went back to the pool in working order.
    const [row] = rowsOf<{ ok: number }>(
      await t.db.transaction((tx) => tx.execute(sql`select 1 as ok`)),
    );
    expect(row?.ok).toBe(1);
  });

  it('keeps uncommitted rows from other connections, and a row lock waits for the commit', async () => {
    const other = postgres(t.url!, { max: 1, onnotice: () => {} });
    try {
      let seenInside = -1;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (10, 'hidden')`);
        const [row] = await other`select count(*)::int as n from tx_probe where id = 10`;
        seenInside = row!.n as number;
      });
      expect(seenInside).toBe(0);
      // 20 increments at once through the pool, each a read-modify-write under FOR UPDATE: run
      // outside the transaction, the lock would be released at once and increments would be lost.
      await t.db.execute(sql`insert into tx_probe values (11, '0')`);
      await Promise.all(
        Array.from({ length: 20 }, () =>
          t.db.transaction(async (tx) => {
            const [r] = rowsOf<{ note: string }>(
              await tx.execute(sql`select note from tx_probe where id = 11 for update`),
            );
            await tx.execute(
              sql`update tx_probe set note = ${String(Number(r!.note) + 1)} where id = 11`,
            );
          }),
        ),
      );
      const [after] = await other`select note from tx_probe where id = 11`;
      expect(after!.note).toBe('20');
    } finally {
      await other.end();
    }
  });

  it('rolls back to a savepoint and keeps the rest', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (20, 'kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into tx_probe values (21, 'dropped')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.execute(sql`insert into tx_probe values (22, 'kept too')`);
    });
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from tx_probe where id between 20 and 29 order by id`),
    ).map((r) => r.id);
    expect(ids).toEqual([20, 22]);
  });

  it('answers the rows and the affected count, in and out of a transaction', async () => {
    const affected = (result: unknown) => Reflect.get(Object(result), 'count') as unknown;
    await t.db.execute(sql`insert into tx_probe values (30, 'x'), (31, 'y'), (32, 'z')`);
    const touched = await t.db.execute(
      sql`update tx_probe set note = note where id >= 30 returning id`,
    );
    expect([affected(touched), rowsOf(touched).length]).toEqual([3, 3]);
    const inTx = await t.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from tx_probe where id >= 30 order by id`),
      );
      const removed = await tx.execute(sql`delete from tx_probe where id = 32 returning id`);
      return { ids: rows.map((r) => r.id), removed: affected(removed) };
    });
    expect(inTx).toEqual({ ids: [30, 31, 32], removed: 1 });
    const left = await t.db.execute(sql`select id from tx_probe where id >= 30 order by id`);
    expect(rowsOf(left)).toEqual([{ id: 30 }, { id: 31 }]);
  });
});
