/**
 * Redis down never turns the authentication rate limit off: the instance counts on its own, says so
 * once in a JSON log line (and once when Redis is back), and `padel_redis_up` shows it. Every line
 * the server writes stays JSON. The real server process, with a real redis-server it starts and kills.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';

const TOKEN = 'metrics-token-for-tests-0123456789';
const LIMIT = 5;
const REDIS_SERVER = '/usr/bin/redis-server';

/** A bad login attempt: an authentication path, refused with 400 before any database work. */
const attempt = (s: ServerProcess) =>
  fetch(`${s.url}/api/auth/login-by-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then((r) => r.status);

async function statuses(s: ServerProcess, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await attempt(s));
  return out;
}

async function redisUp(s: ServerProcess): Promise<string | undefined> {
  const text = await (
    await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  return /^padel_redis_up (\d)$/m.exec(text)?.[1];
}

/** Every line of the server's output parses as JSON; answers the parsed lines. */
function jsonLines(s: ServerProcess): { msg?: string; level?: number }[] {
  const lines = s.output().split('\n').filter(Boolean);
  const bad = lines.filter((l) => {
    try {
      JSON.parse(l);
      return false;
    } catch {
      return true;
    }
  });
  expect(bad).toEqual([]);
  return lines.map((l) => JSON.parse(l) as { msg?: string });
}
const said = (lines: { msg?: string }[], text: string) =>
  lines.filter((l) => l.msg?.includes(text)).length;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (listening) return child;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** A port where no Redis answers: each connection is dropped at once, and counted. */
async function dropConnections(port: number) {
  let attempts = 0;
  const server = createServer((socket) => {
    attempts++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stopRedis = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const env = (redisPort: number) => ({
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  AUTH_RATE_LIMIT: String(LIMIT),
  METRICS_TOKEN: TOKEN,
});

describe('Redis down', () => {
  it(`Redis never reachable: the limit still holds (429 after ${LIMIT}), padel_redis_up 0, one JSON line says so`, async () => {
    const port = await freePort();
    const dropper = await dropConnections(port);
    const server = await startServerProcess({ env: env(port) });
    try {
      const got = await statuses(server, LIMIT + 2);
      expect(got.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
      expect(got.slice(LIMIT)).toEqual([429, 429]);
      expect(await redisUp(server)).toBe('0');
      // ioredis keeps retrying in the background: after three more tries, still one line, and only JSON.
      const tried = dropper.attempts();
      await until(() => Promise.resolve(dropper.attempts() >= tried + 3), 'three more tries');
      expect(said(jsonLines(server), 'Redis unreachable')).toBe(1);
    } finally {
      await server.stop();
      await dropper.close();
    }
    expect(said(jsonLines(server), 'Redis unreachable')).toBe(1);
    expect(server.exitCode()).toBe(0);
  }, 90_000);

  it.runIf(existsSync(REDIS_SERVER))(
    'Redis killed mid-run: still limited on the instance, then shared again once back, each switch logged once',
    async () => {
      const port = await freePort();
      let redis = await startRedis(port);
      const server = await startServerProcess({ env: env(port) });
      try {
        await until(async () => (await redisUp(server)) === '1', 'Redis connected');
        expect(await statuses(server, 2)).not.toContain(429);
        // On a loaded machine the first connection may time out (500 ms) and be retried: that
        // switch is logged too. Each switch below adds exactly one line.
        const before = jsonLines(server);
        const downBefore = said(before, 'Redis unreachable');
        const upBefore = said(before, 'Redis reachable again');

        await stopRedis(redis);
        await until(async () => (await redisUp(server)) === '0', 'Redis seen down');
        // Counted afresh in memory: the limit is enforced within LIMIT more attempts.
        const down = await statuses(server, LIMIT + 1);
        expect(down.at(-1)).toBe(429);
        expect(said(jsonLines(server), 'Redis unreachable')).toBe(downBefore + 1);

        redis = await startRedis(port);
        await until(async () => (await redisUp(server)) === '1', 'Redis back');
        // A fresh Redis holds no count: the next attempts are counted there again.
        expect(await statuses(server, 1)).not.toContain(429);
        const lines = jsonLines(server);
        expect(said(lines, 'Redis unreachable')).toBe(downBefore + 1);
        expect(said(lines, 'Redis reachable again')).toBe(upBefore + 1);
      } finally {
        await server.stop();
        await stopRedis(redis);
      }
      expect(server.exitCode()).toBe(0);
    },
    90_000,
  );
});
