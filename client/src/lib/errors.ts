import { TRPCClientError } from '@trpc/client';
import { MSG } from '../../../common/messages';

/** tRPC's own answer when a procedure does not exist (a server not yet deployed, an old client). */
const ROUTING_MISS = /^No "?(query|mutation|subscription)?"?-?procedure on path|^No procedure found/i;

interface ErrorData {
  httpStatus?: number;
  code?: string;
}

function responseStatus(error: TRPCClientError<never>): number | undefined {
  const meta = error.meta as { response?: { status?: unknown } } | undefined;
  const status = meta?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The French text to show for a failed call (spec section 8): the server's own message when it sent
 * one; HTTP 404 → service unavailable; 500 and above → server error; no answer at all → connection
 * error; anything else → the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const e = error as TRPCClientError<never>;
    const data = e.data as ErrorData | undefined;
    if (!data && !e.shape) {
      const status = responseStatus(e);
      if (status === 404) return MSG.http.notFound;
      if (status !== undefined && status >= 500) return MSG.http.server;
      return MSG.http.network;
    }
    const status = data?.httpStatus;
    const message = e.message.trim();
    if (status === 404 && (!message || ROUTING_MISS.test(message))) return MSG.http.notFound;
    if (status !== undefined && status >= 500 && (data?.code === 'INTERNAL_SERVER_ERROR' || !message)) return MSG.http.server;
    return message || fallback;
  }
  return fallback;
}

/** A number the server attached to its refusal (`retryAfterSeconds`, `attemptsLeft`), when there is one. */
export function errorDetail(error: unknown, key: string): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const details = (error.data as { details?: Record<string, unknown> | null } | undefined)?.details;
  const value = details?.[key];
  return typeof value === 'number' ? value : undefined;
}

/** The text for a refused PIN: the server's message, then the attempts it leaves when it counted them. */
export function pinErrorMessage(error: unknown, fallback: string): string {
  const left = errorDetail(error, 'attemptsLeft');
  const message = errorMessage(error, fallback);
  return left ? `${message} ${MSG.auth.attemptsLeft(left)}` : message;
}
