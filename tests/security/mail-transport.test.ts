import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { SMTP_TIMEOUTS } from '../../server/mail/mailer';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => sockets.size,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Well under nodemailer's own 30 s greeting timeout, with room for a loaded CI host. */
const FAST_MS = SMTP_TIMEOUTS.greetingTimeout + 3_000;

let silent: Awaited<ReturnType<typeof startSilentServer>>;
let tls: SmtpTestServer;
let t: TestContext;
let admin: TestUser;

beforeAll(async () => {
  silent = await startSilentServer();
  tls = await startSmtpServer({ secure: true });
  t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${silent.port}` } });
  admin = await createAdmin(t.deps);
});
afterAll(async () => {
  await t.close();
  await silent.close();
  await tls.close();
});

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

describe('a mail relay that accepts and says nothing', () => {
  it('fails an OTP e-mail fast with the French error (SMTP_URL fallback)', async () => {
    const { result: res, ms } = await timed(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-otp-email',
        payload: { email: 'lea@example.fr' },
      }),
    );
    expect(res.json<{ error: string }>().error).toBe(MSG.auth.otpSendFailed);
    expect(ms).toBeLessThan(FAST_MS);
    expect(ms).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
  });

  it('fails the admin’s test mail fast with the French error (admin configuration)', async () => {
    const form = {
      host: '127.0.0.1',
      port: silent.port,
      secure: false,
      username: 'u',
      password: 'p',
      is_active: false,
    };
    expect((await restAs(t, admin, 'POST', '/admin/smtp-config', form)).status).toBe(200);
    const { result: res, ms } = await timed(() =>
      restAs(t, admin, 'POST', '/admin/smtp-test', { email: 'test@example.fr' }),
    );
    expect(res.status).toBe(400);
    // The French failure, with the server's reason kept for the admin.
    expect((res.body as { error: string }).error).toMatch(
      new RegExp(`^${MSG.admin.smtpTestFailed} : .*délai dépassé`),
    );
    expect(ms).toBeLessThan(FAST_MS);
  });
});

describe('SMTP certificates', () => {
  const form = {
    host: '127.0.0.1',
    port: 0,
    secure: true,
    username: 'relay',
    password: 'secret-pass',
    is_active: false,
  };

  it('are verified by default: a self-signed relay is refused', async () => {
    expect(
      (await restAs(t, admin, 'POST', '/admin/smtp-config', { ...form, port: tls.port })).status,
    ).toBe(200);
    expect((await restAs(t, admin, 'GET', '/admin/smtp-config')).body).toMatchObject({
      skip_cert_verify: false,
    });
    const res = await restAs(t, admin, 'POST', '/admin/smtp-test', { email: 'cert@example.fr' });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.admin.smtpTestFailed } });
    expect(tls.mails).toHaveLength(0);
  });

  it('an admin may opt out per configuration ("Ne pas vérifier le certificat"), recorded in the audit', async () => {
    await t.caller(admin).admin.smtp.save({ ...form, port: tls.port, skip_cert_verify: true });
    expect(await t.caller(admin).admin.smtp.get()).toMatchObject({ skip_cert_verify: true });
    const res = await restAs(t, admin, 'POST', '/admin/smtp-test', { email: 'cert@example.fr' });
    expect(res).toMatchObject({ status: 200, body: { message: MSG.admin.smtpTestSent } });
    expect((await tls.waitForMail('cert@example.fr')).text).toContain(
      'La configuration SMTP fonctionne.',
    );
    const [entry] = await t.caller(admin).admin.audit.list({ limit: 1 });
    expect(entry).toMatchObject({ entity: 'smtp', details: { skip_cert_verify: true } });
  });
});
