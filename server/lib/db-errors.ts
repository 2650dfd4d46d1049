import { MSG } from '../../common/messages';
import { PoolTimeoutError } from '../../db/pool-gate';
import { AppError } from './errors';

/** PostgreSQL error details, found through drizzle's wrapping (`cause`) for both drivers. */
export function pgError(e: unknown): { code?: string; constraint?: string } | null {
  let err: unknown = e;
  for (let depth = 0; depth < 5 && err instanceof Error; depth++) {
    const code = 'code' in err ? err.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      // PGlite names the constraint `constraint`, postgres.js `constraint_name`.
      const constraint =
        'constraint' in err && typeof err.constraint === 'string'
          ? err.constraint
          : 'constraint_name' in err && typeof err.constraint_name === 'string'
            ? err.constraint_name
            : undefined;
      return { code, constraint };
    }
    err = err.cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Whether `e` is a unique violation (of `constraint`, when given). */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pg = pgError(e);
  return pg?.code === UNIQUE_VIOLATION && (!constraint || pg.constraint === constraint);
}

/**
 * A unique violation on an account's e-mail or phone (also one raced in by a concurrent request)
 * as the French 409 of that field; any other error is handed back unchanged, for the caller to throw.
 */
export function accountTaken(e: unknown, messages: { email: string; phone: string }): unknown {
  const pg = pgError(e);
  if (pg?.code !== UNIQUE_VIOLATION) return e;
  return new AppError(
    'CONFLICT',
    pg.constraint === 'users_email_lower_key' ? messages.email : messages.phone,
  );
}

/**
 * PostgreSQL's refusals of a value itself (NUL or untranslatable character, number out of range,
 * impossible date or time, malformed literal). The schemas refuse all of these first; should one
 * slip through, the client still gets a French 400, not a 500, and nothing was written.
 */
const BAD_INPUT_CODES = new Set([
  '22P05',
  '22021',
  '22003',
  '22007',
  '22008',
  '22P02',
  '22001',
  '22011',
  '2201B',
  '22025',
  '22026',
]);

/** The 400 for a database refusal caused by the request's value, or null for any other failure. */
export function badInputFromDb(e: unknown): AppError | null {
  const code = pgError(e)?.code;
  return code && BAD_INPUT_CODES.has(code)
    ? new AppError('BAD_REQUEST', MSG.http.badRequest, { pgCode: code })
    : null;
}

/** statement_timeout (and a cancelled query), lock_timeout. */
const TIMEOUT_CODES = new Set(['57014', '55P03']);
/** Seconds a client is told to wait before trying again when the database is saturated. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A query that timed out (statement or lock timeout) or found no free pooled connection in time:
 * the request was fine, the database is busy or blocked, so a French 503 with Retry-After rather
 * than a 500; nothing was written (the statement or its transaction was rolled back).
 */
export function unavailableFromDb(e: unknown): AppError | null {
  let err: unknown = e;
  for (let depth = 0; depth < 5 && err instanceof Error; depth++, err = err.cause) {
    if (err instanceof PoolTimeoutError) return busy();
  }
  const code = pgError(e)?.code;
  return code && TIMEOUT_CODES.has(code) ? busy() : null;
}

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', MSG.http.overloaded, {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });
