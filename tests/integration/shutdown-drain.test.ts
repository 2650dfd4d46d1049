/**
 * SIGTERM under load, as an orchestrator sends it to an instance behind a keep-alive proxy: every
 * request sent before the signal gets its whole answer, idle keep-alive connections do not hold
 * the exit, and the process exits 0 well inside Docker's and Kubernetes' 10 s grace, saying what
 * it drained. The built server, on PostgreSQL or PGlite (whichever the tests run on).
 */
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { openDatabase } from '../../db/open';
import { seedDefaults } from '../../db/seed';
import { matches, places, users } from '../../db/schema';
import { loadEnv } from '../../server/env';
import { TEST_SECRET } from '../support/app';
import { createTestDb, serverUrl, type TestDb } from '../support/db';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const MATCHES = 50;
const REQUESTS = 200;

async function seedMatches(db: Db) {
  const [owner] = await db
    .insert(users)
    .values({
      name: 'Org Anisateur',
      email: 'org@example.test',
      phone: '+33600000001',
      pinHash: 'x',
    })
    .returning();
  const [place] = await db
    .insert(places)
    .values({ name: 'Club', address: '1 rue du Padel', city: 'Nantes' })
    .returning();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(matches).values(
    Array.from({ length: MATCHES }, () => ({
      placeId: place!.id,
      createdBy: owner!.id,
      date: day,
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
      missingPlayers: 3,
    })),
  );
}

interface Outcome {
  /** performance.now() when the request had been written out, or null if it never was. */
  sentAt: number | null;
  status?: number;
  count?: number;
  error?: string;
}

/** One GET through a keep-alive agent; the body must be the whole JSON list. */
function listMatches(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sentAt: null };
    const req = request(`${url}/api/matches?limit=${MATCHES}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        outcome.status = res.statusCode;
        try {
          outcome.count = (JSON.parse(body) as unknown[]).length;
        } catch {
          outcome.error = `truncated body (${body.length} chars)`;
        }
        resolve(outcome);
      });
      res.on('error', (e) => resolve({ ...outcome, error: e.message }));
    });
    req.on('finish', () => (outcome.sentAt = performance.now()));
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ ...outcome, error: e.code ?? e.message }),
    );
    req.end();
  });
}

describe('SIGTERM with 200 list requests in flight on keep-alive connections', () => {
  let db: TestDb | undefined;
  let dataDir: string | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    if (serverUrl()) {
      db = await createTestDb();
      await seedMatches(db.db);
      server = await startServerProcess({ databaseUrl: db.url!, compiled: true });
    } else {
      // PGlite is one process's alone: fill its folder first, then hand it to the server.
      dataDir = mkdtempSync(join(tmpdir(), 'padel-drain-'));
      const handle = await openDatabase(
        loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET, DATA_DIR: dataDir }),
      );
      await runMigrations(handle);
      await seedDefaults(handle.db);
      await seedMatches(handle.db);
      await handle.close();
      server = await startServerProcess({ pglite: true, dataDir, compiled: true });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request sent before the signal in full, closes idle connections, exits 0 within 10 s and says what it drained', async () => {
    // Four proxies' pools of keep-alive connections, opened and left idle before the burst (a
    // connection the kernel has not handed to the server yet is beyond any drain's reach).
    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 25 }));
    const warm = await Promise.all(
      agents.flatMap((a) => Array.from({ length: 25 }, () => listMatches(server.url, a))),
    );
    expect(warm.every((o) => o.status === 200 && o.count === MATCHES)).toBe(true);

    const outcomes = Array.from({ length: REQUESTS }, (_, i) =>
      listMatches(server.url, agents[i % agents.length]!),
    );
    // Mid-flight: once a few answers are back, the rest are queued or being served.
    let answered = 0;
    await Promise.race([
      Promise.all(outcomes.map((p) => p.then(() => answered++))),
      new Promise<void>((resolve) => {
        const poll = setInterval(() => answered >= 20 && (clearInterval(poll), resolve()), 2);
      }),
    ]);
    const signalAt = performance.now();
    const answeredBefore = answered;
    const stopped = server.stop();
    // The load balancer hears it first: readiness fails while the port still answers (the signal
    // reaches the server's code between two of its tasks, so ask until it has).
    const readinessSeen: (number | string)[] = [];
    let readiness = 0;
    for (let i = 0; i < 40 && readiness !== 503; i++) {
      readiness = await new Promise<number>((resolve) =>
        request(
          `${server.url}/readyz`,
          { agent: false },
          (res) => (res.resume(), resolve(res.statusCode ?? 0)),
        )
          .on(
            'error',
            (e: NodeJS.ErrnoException) => (readinessSeen.push(e.code ?? e.message), resolve(0)),
          )
          .end(),
      );
      readinessSeen.push(readiness);
      if (readiness !== 503) await new Promise((r) => setTimeout(r, 20));
    }
    const results = await Promise.all(outcomes);
    await stopped;
    const exitMs = performance.now() - signalAt;
    for (const a of agents) a.destroy();

    const sentBefore = results.filter((o) => o.sentAt !== null && o.sentAt < signalAt);
    const complete = (o: Outcome) => o.status === 200 && o.count === MATCHES;
    const after = results.filter((o) => !sentBefore.includes(o));
    console.log(
      `[drain] ${server.database}: ${answeredBefore} answered before SIGTERM, ${sentBefore.length} sent before it ` +
        `(${sentBefore.filter(complete).length} complete), ${after.length} sent after ` +
        `(${after.filter(complete).length} complete, errors: ${[...new Set(after.map((o) => o.error).filter(Boolean))].join(', ') || 'none'}); ` +
        `exit ${server.exitCode()} after ${Math.round(exitMs)} ms; readiness ${readinessSeen.join(' ')}`,
    );
    expect(sentBefore.length).toBeGreaterThan(100);
    expect(sentBefore.filter((o) => !complete(o))).toEqual([]);
    // Sent after the port closed: refused outright, never a cut answer.
    for (const o of after) if (!complete(o)) expect(o.error).toMatch(/^(ECONNREFUSED|ECONNRESET)$/);
    expect(readiness).toBe(503);
    // Within 10 s: the server exits 1 by itself 9 s after the signal, and `stop` kills it at 10 s.
    expect(server.exitCode()).toBe(0);

    const drained = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) =>
          JSON.parse(l) as {
            msg?: string;
            requestsFinished?: number;
            connectionsClosed?: number;
            requestsInFlight?: number;
          },
      )
      .find((l) => l.msg === 'drained, exiting');
    expect(drained).toBeDefined();
    // The signal reaches the server's code a little after it was sent: count from there.
    expect(drained!.requestsFinished).toEqual(expect.any(Number));
    // The pools' connections, busy or idle, were all closed by the server.
    expect(drained!.connectionsClosed).toBeGreaterThanOrEqual(agents.length);
  }, 60_000);
});
