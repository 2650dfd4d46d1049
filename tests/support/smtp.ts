import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The decoded text part, enough to read an OTP code or a test mail. */
  text: string;
}

/** Undoes quoted-printable soft breaks and escapes so codes and French text read plainly. */
function decodeBody(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}

/**
 * A real SMTP server in the test process (the `smtp-server` package); nodemailer talks to it as to
 * any relay. Accepts any login, so the app's username/password path is exercised too. `port`
 * brings a relay back where an earlier one stopped (default: any free port); `delayMs` makes a slow
 * relay that accepts each message that long after receiving it.
 */
export async function startSmtpServer(
  o: { port?: number; secure?: boolean; delayMs?: number } = {},
) {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const logins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    // `secure`: implicit TLS with smtp-server's bundled self-signed certificate.
    secure: o.secure ?? false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app keeps pooled connections open: closing ends them soon, as a relay going down would.
    closeTimeout: 200,
    onAuth(auth, _session, cb) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (o.delayMs ? void setTimeout(accept, o.delayMs) : accept()));
      const accept = () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeBody(raw),
        });
        waiters.splice(0).forEach((w) => w());
        cb();
      };
    },
  });
  // A client that drops the connection (e.g. refusing the certificate) is what some tests check.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The latest mail to `to` (waits up to `timeoutMs` for one to arrive). */
  async function waitForMail(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...mails]
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The 6-digit code in the latest mail to `to`. */
  async function codeFor(to: string): Promise<string> {
    const mail = await waitForMail(to);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no 6-digit code in the mail to ${to}`);
    return code;
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    logins,
    waitForMail,
    codeFor,
    clear: () => void mails.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');

/** A header of a received mail (folded lines joined), or undefined. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = unfold(mail.raw.split(/\r?\n\r?\n/)[0] ?? '');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim();
}

/** The decoded body of the first MIME part of `contentType` (e.g. an attached `text/calendar`), or undefined. */
export function mailPart(
  mail: ReceivedMail,
  contentType: string,
): { headers: string; body: string } | undefined {
  for (const part of mail.raw.split(/\r?\n--[^\r\n]*\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const headers = unfold(head);
    if (!new RegExp(`^content-type:\\s*${contentType.replace('/', '\\/')}`, 'im').test(headers))
      continue;
    const raw = rest.join('\r\n\r\n');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(raw.replace(/\s/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeBody(`\r\n\r\n${raw}`)
          : raw;
    return { headers, body };
  }
  return undefined;
}
