// One server serves every Playwright worker, so its SMTP sink (the real `smtp-server` of
// tests/support/smtp.ts) lives in the runner with the server; workers read the received mails, and
// the server's log for a failed test, over a small HTTP endpoint next to it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpServer, type ReceivedMail } from './smtp';

/** Runner side: the SMTP sink and the endpoint that shows its mails and `serverLog()`. */
export async function startMailbox(serverLog: () => string) {
  const smtp = await startSmtpServer();
  const http = createServer((req, res) => {
    const body =
      req.url === '/mails'
        ? JSON.stringify(smtp.mails)
        : req.url === '/server-log'
          ? serverLog()
          : undefined;
    res.writeHead(body === undefined ? 404 : 200, {
      'content-type': req.url === '/mails' ? 'application/json' : 'text/plain',
    });
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtp,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** Worker side: the mails received so far, and the OTP code of the latest one to an address. */
export function mailboxClient(url: string) {
  async function mails(): Promise<ReceivedMail[]> {
    const res = await fetch(`${url}/mails`);
    if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
    return (await res.json()) as ReceivedMail[];
  }

  /** The 6-digit code in the latest mail to `to` (waits up to `timeoutMs` for one to arrive). */
  async function codeFor(to: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = (await mails())
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
      if (mail) throw new Error(`no 6-digit code in the mail to ${to}`);
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const serverLog = async () => (await fetch(`${url}/server-log`)).text();
  return { mails, codeFor, serverLog };
}
export type Mailbox = ReturnType<typeof mailboxClient>;
