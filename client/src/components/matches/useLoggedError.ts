import { useEffect } from 'react';

/** Spec section 8: a failed match list is only logged, the screen then shows its empty state. */
export function useLoggedError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.warn(`${what}:`, error);
  }, [error, what]);
}
