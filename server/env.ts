import { isIP } from 'node:net';
import { z } from 'zod';

/** An IPv4/IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For: off (default), a hop count, or their addresses/CIDRs
 * (comma-separated). "Trust every hop" (`true`) would let a client forge its own address and
 * escape every per-IP limit, so it is refused.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === 'false' || lower === 'off' || v === '0') return false;
    if (lower === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop (a client could forge its address); give a hop count (e.g. 1) or the proxy addresses/CIDRs',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.find((e) => !isAddressOrCidr(e));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `not a hop count nor an IP address/CIDR: "${bad}"` });
      return z.NEVER;
    }
    return entries;
  });

/** Whether `v` is unpadded base64url decoding to exactly `bytes` bytes. */
function isBase64UrlOfLength(v: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes;
}

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** PostgreSQL cancels a statement running longer than this (ms; 0 = no limit); the caller gets a 503. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** A query that finds every pooled connection busy for this long (ms) fails with a 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Padel Match <no-reply@padel-match.local>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  APP_TIMEZONE: z
    .string()
    .default('Europe/Paris')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('fr-FR', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'unknown IANA time zone'),
  TRUST_PROXY: ZTrustProxy.default(false),
  /** Address players reach the app at, for links in mails and SMS (default: http://HOST:PORT). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How often the outbox worker looks for notifications to send (ms); 0 turns it off (tests drive it). */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** Notifications each instance sends at once (and SMTP connections it keeps open to the relay). */
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** Requests per minute each API v2 key may make, counted in the database (shared by every instance). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** First webhook retry delay (ms), doubled on each further attempt (capped at 6 h). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** Attempts of one webhook delivery before it is marked failed (replayable from the admin). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Failed attempts in a row after which an endpoint is disabled and the admins are told. */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(20),
  /** Minutes between two purges of expired codes, sessions and throttle rows; 0 turns the job off. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Days a sent (or given-up) notice keeps its text, address and calendar file before the retention job blanks them. */
  NOTICE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Bearer token that unlocks GET /metrics; unset, the path does not exist. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * After SIGTERM, how long (ms) the instance keeps accepting connections (readiness already 503,
   * every answer closing its connection) before it closes its port: connections a client or proxy
   * opened just before the signal are answered rather than reset.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  /** Web Push (VAPID, RFC 8292): the application server's P-256 key pair, base64url; generated in DATA_DIR outside production. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .refine(
      (k) => isBase64UrlOfLength(k, 65),
      'not a base64url uncompressed P-256 public key (65 bytes)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .refine((k) => isBase64UrlOfLength(k, 32), 'not a base64url P-256 private key (32 bytes)')
    .optional(),
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine(
      (s) => /^mailto:[^@\s]+@[^@\s]+$/.test(s) || (URL.canParse(s) && s.startsWith('https:')),
      'must be a mailto: address or an https: URL',
    )
    .optional(),
  /** Live streams (SSE): a `: ping` comment this often (ms) keeps proxies from closing idle ones. */
  LIVE_PING_MS: z.coerce.number().int().min(50).max(300_000).default(25_000),
  /** Live streams one account may hold open at once on one instance; the next gets a French 429. */
  LIVE_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** How often (ms) each instance checks that its LISTEN connection still hears the database. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof ZEnv>;

/**
 * Reads `.env` from the working directory into process.env when the file exists (Node 20.12+);
 * variables already set in the environment win over the file.
 */
export function readDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (e) {
    if (!(e instanceof Error && 'code' in e && e.code === 'ENOENT')) throw e;
  }
}

/** The only reader of process.env. Empty strings count as unset so `.env` templates stay harmless. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  // Operators read these in English, whatever locale the user-facing schemas set zod to.
  const parsed = ZEnv.safeParse(cleaned, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.APP_SECRET) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required in production');
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.PUBLIC_URL) {
    // Otherwise the links in mails and SMS point at http://HOST:PORT, e.g. http://0.0.0.0:3000.
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required in production (the address players reach the app at, e.g. https://padel.example.org)',
    );
  }
  if (!parsed.data.VAPID_PUBLIC_KEY !== !parsed.data.VAPID_PRIVATE_KEY) {
    // Half a key pair signs nothing a push service accepts: a typo, not "push off".
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair from `npx web-push generate-vapid-keys`) or neither',
    );
  }
  return parsed.data;
}
