import type { Db } from '../db/client';
import type { Deps } from './deps';
import type { Env } from './env';
import { systemClock, type Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { createSecrets, resolveAppSecret } from './lib/secrets';
import { createMailer } from './mail/mailer';
import { oldestPendingSeconds, outboxBacklog } from './services/notifications/worker';
import { createSmsSender } from './sms/sms';

export interface DepsOptions {
  env: Env;
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** Tests point the twilio package at a local stand-in of Twilio's API. */
  twilioBaseUrl?: string;
}

/** Wires the real parts together; tests pass their own clock, logger or Twilio base URL. */
export function createDeps({
  env,
  db,
  logger,
  clock = systemClock,
  twilioBaseUrl,
}: DepsOptions): Deps {
  const secrets = createSecrets(resolveAppSecret(env.APP_SECRET, env.DATA_DIR));
  const mailer = createMailer({
    db,
    secrets,
    logger,
    smtpUrl: env.SMTP_URL,
    defaultFrom: env.MAIL_FROM,
    isProduction: env.NODE_ENV === 'production',
    maxConnections: env.OUTBOX_CONCURRENCY,
  });
  const sms = createSmsSender({
    db,
    secrets,
    logger,
    twilioBaseUrl,
    isProduction: env.NODE_ENV === 'production',
  });
  const metrics = createMetrics(db, env);
  metrics.outboxBacklog.source = () => outboxBacklog(db, clock.now());
  metrics.outboxOldest.source = () => oldestPendingSeconds(db, clock.now());
  return { db, env, clock, secrets, mailer, sms, logger, metrics };
}
