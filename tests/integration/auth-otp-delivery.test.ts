/**
 * Where one-time codes go when no transport is set up: the log outside production (how the
 * embedded default works without SMTP), never in production, which answers a clear French error.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { otpCodes, smsConfig } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { rest } from '../support/http';
import { startTwilioStub, type TwilioStub } from '../support/twilio-stub';
import { freshIdentity } from './auth-support';

/** Six digits standing alone; not the fraction of a logged number such as `responseTime: 142.814214`. */
const SIX_DIGITS = /(?<![\w.])\d{6}(?!\w|\.\d)/;

const storedCodes = (t: TestContext, channel: 'email' | 'sms', target: string) =>
  t.db.db.$count(otpCodes, and(eq(otpCodes.channel, channel), eq(otpCodes.target, target)));

/** Log lines that carry a code: the text of an SMS or mail, or any 6-digit number. */
const linesWithCodes = (t: TestContext) =>
  t.logs.lines.filter((l) => l.includes('code de vérification') || SIX_DIGITS.test(l));

describe('in production, with neither Twilio live nor SMTP configured', () => {
  let t: TestContext;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestContext({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://padel.example.org' },
    });
    u = await createUser(t.deps);
  });
  afterAll(() => t.close());

  it('send-otp (REST and tRPC) answers a French error, logs no code and records nothing', async () => {
    const res = await rest(t.app, 'POST', '/auth/send-otp', { phone: u.phone });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error: MSG.auth.smsNotConfigured });
    await expect(t.caller().auth.sendOtp({ phone: u.phone })).rejects.toThrow(
      MSG.auth.smsNotConfigured,
    );
    expect(await storedCodes(t, 'sms', u.phone)).toBe(0);
    expect(linesWithCodes(t)).toEqual([]);
  });

  it('an e-mail code answers a French error, logs no code and records nothing', async () => {
    const { email } = freshIdentity();
    const res = await rest(t.app, 'POST', '/auth/send-otp-email', { email });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe(MSG.auth.emailNotConfigured);
    await expect(t.caller().auth.requestPinReset({ email: u.email! })).rejects.toThrow(
      MSG.auth.emailNotConfigured,
    );
    expect(await storedCodes(t, 'email', email)).toBe(0);
    expect(await storedCodes(t, 'email', u.email!)).toBe(0);
    expect(linesWithCodes(t)).toEqual([]);
  });
});

describe('in production with Twilio live', () => {
  let t: TestContext;
  let stub: TwilioStub;
  beforeAll(async () => {
    stub = await startTwilioStub();
    t = await createTestContext({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://padel.example.org' },
      twilioBaseUrl: stub.baseUrl,
    });
    await t.db.db.insert(smsConfig).values({
      accountSid: stub.validSid,
      authTokenEnc: t.deps.secrets.encrypt(stub.validToken),
      phoneNumber: '+33700000001',
      isLive: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('sends the SMS through Twilio and still logs no code', async () => {
    const u = await createUser(t.deps);
    const res = await rest(t.app, 'POST', '/auth/send-otp', { phone: u.phone });
    expect(res.body).toEqual({ success: true, message: MSG.auth.otpSentSms });
    const sms = stub.messages.find((m) => m.to === u.phone);
    const code = SIX_DIGITS.exec(sms?.body ?? '')?.[0];
    expect(code).toBeDefined();
    expect(t.logs.text()).not.toContain(code);
  });
});

describe('outside production, with nothing configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('prints the SMS code to the log, and that code verifies', async () => {
    const u = await createUser(t.deps);
    expect((await rest(t.app, 'POST', '/auth/send-otp', { phone: u.phone })).body).toEqual({
      success: true,
      message: MSG.auth.otpSentSms,
    });
    const line = t.logs.lines.find((l) => l.includes('SMS not sent') && l.includes(u.phone));
    const code = SIX_DIGITS.exec(line ?? '')?.[0];
    expect(code).toBeDefined();
    expect(
      (await rest(t.app, 'POST', '/auth/verify-otp', { phone: u.phone, code })).body,
    ).toMatchObject({ success: true });
  });

  it('prints the e-mail code to the log', async () => {
    const { email } = freshIdentity();
    expect((await rest(t.app, 'POST', '/auth/send-otp-email', { email })).status).toBe(200);
    const line = t.logs.lines.find((l) => l.includes('mail not sent') && l.includes(email));
    expect(SIX_DIGITS.exec(line ?? '')?.[0]).toBeDefined();
  });
});
