/**
 * The one retry policy of the worker's consumers: exponential from `baseMs` (base, 2×base,
 * 4×base…) after the n-th failed attempt, capped at `capMs`.
 */
export const retryDelayMs = (baseMs: number, attempts: number, capMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), capMs);
