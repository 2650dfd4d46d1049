import type { Transporter } from 'nodemailer';
import { DEFAULT_MAIL_FROM_NAME } from '../../common/limits';
import type { Db } from '../../db/client';
import { readSmtpConfig } from '../../db/config-rows';
import { ChannelNotConfigured } from '../lib/delivery';
import type { Secrets } from '../lib/secrets';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  /** The admin's opt-out of certificate verification; verified otherwise. */
  skipCertVerify?: boolean;
  fromEmail?: string | null;
  fromName?: string | null;
}

export interface Mailer {
  /** Sends through the admin's active SMTP config, else SMTP_URL, else (outside production) the log. */
  send(message: MailMessage): Promise<void>;
  /** Sends through the given settings, whatever is active: the admin's "test" button. */
  sendWith(settings: SmtpSettings, message: MailMessage): Promise<void>;
  /** Whether `send` has somewhere to send now (an active SMTP config, SMTP_URL, or the log outside production). */
  canSend(): Promise<boolean>;
  /** Closes the pooled SMTP connections (at shutdown). */
  close(): void;
}

interface MailerOptions {
  db: Db;
  secrets: Secrets;
  logger: Logger;
  smtpUrl?: string;
  defaultFrom: string;
  isProduction: boolean;
  /** SMTP connections kept open per relay for `send` (the outbox worker's concurrency). */
  maxConnections?: number;
}

/**
 * A mail is sent while a player waits (an OTP code): a relay that accepts the connection and then
 * says nothing must fail the request in seconds, not nodemailer's 30 s to 10 min defaults.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
  dnsTimeout: 5_000,
} as const;

/** nodemailer (about 15 MB loaded) is imported on the first mail, not at start. */
const loadNodemailer = async () => (await import('nodemailer')).default;

const smtpOptions = (s: SmtpSettings) => ({
  host: s.host,
  port: s.port,
  secure: s.secure,
  auth: s.username ? { user: s.username, pass: s.password } : undefined,
  tls: { rejectUnauthorized: !s.skipCertVerify },
  ...SMTP_TIMEOUTS,
});

async function transportFor(s: SmtpSettings): Promise<Transporter> {
  return (await loadNodemailer()).createTransport(smtpOptions(s));
}

export function createMailer(o: MailerOptions): Mailer {
  /**
   * The admin's sender: their address (else MAIL_FROM's) under their name, else "Padel Match", so a
   * mail never arrives as a bare address. An object, so nodemailer quotes and encodes the name.
   */
  const fromOf = (s: Pick<SmtpSettings, 'fromEmail' | 'fromName'>) => ({
    name: s.fromName || DEFAULT_MAIL_FROM_NAME,
    address: s.fromEmail || (/<([^<>]+)>\s*$/.exec(o.defaultFrom)?.[1] ?? o.defaultFrom).trim(),
  });

  async function activeSettings(): Promise<SmtpSettings | null> {
    const row = await readSmtpConfig(o.db);
    if (!row?.isActive) return null;
    return { ...row, password: o.secrets.decrypt(row.passwordEnc) };
  }

  async function sendWith(settings: SmtpSettings, m: MailMessage) {
    const transport = await transportFor(settings);
    try {
      await transport.sendMail({ from: fromOf(settings), ...m });
    } finally {
      transport.close();
    }
  }

  /**
   * One pooled transport for the relay `send` uses, kept while its settings stay the same: a new
   * connection (and TLS handshake, and login) per mail caps a relay at a few dozen mails a second.
   * Settings changed by the admin get a new pool; the old one closes once its mails are out.
   */
  let pooled: { key: string; transport: Promise<Transporter> } | undefined;
  function pooledTransport(key: string, options: object): Promise<Transporter> {
    if (pooled?.key !== key) {
      const previous = pooled?.transport;
      void previous?.then((t) => t.close());
      pooled = {
        key,
        transport: loadNodemailer().then((n) =>
          n.createTransport({ ...options, pool: true, maxConnections: o.maxConnections ?? 5 }),
        ),
      };
    }
    return pooled.transport;
  }

  return {
    sendWith,
    async canSend() {
      if (o.smtpUrl || !o.isProduction) return true;
      return (await readSmtpConfig(o.db))?.isActive ?? false;
    },
    async send(m) {
      const settings = await activeSettings();
      if (settings) {
        const transport = await pooledTransport(
          JSON.stringify(smtpOptions(settings)),
          smtpOptions(settings),
        );
        await transport.sendMail({ from: fromOf(settings), ...m });
        return;
      }
      if (o.smtpUrl) {
        const transport = await pooledTransport(o.smtpUrl, { url: o.smtpUrl, ...SMTP_TIMEOUTS });
        await transport.sendMail({ from: o.defaultFrom, ...m });
        return;
      }
      if (o.isProduction) throw new ChannelNotConfigured('email');
      o.logger.warn(
        { to: m.to, subject: m.subject, text: m.text },
        'mail not sent (no SMTP configured): printed here',
      );
    },
    close() {
      void pooled?.transport.then((t) => t.close());
      pooled = undefined;
    },
  };
}
