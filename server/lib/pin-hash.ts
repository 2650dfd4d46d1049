import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

/**
 * OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane): about 20 ms a verify here. The pepper
 * (derived from APP_SECRET) is argon2's `secret`, so a leaked table alone cannot be attacked offline.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 is CPU-bound and takes 19 MiB a call: running more calls at once than there are cores
 * gives no more throughput, only more memory, and fills libuv's 4 threads that compression and
 * file reads share. Calls beyond that wait their turn, in order.
 */
export const PIN_HASH_LANES = Math.max(1, Math.min(availableParallelism(), 4));
let busy = 0;
const waiting: (() => void)[] = [];

async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= PIN_HASH_LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await work();
  } finally {
    // The lane passes straight to the next waiting call, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

export const hashPin = (pin: string, pepper: Buffer) => inLane(() => argon2.hash(pin, { ...OPTIONS, secret: pepper }));

export async function verifyPin(hash: string, pin: string, pepper: Buffer): Promise<boolean> {
  try {
    return await inLane(() => argon2.verify(hash, pin, { secret: pepper }));
  } catch {
    return false;
  }
}
