import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.app.close());

describe('GET /readyz', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', migrations: 'ok' });
  });

  it('answers 503 naming the migration that is not applied, while /healthz stays live', async () => {
    const [latest] = rowsOf<{ at: string }>(
      await t.db.db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`),
    );
    await t.db.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${latest!.at}`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ reason: string }>().reason).toMatch(/^migrations not applied: \d{4}_\w+/);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.db.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${latest!.at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 when the database is unreachable', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'error',
      database: 'unreachable',
      reason: 'database unreachable',
    });
    expect(t.logs.text()).toContain('readiness check: database unreachable');
  });
});
