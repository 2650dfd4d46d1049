import type { Agent } from 'node:https';
import type { Db } from '../db/client';
import type { Deps } from './deps';
import type { Env } from './env';
import { systemClock, type Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { createSecrets, resolveAppSecret } from './lib/secrets';
import { createMailer } from './mail/mailer';
import { oldestPendingSeconds, outboxBacklog } from './services/notifications/worker';
import { createPushSender, resolveVapidKeys } from './push/push';
import { createSmsSender } from './sms/sms';

export interface DepsOptions {
  env: Env;
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** Tests point the twilio package at a local stand-in of Twilio's API. */
  twilioBaseUrl?: string;
  /** Tests running the app in-process trust their push-service stand-in through this agent. */
  pushAgent?: Agent;
}

/** Wires the real parts together; tests pass their own clock, logger or Twilio base URL. */
export function createDeps({
  env,
  db,
  logger,
  clock = systemClock,
  twilioBaseUrl,
  pushAgent,
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
  const push = createPushSender({ keys: resolveVapidKeys(env, logger), agent: pushAgent });
  const metrics = createMetrics(db, env);
  metrics.outboxBacklog.source = () => outboxBacklog(db, clock.now());
  metrics.outboxOldest.source = () => oldestPendingSeconds(db, clock.now());
  return { db, env, clock, secrets, mailer, sms, push, logger, metrics };
}
