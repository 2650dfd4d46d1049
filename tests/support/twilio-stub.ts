import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** The Basic auth user:password the twilio package sent. */
  auth: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

/**
 * A local stand-in of the two Twilio REST endpoints the app uses, reached by the real `twilio`
 * package: `GET /2010-04-01/Accounts/{sid}.json` (credential check) and
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` (send). Credentials are valid only when they
 * match `validSid`/`validToken`, as Twilio answers 401 otherwise.
 */
export async function startTwilioStub(
  validSid = 'AC' + '0'.repeat(32),
  validToken = 'valid-token-123',
) {
  const messages: SentSms[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const auth = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [user, pass] = auth.split(':');
      const url = new URL(req.url ?? '/', 'http://stub');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (user !== validSid || pass !== validToken) {
        return json(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      const account = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(url.pathname);
      if (req.method === 'GET' && account) {
        return json(200, {
          sid: account[1],
          friendly_name: 'Padel Match',
          status: 'active',
          type: 'Full',
        });
      }
      const send = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (req.method === 'POST' && send) {
        const form = new URLSearchParams(await readBody(req));
        const sms = {
          accountSid: send[1] ?? '',
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          auth,
        };
        messages.push(sms);
        return json(201, {
          sid: `SM${messages.length.toString().padStart(32, '0')}`,
          status: 'queued',
          to: sms.to,
          from: sms.from,
          body: sms.body,
        });
      }
      json(404, { code: 20404, message: 'Not found', status: 404 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    validSid,
    validToken,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TwilioStub = Awaited<ReturnType<typeof startTwilioStub>>;
