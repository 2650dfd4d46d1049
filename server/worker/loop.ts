import type { Logger } from '../lib/logger';
import type { WorkQueue } from '../lib/live-channel';

/**
 * A kind of queued work the loop serves. Each keeps its own claim (FOR UPDATE SKIP LOCKED and a
 * lease in one statement), so a row is in one instance's hands at a time however many run.
 */
export interface WorkerConsumer {
  readonly queue: WorkQueue;
  /**
   * A wake during a round starts another beside it, instead of after it: for a consumer that caps
   * its own sends in flight, so a round held by a slow send never holds back new work.
   */
  readonly overlapping?: boolean;
  /** A pause between rounds longer than the loop's, for work due on a scale of minutes or hours. */
  readonly periodMs?: number;
  /** Handles what is due now; answers how many items it handled. Returns early once halted. */
  runOnce(): Promise<number>;
  /**
   * Stops claiming: rounds under way let their sends in flight finish and give back what they
   * leased but did not start. `resume` undoes it.
   */
  halt(): void;
  resume(): void;
}

export interface WorkerLoopOptions {
  consumers: readonly WorkerConsumer[];
  /** Pause between two rounds of a consumer (ms): the fallback when no wake comes. */
  intervalMs: number;
  logger: Logger;
  /** Subscribes to the wakes of a queue (the live bus's NOTIFY); answers an unsubscribe. */
  onWake?: (queue: WorkQueue, fn: () => void) => () => void;
}

/**
 * The one worker loop every instance runs. Each consumer has its own round cycle, so a slow one
 * never delays another: a round runs at start, `intervalMs` after the previous one ended, and at
 * once on a wake (a wake during a round runs another right after it, or beside it for an
 * `overlapping` consumer).
 * `stop` stops claiming, waits for the sends in flight, and resolves; a row leased by an instance
 * that died instead goes back when its lease ends, so nothing is lost either way.
 */
export function createWorkerLoop(o: WorkerLoopOptions) {
  let stopped = true;
  const offs: (() => void)[] = [];

  const cycles = o.consumers.map((consumer) => {
    let timer: NodeJS.Timeout | undefined;
    const running = new Set<Promise<void>>();
    let again = false;

    const tick = () => {
      clearTimeout(timer);
      if (stopped) return;
      if (running.size > 0 && !consumer.overlapping) {
        again = true;
        return;
      }
      again = false;
      const round: Promise<void> = consumer
        .runOnce()
        .then(
          () => {},
          (err: unknown) => o.logger.error({ err, queue: consumer.queue }, 'worker round failed'),
        )
        .finally(() => {
          running.delete(round);
          if (stopped || running.size > 0) return;
          if (again) tick();
          else timer = setTimeout(tick, Math.max(o.intervalMs, consumer.periodMs ?? 0));
        });
      running.add(round);
    };

    return {
      consumer,
      tick,
      async stop() {
        clearTimeout(timer);
        consumer.halt();
        await Promise.all(running);
        consumer.resume();
      },
    };
  });

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const c of cycles) {
        if (o.onWake) offs.push(o.onWake(c.consumer.queue, c.tick));
        c.tick();
      }
    },
    /** Stops claiming, lets the sends in flight finish, and resolves: never waits for the backlog. */
    async stop() {
      stopped = true;
      for (const off of offs.splice(0)) off();
      await Promise.all(cycles.map((c) => c.stop()));
    },
  };
}
export type WorkerLoop = ReturnType<typeof createWorkerLoop>;
