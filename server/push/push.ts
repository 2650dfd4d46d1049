import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Env } from '../env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the browser hands over in `PushSubscription.toJSON()`, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** JSON `{ title, body, url }`, encrypted for the device (RFC 8291 aes128gcm). */
  payload: string;
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency: 'normal' | 'high';
}

export interface PushSender {
  /** Whether VAPID keys are in place; when not, push rows wait and the public key is not offered. */
  readonly enabled: boolean;
  /** The VAPID public key (base64url) browsers subscribe with, or null when push is off. */
  readonly publicKey: string | null;
  /** Sends one message; throws `PushSubscriptionGone` on 404/410, another error to retry. */
  send(target: PushTarget, message: PushMessage): Promise<void>;
}

/** The push service says the subscription no longer exists (404 or 410): delete it, never retry. */
export class PushSubscriptionGone extends Error {
  override readonly name = 'PushSubscriptionGone';
  constructor(readonly statusCode: number) {
    super(`push subscription gone (${statusCode})`);
  }
}

const ZStoredKeys = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The VAPID key pair outside production when none is configured: generated on first start and
 * kept in DATA_DIR (as the APP_SECRET is), so subscriptions made with it stay valid after a
 * restart. Written to a temporary file and renamed, so instances starting together on one
 * DATA_DIR all read a whole pair (the last rename wins, once).
 */
function storedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return ZStoredKeys.parse(JSON.parse(readFileSync(file, 'utf8')));
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
  if (existsSync(file)) return ZStoredKeys.parse(JSON.parse(readFileSync(file, 'utf8')));
  renameSync(tmp, file);
  return ZStoredKeys.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The VAPID identity: the configured keys; outside production, keys generated once in DATA_DIR.
 * In production push stays off until the keys and the subject are set, with one log line saying
 * so: a missing optional channel must not stop the app.
 */
export function resolveVapidKeys(
  env: Pick<
    Env,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'NODE_ENV'
    | 'DATA_DIR'
    | 'PUBLIC_URL'
    | 'MAIL_FROM'
  >,
  logger: { warn: (details: object, message: string) => void },
): VapidKeys | null {
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT)) {
    const missing = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter(
      (k) => !env[k],
    );
    logger.warn(
      { missing },
      `Web Push is off: set ${missing.join(', ')} to turn it on (keys from \`npx web-push generate-vapid-keys\`)`,
    );
    return null;
  }
  const pair =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : storedVapidKeys(env.DATA_DIR);
  const sender = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const subject =
    env.VAPID_SUBJECT ??
    (env.PUBLIC_URL?.startsWith('https:') ? env.PUBLIC_URL : `mailto:${sender}`);
  return { ...pair, subject };
}

export interface PushSenderOptions {
  keys: VapidKeys | null;
  /**
   * An https agent for the push service requests. Tests running the app inside the test process
   * pass one trusting their stand-in's certificate (NODE_EXTRA_CA_CERTS is read only when a
   * process starts); a real server relies on the system's and NODE_EXTRA_CA_CERTS's roots.
   */
  agent?: Agent;
}

/** Web Push through the `web-push` package: aes128gcm payloads, VAPID-signed requests. */
export function createPushSender(o: PushSenderOptions): PushSender {
  const keys = o.keys;
  return {
    enabled: keys !== null,
    publicKey: keys?.publicKey ?? null,
    async send(target, message) {
      if (!keys) throw new Error('push is off: no VAPID keys');
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          message.payload,
          {
            vapidDetails: keys,
            contentEncoding: 'aes128gcm',
            TTL: message.ttl,
            urgency: message.urgency,
            timeout: 10_000,
            ...(o.agent ? { agent: o.agent } : {}),
          },
        );
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410)
            throw new PushSubscriptionGone(err.statusCode);
          throw new Error(`push service answered ${err.statusCode}: ${err.body.slice(0, 200)}`, {
            cause: err,
          });
        }
        throw err;
      }
    },
  };
}
