import { isTRPCClientError, type TRPCClientError } from '@trpc/client';
import { MSG } from '../../../common/messages';
import type { AppRouter } from '../../../server/trpc/root';

/** tRPC's own answer when a procedure does not exist (a server not yet deployed, an old client). */
const ROUTING_MISS =
  /^No "?(query|mutation|subscription)?"?-?procedure on path|^No procedure found/i;

/** A failed call as the client sees it: `data` is typed by the server's error formatter. */
export type AppClientError = TRPCClientError<AppRouter>;

export const isAppClientError = (error: unknown): error is AppClientError =>
  isTRPCClientError<AppRouter>(error);

/** The HTTP status of an answer that was not tRPC's (a proxy's 404 or 502); the fetch link keeps the response in `meta`. */
function responseStatus(error: AppClientError): number | undefined {
  const response = error.meta?.response;
  if (typeof response !== 'object' || response === null || !('status' in response))
    return undefined;
  return typeof response.status === 'number' ? response.status : undefined;
}

/**
 * The French text to show for a failed call (spec section 8): the server's own message when it sent
 * one; HTTP 404 → service unavailable; 500 and above → server error; no answer at all → connection
 * error; anything else → the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isAppClientError(error)) {
    const { data } = error;
    if (!data && !error.shape) {
      const status = responseStatus(error);
      if (status === 404) return MSG.http.notFound;
      if (status !== undefined && status >= 500) return MSG.http.server;
      return MSG.http.network;
    }
    const status = data?.httpStatus;
    const message = error.message.trim();
    if (status === 404 && (!message || ROUTING_MISS.test(message))) return MSG.http.notFound;
    if (
      status !== undefined &&
      status >= 500 &&
      (data?.code === 'INTERNAL_SERVER_ERROR' || !message)
    )
      return MSG.http.server;
    return message || fallback;
  }
  return fallback;
}

/** A number the server attached to its refusal (`retryAfterSeconds`, `attemptsLeft`), when there is one. */
export function errorDetail(error: unknown, key: string): number | undefined {
  if (!isAppClientError(error)) return undefined;
  const value = error.data?.details?.[key];
  return typeof value === 'number' ? value : undefined;
}

/** The text for a refused PIN: the server's message, then the attempts it leaves when it counted them. */
export function pinErrorMessage(error: unknown, fallback: string): string {
  const left = errorDetail(error, 'attemptsLeft');
  const message = errorMessage(error, fallback);
  return left ? `${message} ${MSG.auth.attemptsLeft(left)}` : message;
}
