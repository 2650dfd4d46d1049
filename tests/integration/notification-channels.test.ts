import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsConfig } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';

/** Issue 21: the client learns whether SMS can go out (a live Twilio config) to grey the SMS choice out. */
let t: TestContext;
let player: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  player = await createUser(t.deps);
});
afterAll(() => t.close());

describe('users.notificationChannels', () => {
  it('says no SMS without a Twilio config, nor with one that is not live; yes once live', async () => {
    expect(await t.caller(player).users.notificationChannels()).toEqual({ sms: false });
    const row = {
      id: 1,
      accountSid: 'AC00000000000000000000000000000000',
      authTokenEnc: t.deps.secrets.encrypt('token'),
      phoneNumber: '+33600000000',
    };
    await t.db.db.insert(smsConfig).values({ ...row, isLive: false });
    expect(await t.caller(player).users.notificationChannels()).toEqual({ sms: false });
    await t.db.db.update(smsConfig).set({ isLive: true }).where(eq(smsConfig.id, 1));
    expect(await t.caller(player).users.notificationChannels()).toEqual({ sms: true });
  });

  it('needs a session', async () => {
    await expect(t.caller().users.notificationChannels()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
