import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Db } from '../../db/client';
import { readSmsConfig } from '../../db/config-rows';
import { ChannelNotConfigured } from '../lib/delivery';
import type { Logger } from '../lib/logger';
import type { Secrets } from '../lib/secrets';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  phoneNumber: string;
}

export interface SmsSender {
  /** Sends through Twilio when the admin's config is live, else writes the text to the log (never in production). */
  send(to: string, body: string): Promise<void>;
  /** Asks Twilio whether these credentials open the account (the admin's "test" button). */
  verify(credentials: TwilioCredentials): Promise<void>;
  /** Whether `send` has somewhere to send now (a live Twilio config, or the log outside production). */
  canSend(): Promise<boolean>;
}

interface SmsOptions {
  db: Db;
  secrets: Secrets;
  logger: Logger;
  /** Base URL of a stand-in of Twilio's API (tests); absent in production. */
  twilioBaseUrl?: string;
  isProduction: boolean;
}

/**
 * The twilio package weighs about 25 MB once loaded; it is imported on the first SMS, not at start.
 */
const loadTwilio = async () => (await import('twilio')).default;

/** Sends the twilio package's real requests to another host, keeping path, method and body. */
async function redirectingClient(baseUrl: string) {
  const twilio = await loadTwilio();
  class Redirecting extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const url = new URL(opts.uri);
      return super.request<TData>({ ...opts, uri: `${baseUrl}${url.pathname}${url.search}` });
    }
  }
  return new Redirecting();
}

export function createSmsSender(o: SmsOptions): SmsSender {
  const clientFor = async (c: TwilioCredentials): Promise<Twilio> =>
    (await loadTwilio())(
      c.accountSid,
      c.authToken,
      o.twilioBaseUrl ? { httpClient: await redirectingClient(o.twilioBaseUrl) } : {},
    );

  return {
    async canSend() {
      if (!o.isProduction) return true;
      return (await readSmsConfig(o.db))?.isLive ?? false;
    },
    async send(to, body) {
      const row = await readSmsConfig(o.db);
      if (!row?.isLive) {
        if (o.isProduction) throw new ChannelNotConfigured('sms');
        o.logger.warn({ to, body }, 'SMS not sent (Twilio not live): printed here');
        return;
      }
      const creds = {
        accountSid: row.accountSid,
        authToken: o.secrets.decrypt(row.authTokenEnc),
        phoneNumber: row.phoneNumber,
      };
      await (await clientFor(creds)).messages.create({ to, from: creds.phoneNumber, body });
    },
    async verify(creds) {
      await (await clientFor(creds)).api.v2010.accounts(creds.accountSid).fetch();
    },
  };
}
