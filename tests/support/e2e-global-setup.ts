import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, registerPlayer } from './e2e-app';
import { browserStatus, ensureBuilt } from './e2e-browser';
import { startMailbox } from './e2e-mailbox';
import { ROOT, startServerProcess, type ServerProcess } from './server-process';

/**
 * Once per `playwright test` run, in the runner: without Chromium the journeys are skipped with a
 * printed reason, unless E2E_REQUIRED is set (CI), where the missing browser fails the run. Else
 * builds what is stale in dist/ and starts what every worker uses: the built server (`npm start`)
 * on a free port with a scratch database, its SMTP sink, and the admin (ADMIN_EMAILS). Workers find
 * them through E2E_* environment variables. One server, not one per worker: a start migrates a
 * fresh database, which takes half a minute on PGlite on a busy machine.
 */
export default async function globalSetup() {
  const status = browserStatus();
  if (!status.available) {
    if (status.required) throw new Error(`E2E_REQUIRED is set but ${status.reason}`);
    console.warn(`[e2e] skipped: ${status.reason}`);
    return;
  }
  const t0 = Date.now();
  ensureBuilt();
  let server: ServerProcess | undefined;
  const mailbox = await startMailbox(() => server?.output() ?? '');
  try {
    server = await startServerProcess({
      appDir: ROOT,
      env: { SMTP_URL: mailbox.smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '100000' },
      startTimeoutMs: 180_000,
    });
  } catch (e) {
    await mailbox.close();
    throw e;
  }
  const { api: _api, ...admin } = await registerPlayer(server.url, mailbox.smtp, {
    name: 'Admin E2E',
    email: ADMIN_EMAIL,
    phone: '0611223344',
    pin: '1357',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAILBOX_URL = mailbox.url;
  process.env.E2E_ADMIN = JSON.stringify(admin);
  console.log(
    `[e2e] server ${server.url} (${server.database}), SMTP ${mailbox.smtp.url} — ready in ${Date.now() - t0} ms`,
  );

  return async () => {
    const dir = join(ROOT, 'test-artifacts', 'e2e');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'server.log'), server?.output() ?? '');
    await server?.stop();
    await mailbox.close();
  };
}
