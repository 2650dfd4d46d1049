/** One-time codes: e-mail (real SMTP server) and SMS (the real twilio package against a local stand-in). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { otpCodes, smsConfig } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { startTwilioStub, type TwilioStub } from '../support/twilio-stub';
import { bearer, rest, trpc } from '../support/http';
import { freshIdentity } from './auth-support';

const MINUTE = 60_000;

let t: TestContext;
let smtp: SmtpTestServer;
let twilio: TwilioStub;
beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startTwilioStub();
  t = await createTestContext({ env: { SMTP_URL: smtp.url }, twilioBaseUrl: twilio.baseUrl });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

/** Twilio live or not; the admin screens that save this row belong to the admin issue. */
async function setSms(isLive: boolean, token = twilio.validToken) {
  const row = {
    accountSid: twilio.validSid,
    authTokenEnc: t.deps.secrets.encrypt(token),
    phoneNumber: '+33700000000',
    isLive,
  };
  await t.db.db
    .insert(smsConfig)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: smsConfig.id, set: row });
}
beforeEach(() => setSms(false));

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail codes', () => {
  it('burns a code after 5 wrong tries: even the right one is then refused (tRPC)', async () => {
    const { email } = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email });
    const code = await smtp.codeFor(email);
    for (let i = 0; i < 5; i++) {
      await expect(t.caller().auth.verifyOtpEmail({ email, code: wrongOf(code) })).rejects.toThrow(
        MSG.auth.otpWrong,
      );
    }
    await expect(t.caller().auth.verifyOtpEmail({ email, code })).rejects.toThrow(
      MSG.auth.otpTooManyAttempts,
    );
  });

  it('burns a code after 5 wrong tries over REST too, with success:false and the French message', async () => {
    const { email } = freshIdentity();
    await rest(t.app, 'POST', '/auth/send-otp-email', { email });
    const code = await smtp.codeFor(email);
    for (let i = 0; i < 5; i++) {
      const res = await rest(t.app, 'POST', '/auth/verify-otp-email', {
        email,
        code: wrongOf(code),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: MSG.auth.otpWrong });
    }
    const last = await rest(t.app, 'POST', '/auth/verify-otp-email', { email, code });
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ success: false, error: MSG.auth.otpTooManyAttempts });
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { email } = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email });
    const code = await smtp.codeFor(email);
    t.clock.advance(10 * MINUTE + 1000);
    await expect(t.caller().auth.verifyOtpEmail({ email, code })).rejects.toThrow(
      MSG.auth.otpExpired,
    );
  });

  it('accepts a code only once, and only its latest version after a resend (after the 300 s countdown)', async () => {
    const { email } = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email });
    const first = await smtp.codeFor(email);
    const early = await rest(t.app, 'POST', '/auth/send-otp-email', { email });
    expect(early.status).toBe(429);
    // The refusal names the wait left, as text (m:ss), as a number and as Retry-After.
    expect(early.body).toEqual({
      success: false,
      error: 'Veuillez patienter 5:00 avant de demander un nouveau code.',
      retryAfterSeconds: 300,
    });
    expect(early.headers['retry-after']).toBe('300');
    t.clock.advance(207_500);
    await expect(t.caller().auth.sendOtpEmail({ email })).rejects.toMatchObject({
      message: 'Veuillez patienter 1:33 avant de demander un nouveau code.',
      code: 'TOO_MANY_REQUESTS',
    });
    t.clock.advance(91_500);
    await expect(t.caller().auth.sendOtpEmail({ email })).rejects.toThrow(
      MSG.auth.otpResendWait(1),
    );
    t.clock.advance(1000);
    smtp.clear();
    await t.caller().auth.sendOtpEmail({ email });
    const second = await smtp.codeFor(email);
    if (first !== second)
      await expect(t.caller().auth.verifyOtpEmail({ email, code: first })).rejects.toThrow(
        MSG.auth.otpWrong,
      );
    await expect(t.caller().auth.verifyOtpEmail({ email, code: second })).resolves.toEqual({
      success: true,
      message: MSG.auth.otpVerified,
    });
    // A player who went back a step may enter the same code again while the proof holds (30 min)…
    await expect(t.caller().auth.verifyOtpEmail({ email, code: second })).resolves.toMatchObject({
      success: true,
    });
    // …but a wrong code stays wrong, and once registration used the proof the code is gone.
    await expect(
      t.caller().auth.verifyOtpEmail({ email, code: first === second ? '000000' : first }),
    ).rejects.toThrow(MSG.auth.otpWrong);
  });

  it('stores only a keyed hash of the code', async () => {
    const { email } = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email });
    const code = await smtp.codeFor(email);
    const [row] = await t.db.db.select().from(otpCodes).where(eq(otpCodes.target, email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toHaveLength(43);
  });

  it('lets a verified e-mail register for 30 minutes only', async () => {
    const id = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email: id.email });
    await t.caller().auth.verifyOtpEmail({ email: id.email, code: await smtp.codeFor(id.email) });
    t.clock.advance(31 * MINUTE);
    await expect(
      t.caller().auth.register({
        name: 'Tard',
        email: id.email,
        phone: id.national,
        pin: '7391',
        confirmPin: '7391',
      }),
    ).rejects.toThrow(MSG.auth.emailNotVerified);
  });

  it('answers a French error, and lets the player retry at once, when the mail cannot be sent', async () => {
    const broken = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const { email } = freshIdentity();
      const res = await rest(broken.app, 'POST', '/auth/send-otp-email', { email });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ success: false, error: MSG.auth.otpSendFailed });
      await expect(broken.caller().auth.sendOtpEmail({ email })).rejects.toThrow(
        MSG.auth.otpSendFailed,
      );
    } finally {
      await broken.close();
    }
  });
});

describe('SMS codes through the twilio package', () => {
  it('sends the code through Twilio when the admin config is live, and verifies it (tRPC)', async () => {
    await setSms(true);
    const u = await createUser(t.deps);
    const sent = await trpc(t.app, 'mutation', 'auth.sendOtp', {
      phone: `0${u.phone.slice(3)}`,
      country: 'FR',
    });
    expect(sent.data).toEqual({ success: true, message: MSG.auth.otpSentSms });
    const sms = twilio.messages.at(-1)!;
    expect(sms).toMatchObject({ to: u.phone, from: '+33700000000', accountSid: twilio.validSid });
    expect(sms.body).toMatch(
      /^Padel Match : votre code de vérification est \d{6}\. Il expire dans 10 minutes\.$/,
    );
    const code = /\d{6}/.exec(sms.body)![0];
    const verified = await trpc(t.app, 'mutation', 'auth.verifyOtp', { phone: u.phone, code });
    expect(verified.data).toEqual({ success: true, message: MSG.auth.phoneVerified });
  });

  it('only logs the SMS while Twilio is not live', async () => {
    const u = await createUser(t.deps);
    const before = twilio.messages.length;
    await t.caller().auth.sendOtp({ phone: u.phone });
    expect(twilio.messages.length).toBe(before);
    expect(t.logs.text()).toContain('SMS not sent (Twilio not live)');
  });

  it('refuses to text a phone that has no account (SMS cost money)', async () => {
    await setSms(true);
    const res = await rest(t.app, 'POST', '/auth/send-otp', { phone: freshIdentity().phone });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: MSG.auth.unknownPhone });
  });

  it('reports a Twilio failure in French', async () => {
    await setSms(true, 'wrong-token');
    const u = await createUser(t.deps);
    await expect(t.caller().auth.sendOtp({ phone: u.phone })).rejects.toThrow(
      MSG.auth.otpSendFailed,
    );
  });
});

describe('PIN reset', () => {
  it('legacy /auth/reset-pin {phone, newPin} needs a fresh SMS verification of that account, used once', async () => {
    await setSms(true);
    const u = await createUser(t.deps);
    const refused = await rest(t.app, 'POST', '/auth/reset-pin', {
      phone: u.phone,
      newPin: '5937',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: MSG.auth.ownershipNotVerified });

    await rest(t.app, 'POST', '/auth/send-otp', { phone: u.phone });
    const code = /\d{6}/.exec(twilio.messages.at(-1)!.body)![0];
    expect(
      (await rest(t.app, 'POST', '/auth/verify-otp', { phone: u.phone, code })).body.success,
    ).toBe(true);
    const done = await rest(t.app, 'POST', '/auth/reset-pin', { phone: u.phone, newPin: '5937' });
    expect(done.body).toEqual({ success: true, message: MSG.auth.resetDone });
    // The old session ended; the new PIN works, the old one not.
    expect((await rest(t.app, 'GET', `/users/${u.id}`, undefined, bearer(u.token))).status).toBe(
      401,
    );
    expect(
      (await rest(t.app, 'POST', '/auth/login', { phone: u.phone, pin: '5937', deviceId: 'd' }))
        .body.success,
    ).toBe(true);
    expect(
      (await rest(t.app, 'POST', '/auth/login', { phone: u.phone, pin: u.pin, deviceId: 'd' })).body
        .error,
    ).toBe(MSG.auth.wrongPin);
    // The proof is spent.
    const again = await rest(t.app, 'POST', '/auth/reset-pin', { phone: u.phone, newPin: '6048' });
    expect(again.status).toBe(403);
  });

  it('legacy reset also accepts a fresh e-mail verification of the account, but not of another e-mail', async () => {
    const u = await createUser(t.deps);
    const other = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email: other.email });
    await t
      .caller()
      .auth.verifyOtpEmail({ email: other.email, code: await smtp.codeFor(other.email) });
    expect(
      (await rest(t.app, 'POST', '/auth/reset-pin', { phone: u.phone, newPin: '5937' })).status,
    ).toBe(403);
    await t.caller().auth.sendOtpEmail({ email: u.email! });
    await t.caller().auth.verifyOtpEmail({ email: u.email!, code: await smtp.codeFor(u.email!) });
    expect(
      (await rest(t.app, 'POST', '/auth/reset-pin', { phone: u.phone, newPin: '5937' })).body
        .success,
    ).toBe(true);
  });

  it('requestPinReset sends the code by e-mail when SMS is not live; resetPin logs in', async () => {
    const u = await createUser(t.deps);
    const asked = await t.caller().auth.requestPinReset({ email: u.email! });
    expect(asked).toMatchObject({ success: true, channel: 'email' });
    expect(asked.destination).toMatch(/^jo\*\*\*@example\.fr$/);
    const code = await smtp.codeFor(u.email!);
    await expect(
      t.caller().auth.resetPin({
        email: u.email!,
        code: wrongOf(code),
        newPin: '5937',
        confirmPin: '5937',
      }),
    ).rejects.toThrow(MSG.auth.otpWrong);
    const res = await t
      .caller()
      .auth.resetPin({ email: u.email!, code, newPin: '5937', confirmPin: '5937' });
    expect(res).toMatchObject({ success: true, message: MSG.auth.resetDone, user: { id: u.id } });
    await expect(
      t.caller().auth.resetPin({ email: u.email!, code, newPin: '6048', confirmPin: '6048' }),
    ).rejects.toThrow(MSG.auth.otpWrong);
  });

  it('requestPinReset sends the code by SMS when Twilio is live', async () => {
    await setSms(true);
    const u = await createUser(t.deps);
    const asked = await rest(t.app, 'POST', '/auth/request-pin-reset', { email: u.email });
    expect(asked.body).toMatchObject({
      success: true,
      channel: 'sms',
      destination: `+33${'*'.repeat(u.phone.length - 5)}${u.phone.slice(-2)}`,
    });
    const code = /\d{6}/.exec(twilio.messages.at(-1)!.body)![0];
    expect(twilio.messages.at(-1)!.to).toBe(u.phone);
    const res = await t
      .caller()
      .auth.resetPin({ email: u.email!, code, newPin: '5937', confirmPin: '5937' });
    expect(res.success).toBe(true);
  });

  it('sends a reset code at once to a player who registered minutes ago (the used code does not hold it back)', async () => {
    const id = freshIdentity();
    await t.caller().auth.sendOtpEmail({ email: id.email });
    await t.caller().auth.verifyOtpEmail({ email: id.email, code: await smtp.codeFor(id.email) });
    await t.caller().auth.register({
      name: 'Pressé',
      email: id.email,
      phone: id.national,
      pin: '7391',
      confirmPin: '7391',
    });
    t.clock.advance(MINUTE);
    smtp.clear();
    expect(await t.caller().auth.requestPinReset({ email: id.email })).toMatchObject({
      success: true,
      channel: 'email',
    });
    const res = await t.caller().auth.resetPin({
      email: id.email,
      code: await smtp.codeFor(id.email),
      newPin: '5937',
      confirmPin: '5937',
    });
    expect(res.success).toBe(true);
    await expect(t.caller().auth.requestPinReset({ email: id.email })).resolves.toMatchObject({
      success: true,
    });
    await expect(t.caller().auth.requestPinReset({ email: id.email })).rejects.toThrow(
      MSG.auth.otpResendWait(300),
    );
  });

  it('requestPinReset answers the spec message for an unknown e-mail', async () => {
    await expect(t.caller().auth.requestPinReset({ email: 'personne@example.fr' })).rejects.toThrow(
      MSG.auth.unknownEmail,
    );
  });
});
