import { afterEach, beforeEach, vi } from 'vitest';

/**
 * An unexpected console.error fails the test (the epic-stack habit): errors nobody asserted on are
 * bugs hiding in green runs. A test that expects one mocks console.error itself.
 */
let spy: { mockRestore(): void } | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
