import type { Env } from './env';

/** `host:port/db` of a PostgreSQL URL: never its user or password. */
export function databaseAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname || '/'}`;
}

/** The innermost message of an error chain (drizzle wraps the driver's error in `cause`). */
function rootCause(e: unknown): Error & { code?: unknown } {
  let err = e instanceof Error ? e : new Error(String(e));
  for (let depth = 0; depth < 5 && err.cause instanceof Error; depth++) err = err.cause;
  return err;
}

/**
 * Not reaching the database, as opposed to the database refusing a migration: network failures,
 * postgres.js's connection errors, and PostgreSQL's connection (08), authentication (28), unknown
 * database (3D000) and "starting up / shutting down" (57P0x) classes.
 */
const isConnectionFailure = (code: unknown) =>
  typeof code === 'string' &&
  /^(E[A-Z]+|CONNECT_TIMEOUT|CONNECTION_\w+|08\w{3}|28\w{3}|3D000|57P0\d)$/.test(code);

/** One line for an operator when the database cannot be opened, migrated or seeded at start. */
export function databaseStartError(
  e: unknown,
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
): string {
  const cause = rootCause(e);
  const message = cause.message.split('\n')[0]!;
  if (!env.DATABASE_URL)
    return `Cannot open the embedded database in ${env.DATA_DIR}/pglite: ${message}`;
  const where = databaseAddress(env.DATABASE_URL);
  return isConnectionFailure(cause.code)
    ? `Cannot reach the database at ${where}: ${message}`
    : `Database set-up failed at ${where}: ${message}`;
}

/** One line for an operator when the HTTP port cannot be opened. */
export function listenStartError(e: unknown, env: Pick<Env, 'HOST' | 'PORT'>): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = 'code' in err ? err.code : undefined;
  if (code === 'EADDRINUSE') return `Port ${env.PORT} is already in use`;
  if (code === 'EACCES')
    return `Port ${env.PORT} needs privileges this process does not have (use a port above 1023)`;
  return `Cannot listen on ${env.HOST}:${env.PORT}: ${err.message.split('\n')[0]}`;
}
