import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/client';
import { domainEvents, eventCursors } from '../../db/schema';
import { recordEvent, type LoggedEvent } from '../../server/services/events/log';
import { createLogConsumer, createLogPruner } from '../../server/worker/log-consumer';
import { followLog } from '../support/worker';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';

/**
 * The domain event log's promises to its consumers: every committed change is handled once by each
 * consumer, in the order the log gives, a rolled-back change never, and a failure is retried after
 * a pause without losing or repeating anything.
 */
const DB = serverUrl() ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let names = 0;
/** A consumer of every match event that remembers what it handled, on a cursor of its own. */
async function recorder(deps: TestContext['deps'], name?: string, fail?: () => boolean) {
  const cursor = name ?? `test-${++names}`;
  if (!name) {
    // A new consumer starts at the log's head, as a migration seeding its cursor would.
    await t.db.db.execute(
      sql`insert into event_cursors (consumer, tx, event_id)
          select ${cursor}, coalesce(max(tx), 0), coalesce(max(id), 0) from domain_events`,
    );
  }
  const handled: number[] = [];
  const consumer = createLogConsumer(deps, {
    name: cursor,
    types: ['match.created', 'match.updated'],
    handle(_tx, events: LoggedEvent[]) {
      if (fail?.()) return Promise.reject(new Error('the sink is down'));
      handled.push(...events.map((e) => e.matchId!));
      return Promise.resolve();
    },
    batchSize: 7,
  });
  return { consumer, handled, cursor };
}

describe(`the event log (${DB})`, () => {
  it('hands a committed change to each consumer once, and a rolled-back one never', async () => {
    const a = await recorder(t.deps);
    const b = await recorder(t.deps);
    for (let id = 1; id <= 20; id++)
      await recordEvent(t.db.db, { type: 'match.created', matchId: id });
    await t.db.db
      .transaction(async (tx) => {
        await recordEvent(tx, { type: 'match.created', matchId: 999 });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await recordEvent(t.db.db, { type: 'participant.joined', matchId: 500, userId: 1 });
    expect(await a.consumer.runOnce()).toBe(21);
    expect(await a.consumer.runOnce()).toBe(0);
    await b.consumer.runOnce();
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(a.handled).toEqual(ids);
    expect(b.handled).toEqual(ids);
  });

  it('retries after a failure, from where it stood, once the pause is over', async () => {
    let down = true;
    const r = await recorder(t.deps, undefined, () => down);
    await recordEvent(t.db.db, { type: 'match.updated', matchId: 41 });
    expect(await r.consumer.runOnce()).toBe(0);
    const [cursor] = await t.db.db
      .select()
      .from(eventCursors)
      .where(eq(eventCursors.consumer, r.cursor));
    expect(cursor).toMatchObject({ attempts: 1, lastError: 'Error: the sink is down' });
    down = false;
    // Still in its pause: nothing read.
    expect(await r.consumer.runOnce()).toBe(0);
    t.clock.advance(1_500);
    await r.consumer.runOnce();
    expect(r.handled).toEqual([41]);
    const [after] = await t.db.db
      .select()
      .from(eventCursors)
      .where(eq(eventCursors.consumer, r.cursor));
    expect(after).toMatchObject({ attempts: 0, lastError: null, retryAt: null });
  });

  it('forgets, after a week, the events every consumer has read, and only those', async () => {
    await recorder(t.deps); // a consumer that will not read on
    await recordEvent(t.db.db, { type: 'match.created', matchId: 7_001 });
    await followLog(t.deps);
    const pruner = createLogPruner(t.deps);
    const kept = async () =>
      (await t.db.db.select({ m: domainEvents.matchId }).from(domainEvents)).map((r) => r.m);
    t.clock.advance(8 * 86_400_000);
    await pruner.runOnce();
    expect(await kept()).toContain(7_001);
    // This file's consumers retired, every remaining one has read it: it goes.
    await t.db.db.delete(eventCursors).where(like(eventCursors.consumer, 'test-%'));
    await pruner.runOnce();
    expect(await kept()).not.toContain(7_001);
  });
});

const onPostgres = Boolean(serverUrl());
if (!onPostgres)
  console.warn('[event-log] concurrent cases skipped: PGlite runs one transaction at a time');

describe.runIf(onPostgres)('the event log under concurrency (PostgreSQL)', () => {
  let other: DbHandle;
  beforeAll(async () => {
    other = await createDb({ url: t.db.url!, max: 5 });
  });
  afterAll(async () => {
    await other.close();
  });

  it('never reads past an event whose transaction is still open', async () => {
    const r = await recorder(t.deps);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let logged!: () => void;
    const inside = new Promise<void>((resolve) => (logged = resolve));
    // The slow change takes its transaction id first, then a quick one commits after it.
    const slow = other.db.transaction(async (tx) => {
      await recordEvent(tx, { type: 'match.created', matchId: 1 });
      logged();
      await held;
    });
    await inside;
    await recordEvent(t.db.db, { type: 'match.created', matchId: 2 });
    await r.consumer.runOnce();
    expect(r.handled).toEqual([]);
    release();
    await slow;
    await r.consumer.runOnce();
    expect(r.handled).toEqual([1, 2]);
  });

  it('two instances following one consumer while 200 changes commit at once: each handled once', async () => {
    const first = await recorder(t.deps);
    const second = await recorder({ ...t.deps, db: other.db }, first.cursor);
    const N = 200;
    let writing = true;
    const follow = async (c: typeof first) => {
      while (writing) await c.consumer.runOnce();
      await c.consumer.runOnce();
    };
    const following = [follow(first), follow(second)];
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        (i % 2 ? other.db : t.db.db).transaction(async (tx) => {
          await recordEvent(tx, { type: 'match.created', matchId: 10_000 + i });
        }),
      ),
    );
    writing = false;
    await Promise.all(following);
    await first.consumer.runOnce();
    const all = [...first.handled, ...second.handled].sort((a, b) => a - b);
    console.log(
      `[event-log] ${N} concurrent changes: ${first.handled.length} + ${second.handled.length} handled by two instances`,
    );
    expect(all).toEqual(Array.from({ length: N }, (_, i) => 10_000 + i));
  });
});
