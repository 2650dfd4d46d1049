/**
 * The session lookup every request makes (prepared once, then only values travel): a live token
 * finds its user, an idle or expired one does not, and use is recorded at most every 5 minutes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import {
  resolveSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../server/services/auth/sessions';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';

const NOW = new Date('2026-03-10T12:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

const lastSeen = async (id: number) =>
  (
    await t.db.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id))
  )[0]!.at.getTime();

describe('resolveSession', () => {
  it('finds the user of a live token, the same way on every call, and nobody for an unknown one', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.deps, { name: 'Léa Martin', isAdmin: true });
    for (let i = 0; i < 3; i++) {
      expect(await resolveSession(t.deps, u.token)).toEqual({
        id: u.id,
        name: 'Léa Martin',
        email: u.email,
        phone: u.phone,
        level: 'Niveau 3',
        isAdmin: true,
        sessionId: u.sessionId,
      });
    }
    expect(await resolveSession(t.deps, 'not-a-token')).toBeNull();
    expect(await resolveSession(t.deps, undefined)).toBeNull();
  });

  it('records use at most every 5 minutes, and an idle session (7 days unused) is dead', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.deps);
    t.clock.advance(60_000);
    await resolveSession(t.deps, u.token);
    expect(await lastSeen(u.sessionId)).toBe(NOW.getTime());
    t.clock.advance(5 * 60_000);
    await resolveSession(t.deps, u.token);
    expect(await lastSeen(u.sessionId)).toBe(NOW.getTime() + 6 * 60_000);
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await resolveSession(t.deps, u.token)).toBeNull();
  });

  it('ends 30 days after login even when used every day', async () => {
    t.clock.set(NOW);
    const u = await createUser(t.deps);
    for (let day = 1; day < 30; day++) {
      t.clock.set(new Date(NOW.getTime() + day * 24 * 3600_000));
      expect(await resolveSession(t.deps, u.token)).not.toBeNull();
    }
    t.clock.set(new Date(NOW.getTime() + SESSION_ABSOLUTE_MS + 1000));
    expect(await resolveSession(t.deps, u.token)).toBeNull();
  });
});
