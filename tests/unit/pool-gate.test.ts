import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPoolGate, PoolTimeoutError } from '../../db/pool-gate';

/** A query that answers when told to. */
function pending<T>(value: T) {
  let finish = () => {};
  const done = new Promise<T>((resolve) => (finish = () => resolve(value)));
  return { work: () => done, finish };
}

afterEach(() => vi.useRealTimers());

describe('the pool gate', () => {
  it('runs up to one query per connection at once without a wait or a report', async () => {
    const gate = createPoolGate(2, 1000);
    const onWait = vi.fn();
    gate.onWait = onWait;
    const a = pending('a');
    const b = pending('b');
    const runs = [gate.run(a.work), gate.run(b.work)];
    expect(gate.waiting).toBe(0);
    a.finish();
    b.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b']);
    expect(onWait).not.toHaveBeenCalled();
  });

  it('lines up the rest in order, hands each freed connection to the next, and reports their wait', async () => {
    const gate = createPoolGate(1, 1000);
    const waits: number[] = [];
    gate.onWait = (s) => waits.push(s);
    const order: string[] = [];
    const first = pending('first');
    const running = gate.run(first.work);
    const second = gate.run(() => Promise.resolve(void order.push('second')));
    const third = gate.run(() => Promise.resolve(void order.push('third')));
    expect(gate.waiting).toBe(2);
    first.finish();
    await Promise.all([running, second, third]);
    expect(order).toEqual(['second', 'third']);
    expect(gate.waiting).toBe(0);
    expect(waits).toHaveLength(2);
    // The connection is free again: no wait.
    await gate.run(() => Promise.resolve());
    expect(waits).toHaveLength(2);
  });

  it('frees the connection when a query fails', async () => {
    const gate = createPoolGate(1, 1000);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('gives up after the acquire timeout with PoolTimeoutError, and the line moves on', async () => {
    vi.useFakeTimers();
    const gate = createPoolGate(1, 500);
    const waits: number[] = [];
    gate.onWait = (s) => waits.push(s);
    const stuck = pending('stuck');
    const running = gate.run(stuck.work);
    const late = gate.run(() => Promise.resolve('late'));
    const caught = late.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await caught).toBeInstanceOf(PoolTimeoutError);
    expect(waits).toEqual([0.5]);
    expect(gate.waiting).toBe(0);
    stuck.finish();
    await running;
    await expect(gate.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });
});
