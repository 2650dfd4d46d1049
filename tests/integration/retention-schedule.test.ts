/**
 * The retention job purges shortly after start, not one whole interval later (an instance restarted
 * more often than hourly would never purge), and counts what it deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../db/schema';
import { FIRST_PURGE_DELAY_MS, startRetentionJob } from '../../server/services/retention';
import { createTestContext, type TestContext } from '../support/app';

const NOW = new Date('2026-03-10T12:00:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    now: NOW,
    env: { METRICS_TOKEN: 'metrics-token-for-tests-0123456789' },
  });
});
afterAll(() => t.close());

describe('the retention job', () => {
  it('purges within its first delay of start with an hourly interval, and counts the rows by kind', async () => {
    const expired = {
      channel: 'email' as const,
      codeHash: 'h',
      expiresAt: new Date(NOW.getTime() - 60_000),
      createdAt: NOW,
    };
    await t.db.db.insert(otpCodes).values([
      { ...expired, target: 'a@x.fr' },
      { ...expired, target: 'b@x.fr' },
    ]);
    const stop = startRetentionJob(t.deps, 60, 50);
    try {
      await expect.poll(() => t.db.db.$count(otpCodes), { timeout: 10_000, interval: 20 }).toBe(0);
      // The rows are gone at commit; the line and the counts come just after.
      await expect.poll(() => t.logs.text()).toContain('retention: expired rows purged');
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-for-tests-0123456789' },
      });
      expect(res.body).toMatch(/^padel_retention_purged_total\{kind="otp_codes"\} 2$/m);
      expect(res.body).toMatch(/^padel_retention_purged_total\{kind="sessions"\} 0$/m);
    } finally {
      stop();
    }
  });

  it('by default, the first purge comes within a minute of start, whatever the interval', () => {
    expect(FIRST_PURGE_DELAY_MS).toBeLessThanOrEqual(60_000);
  });
});
