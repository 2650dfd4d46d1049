import type { Deps } from '../../server/deps';
import { logConsumers } from '../../server/worker/consumers';
import type { WorkerConsumer } from '../../server/worker/loop';

/**
 * What the worker loop does after a commit, run by hand where the test app runs no loop
 * (OUTBOX_INTERVAL_MS=0): every consumer of the event log reads what it has not read yet, until
 * none has anything left (a consumer's writes may be another's events).
 */
export async function followLog(deps: Deps): Promise<void> {
  for (let read = 1; read > 0;) {
    read = 0;
    for (const consumer of logConsumers(deps)) read += await consumer.runOnce();
  }
}

/**
 * `consumer` as the loop runs it after a commit: the event log's consumers first (they queue the
 * notices and deliveries), then its own round. For tests that run a sender by hand.
 */
export function afterLog(deps: Deps, consumer: WorkerConsumer): WorkerConsumer {
  return {
    ...consumer,
    async runOnce() {
      await followLog(deps);
      return consumer.runOnce();
    },
  };
}
