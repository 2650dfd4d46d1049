import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the previous one is still running. A mutation's `isPending` reaches the
 * button only on the next render, after React Query's batched notification: a fast double click
 * lands before that, so the guard is a ref, set synchronously in the first click.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback((action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    action()
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, []);
}

/** A fresh key for one create form; retries of that form send it again (server/schemas: ZIdempotencyKey). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
