/**
 * The contract tests' world: the real server (`server/index.ts`) as a child process with a fresh
 * database, a real SMTP server receiving its mails, and a fetch client that checks every answer
 * against the server's own OpenAPI description. Test support only; no server code.
 */
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../../support/smtp';
import { createClient, type ContractClient, type OpenApiDoc } from './client';

export interface Person {
  name: string;
  email: string;
  /** National number as a French player types it; the server stores +33… */
  phone: string;
  pin: string;
  deviceId: string;
  id: number;
  token: string;
}

export interface SessionAnswer {
  success: boolean;
  message: string;
  token: string;
  user: {
    id: number;
    name: string;
    email: string | null;
    phone: string;
    level: string | null;
    is_admin: boolean;
    photo: string | null;
    created_at: string;
  };
}

export interface World {
  server: ServerProcess;
  smtp: SmtpTestServer;
  api: ContractClient;
  doc: OpenApiDoc;
  stop: () => Promise<void>;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const smtp = await startSmtpServer();
  let server: ServerProcess;
  try {
    server = await startServerProcess({ env: { SMTP_URL: smtp.url, ...env } });
  } catch (e) {
    await smtp.close();
    throw e;
  }
  const api = createClient(server.url);
  const described = await api.call<OpenApiDoc>('GET', '/api/openapi.json');
  if (described.status !== 200)
    throw new Error(`GET /api/openapi.json answered ${described.status}`);
  api.useDescription(described.body);
  return {
    server,
    smtp,
    api,
    doc: described.body,
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}

/** The code in the latest SMS the server printed to its log for `phone` (Twilio not live); waits for the line. */
export async function smsCodeFor(
  server: ServerProcess,
  phone: string,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { to?: string; body?: string })
      .filter((l) => typeof l.body === 'string' && l.to === phone);
    const code = /\b(\d{6})\b/.exec(lines.at(-1)?.body ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline)
      throw new Error(
        `no SMS code for ${phone} in the server log:\n${server.output().slice(-2000)}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A player as a third party creates one: e-mail code, verification, registration (spec section 7). */
export async function register(
  w: World,
  p: Omit<Person, 'id' | 'token'>,
): Promise<Person & { answer: SessionAnswer }> {
  const sent = await w.api.call('POST', '/api/auth/send-otp-email', { body: { email: p.email } });
  if (sent.status !== 200) throw new Error(`send-otp-email: ${sent.status} ${sent.text}`);
  const code = await w.smtp.codeFor(p.email);
  const verified = await w.api.call('POST', '/api/auth/verify-otp-email', {
    body: { email: p.email, code },
  });
  if (verified.status !== 200)
    throw new Error(`verify-otp-email: ${verified.status} ${verified.text}`);
  const res = await w.api.call<SessionAnswer>('POST', '/api/auth/register', {
    body: { name: p.name, email: p.email, phone: p.phone, pin: p.pin },
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`register: ${res.status} ${res.text}`);
  return { ...p, id: res.body.user.id, token: res.body.token, answer: res.body };
}

/** Today in the app's time zone (Europe/Paris), plus `days`, as YYYY-MM-DD. */
export function parisDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A real 1×1 PNG, as the profile form sends it (data URL). */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A PNG-signed payload of `bytes` bytes in base64 (a data URL), to probe the size limits. */
export function pngOfSize(bytes: number): string {
  const head = Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64');
  const data = Buffer.alloc(bytes, 7);
  head.copy(data);
  return `data:image/png;base64,${data.toString('base64')}`;
}
