import type { Db } from '../db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { Metrics } from './lib/metrics';
import type { Secrets } from './lib/secrets';
import type { HostResolver } from './lib/ssrf';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push/push';
import type { SmsSender } from './sms/sms';

/**
 * Everything a service may touch. Built once in `server/index.ts` (or by a test), handed to
 * `buildApp`, and passed to every service as its first argument, so tests can swap any part.
 */
export interface Deps {
  db: Db;
  env: Env;
  clock: Clock;
  secrets: Secrets;
  mailer: Mailer;
  sms: SmsSender;
  push: PushSender;
  logger: Logger;
  metrics: Metrics;
  /** How webhook hosts are resolved (the system's DNS when unset; tests play DNS rebinding). */
  resolveHost?: HostResolver;
}
