import type { Transporter } from 'nodemailer';
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
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  fromEmail?: string | null;
  fromName?: string | null;
}

export interface Mailer {
  /** Sends through the admin's active SMTP config, else SMTP_URL, else (outside production) the log. */
  send(message: MailMessage): Promise<void>;
  /** Sends through the given settings, whatever is active: the admin's "test" button. */
  sendWith(settings: SmtpSettings, message: MailMessage): Promise<void>;
}

interface MailerOptions {
  db: Db;
  secrets: Secrets;
  logger: Logger;
  smtpUrl?: string;
  defaultFrom: string;
  isProduction: boolean;
}

/** nodemailer (about 15 MB loaded) is imported on the first mail, not at start. */
const loadNodemailer = async () => (await import('nodemailer')).default;

async function transportFor(s: SmtpSettings): Promise<Transporter> {
  return (await loadNodemailer()).createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: s.username ? { user: s.username, pass: s.password } : undefined,
    // Local and self-hosted relays often use self-signed certificates; the admin chose this host.
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

export function createMailer(o: MailerOptions): Mailer {
  const fromOf = (s?: Pick<SmtpSettings, 'fromEmail' | 'fromName'>) =>
    s?.fromEmail ? (s.fromName ? `${s.fromName} <${s.fromEmail}>` : s.fromEmail) : o.defaultFrom;

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

  return {
    sendWith,
    async send(m) {
      const settings = await activeSettings();
      if (settings) return sendWith(settings, m);
      if (o.smtpUrl) {
        const transport = (await loadNodemailer()).createTransport(o.smtpUrl);
        try {
          await transport.sendMail({ from: o.defaultFrom, ...m });
        } finally {
          transport.close();
        }
        return;
      }
      if (o.isProduction) throw new ChannelNotConfigured('email');
      o.logger.warn({ to: m.to, subject: m.subject, text: m.text }, 'mail not sent (no SMTP configured): printed here');
    },
  };
}
