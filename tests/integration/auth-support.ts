/** Helpers shared by the accounts tests (HTTP calls live in tests/support/http.ts). */
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';

/** A test app and one registered player. */
export async function startAppWithUser(): Promise<{ t: TestContext; u: TestUser }> {
  const t = await createTestContext();
  return { t, u: await createUser(t.deps) };
}

/** A test app whose mail goes to a local SMTP server; `close` stops both. */
export async function startAppWithSmtp(): Promise<{
  t: TestContext;
  smtp: SmtpTestServer;
  close: () => Promise<void>;
}> {
  const smtp = await startSmtpServer();
  const t = await createTestContext({ env: { SMTP_URL: smtp.url } });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

let n = 0;
/** A fresh e-mail and French mobile number for each registration, so tests never collide. */
export function freshIdentity(prefix = 'joueur') {
  n += 1;
  const stamp = `${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`;
  return { email: `${prefix}.${stamp}@example.fr`, national: `06${stamp}`, phone: `+336${stamp}` };
}
