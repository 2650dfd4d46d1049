/** The retention job deletes expired codes, sessions and throttle rows, and only those. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottles, otpCodes, sessions } from '../../db/schema';
import { purgeExpired } from '../../server/services/retention';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const DAY = 24 * 60;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
});
afterAll(() => t.close());

describe('purgeExpired', () => {
  it('removes only rows that can no longer serve', async () => {
    const u = await createUser(t.deps);
    const code = (target: string, o: { expires: Date; verified?: Date; consumed?: Date }) => ({
      channel: 'email' as const,
      target,
      codeHash: 'h',
      expiresAt: o.expires,
      verifiedAt: o.verified ?? null,
      consumedAt: o.consumed ?? null,
      createdAt: ago(60),
    });
    await t.db.db
      .insert(otpCodes)
      .values([
        code('expired@x.fr', { expires: ago(1) }),
        code('live@x.fr', { expires: ago(-5) }),
        code('proof@x.fr', { expires: ago(20), verified: ago(10) }),
        code('old-proof@x.fr', { expires: ago(50), verified: ago(45) }),
        code('used@x.fr', { expires: ago(50), verified: ago(45), consumed: ago(44) }),
      ]);
    const session = (tokenHash: string, o: { expires: Date; seen: Date }) => ({
      tokenHash,
      userId: u.id,
      createdAt: ago(10 * DAY),
      lastSeenAt: o.seen,
      expiresAt: o.expires,
    });
    await t.db.db
      .insert(sessions)
      .values([
        session('past-absolute', { expires: ago(1), seen: ago(2) }),
        session('idle', { expires: ago(-10 * DAY), seen: ago(8 * DAY) }),
        session('live', { expires: ago(-10 * DAY), seen: ago(60) }),
      ]);
    await t.db.db.insert(authThrottles).values([
      {
        key: 'ip:locked-old-window',
        failures: 0,
        windowStartedAt: ago(3 * DAY),
        lockedUntil: ago(-5),
      },
      {
        key: 'ip:lock-over',
        failures: 0,
        windowStartedAt: ago(2 * DAY),
        lockedUntil: ago(2 * DAY - 15),
      },
      { key: 'user:recent', failures: 3, windowStartedAt: ago(60), lockedUntil: null },
      { key: 'user:stale', failures: 2, windowStartedAt: ago(2 * DAY), lockedUntil: null },
    ]);

    expect(await purgeExpired(t.deps)).toEqual({
      otpCodes: 3,
      sessions: 2,
      throttles: 2,
      notices: 0,
    });

    const targets = (await t.db.db.select({ target: otpCodes.target }).from(otpCodes))
      .map((r) => r.target)
      .sort();
    expect(targets).toEqual(['live@x.fr', 'proof@x.fr']);
    const tokens = (await t.db.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    expect(tokens).toContain('live');
    expect(tokens).not.toContain('past-absolute');
    expect(tokens).not.toContain('idle');
    // The factory's own session is live too: the player is still logged in.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${u.id}`, headers: u.headers }))
        .statusCode,
    ).toBe(200);
    const keys = (await t.db.db.select({ key: authThrottles.key }).from(authThrottles))
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual(['ip:locked-old-window', 'user:recent']);

    expect(await purgeExpired(t.deps)).toEqual({
      otpCodes: 0,
      sessions: 0,
      throttles: 0,
      notices: 0,
    });
  });
});
