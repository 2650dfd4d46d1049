import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // The database goes away under a running server.
  await t.db.close();
});
afterAll(() => t.app.close());

describe('an internal failure', () => {
  it('answers tRPC callers with the generic French text, keeping the details in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/settings.get' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ error: { message: string } }>();
    expect(body.error.message).toBe('Erreur serveur. Veuillez réessayer plus tard.');
    expect(t.logs.text()).toContain('tRPC error');
    // The id the answer quotes is in its header and on the logged error.
    const id = res.headers['x-request-id'] as string;
    expect(body.error).toMatchObject({ data: { requestId: id } });
    expect(t.logs.lines.find((l) => l.includes('tRPC error'))).toContain(`"reqId":"${id}"`);
  });

  it('answers REST callers with the generic French text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      error: 'Erreur serveur. Veuillez réessayer plus tard.',
      requestId: id,
    });
  });

  it('makes the readiness check fail while liveness, which never asks the database, holds', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
