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

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, mixin: requestIdMixin, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
