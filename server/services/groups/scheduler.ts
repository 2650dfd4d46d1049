import type { Deps } from '../../deps';
import type { WorkerConsumer } from '../../worker/loop';
import { closeDuePolls } from './polls';
import { runDueSlots } from './slots';

/**
 * The groups' clock as a consumer of the worker loop, in every instance: opens the weekly slots'
 * matches that fall due and closes the polls past their closing time. Both claim their work with a
 * unique key or a conditional UPDATE, so instances never do the same thing twice. Time-driven:
 * never woken by a NOTIFY.
 */
export function createGroupsConsumer(deps: Deps): WorkerConsumer {
  return {
    queue: 'groups',
    runOnce: async () => (await runDueSlots(deps)) + (await closeDuePolls(deps)),
    // One short transaction per slot or poll: nothing in flight to give back.
    halt() {},
    resume() {},
  };
}
