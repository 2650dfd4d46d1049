/** The per-address limit of authentication calls counts each call of a tRPC batch, not each HTTP request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { authCallCount } from '../../server/lib/rate-limit';
import { createTestContext, type TestContext } from '../support/app';
import { createUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { freshIdentity } from './auth-support';

let t: TestContext;
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '10' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipSeq = 0;
const newIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** One HTTP request carrying `emails.length` calls of auth.sendOtpEmail. */
const otpBatch = (emails: string[], remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${emails.map(() => 'auth.sendOtpEmail').join(',')}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(Object.fromEntries(emails.map((email, i) => [String(i), { email }]))),
    remoteAddress,
  });

const mailsTo = (emails: string[]) =>
  smtp.mails.filter((m) => m.to.some((to) => emails.includes(to))).length;

describe('AUTH_RATE_LIMIT=10 and tRPC batches', () => {
  it('one request with 20 auth.sendOtpEmail calls is refused in French and sends no mail', async () => {
    const emails = Array.from({ length: 20 }, () => freshIdentity('lot').email);
    const res = await otpBatch(emails, newIp());
    expect(res.statusCode).toBe(429);
    expect(JSON.stringify(res.json())).toContain(MSG.auth.tooManyRequests);
    expect(res.headers['retry-after']).toBeDefined();
    // A code is sent before its call answers, so any mail of this batch is in the sink by now.
    const sent = mailsTo(emails);
    console.log(`mails sent by one 20-call batch under a limit of 10/min: ${sent}`);
    expect(sent).toBe(0);
  });

  it('counts every call: a batch of 5 passes, a batch of 6 after it from the same address is refused (11 > 10)', async () => {
    const ip = newIp();
    const first = Array.from({ length: 5 }, () => freshIdentity('lot').email);
    const res = await otpBatch(first, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json<unknown[]>()).toHaveLength(5);
    for (const e of first) await smtp.waitForMail(e);
    const second = Array.from({ length: 6 }, () => freshIdentity('lot').email);
    expect((await otpBatch(second, ip)).statusCode).toBe(429);
    expect(mailsTo(second)).toBe(0);
    // The address has used its minute, whatever the door.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp-email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: freshIdentity().email }),
      remoteAddress: ip,
    });
    expect(single.statusCode).toBe(429);
    expect(single.json()).toMatchObject({ error: MSG.auth.tooManyRequests });
  });

  it("still serves the client's own batch of auth.me and auth.checkDevice, and other procedures in a batch cost nothing", async () => {
    const u = await createUser(t.deps);
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.checkDevice,auth.checkDevice?batch=1',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        payload: JSON.stringify({ 0: { deviceId: 'a' }, 1: { deviceId: 'b' } }),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await t.app.inject({
      method: 'GET',
      url: '/trpc/auth.me,levels.list?batch=1&input={}',
      remoteAddress: ip,
    });
    expect(sixth.statusCode).toBe(429);
    const others = await t.app.inject({
      method: 'GET',
      url: '/trpc/levels.list,settings.get?batch=1&input={}',
      remoteAddress: ip,
    });
    expect(others.statusCode).toBe(200);
  });

  it('reads the number of auth calls from the path (REST 1, tRPC each auth.* procedure, encoded or not)', () => {
    expect(authCallCount('/api/auth/login')).toBe(1);
    expect(authCallCount('/api/matches')).toBe(0);
    expect(authCallCount('/trpc/auth.login,matches.list,auth.me?batch=1')).toBe(2);
    expect(authCallCount('/trpc/auth.login%2Cauth.me?batch=1')).toBe(2);
    expect(authCallCount('/trpc/%E0%A4%A')).toBe(0);
  });
});
