import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
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
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof ZEnv>;

/** For choices made outside a request's Env, read when asked so a `.env` file counts (see `hotOutput`). */
export const isProductionProcess = () => process.env.NODE_ENV === 'production';
/**
 * Reads `.env` from the working directory into process.env when the file exists (Node 20.12+);
 * variables already set in the environment win over the file.
 */
export function readDotEnv(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** The only reader of process.env. Empty strings count as unset so `.env` templates stay harmless. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.APP_SECRET) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required in production');
  }
  return parsed.data;
}
