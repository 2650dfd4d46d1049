import type { Deps } from '../../deps';
import { closeDuePolls } from './polls';
import { runDueSlots } from './slots';

/**
 * The groups' clock, run by every instance like the outbox worker: opens the weekly slots' matches
 * that fall due and closes the polls past their closing time. Both claim their work with a unique
 * key or a conditional UPDATE, so instances never do the same thing twice.
 */
export function createGroupsScheduler(deps: Deps, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    try {
      await runDueSlots(deps);
      await closeDuePolls(deps);
    } catch (err) {
      deps.logger.error({ err }, 'groups scheduler round failed');
    }
  };
  const tick = () => {
    running = round().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  return {
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    round,
  };
}
