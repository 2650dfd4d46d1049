import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { requestIdMixin } from './request-id';

export type Logger = FastifyBaseLogger;

/** Fields that must never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'pin',
  'newPin',
  'currentPin',
  'password',
  'authToken',
  'token',
  '*.pin',
  '*.newPin',
  '*.currentPin',
  '*.password',
  '*.authToken',
  '*.auth_token',
  '*.token',
];

const REDACTED = '[redacted]';
/** An e-mail address or a phone number (9+ digits, separators allowed), once percent-decoded. */
const PERSONAL = /@|(?:\d[\s.()/+-]*){9,}/;

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
};

/**
 * A request URL fit for the log: tRPC GET calls carry their whole input in `?input=` (phones,
 * e-mails), so it is always dropped; any other query value that holds an e-mail or a phone is too.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return key === 'input' || PERSONAL.test(decoded(value)) || PERSONAL.test(decoded(key))
        ? `${key}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      mixin: requestIdMixin,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      // Replaces Fastify's request serializer (it takes the logger's own) so URLs are redacted.
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
