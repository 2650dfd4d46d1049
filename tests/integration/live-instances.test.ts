import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, rowsOf, type DbHandle } from '../../db/client';
import { places } from '../../db/schema';
import { systemClock } from '../../server/lib/clock';
import { createSecrets } from '../../server/lib/secrets';
import { announceMatchChange } from '../../server/services/events/announce';
import { TEST_SECRET } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { openSse, type SseStream } from '../support/sse';

const pg = serverUrl();
if (!pg)
  console.warn(
    '[live-instances] skipped: LISTEN/NOTIFY across processes needs PostgreSQL (TEST_DATABASE_URL)',
  );

describe.runIf(pg)('live updates across two server processes on one PostgreSQL database', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let handle: DbHandle;
  let owner: TestUser;
  let players: TestUser[];
  let placeId: number;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await startServerProcess();
    b = await startServerProcess({ databaseUrl: a.databaseUrl });
    handle = await createDb({ url: a.databaseUrl!, max: 2 });
    const deps = {
      db: handle.db,
      clock: systemClock,
      secrets: createSecrets(TEST_SECRET),
    };
    owner = await createUser(deps, { name: 'Organisatrice Instances' });
    players = [];
    for (let i = 0; i < 3; i++) players.push(await createUser(deps, { name: `Joueur Inst${i}` }));
    const [place] = await handle.db
      .insert(places)
      .values({ name: 'Club Deux', address: '2 rue du Padel', city: 'Lyon', isActive: true })
      .returning();
    placeId = place!.id;
  }, 180_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await handle?.close();
    await b?.stop();
    await a?.stop();
  }, 60_000);

  const call = async (
    server: ServerProcess,
    user: TestUser,
    method: string,
    path: string,
    body?: object,
  ) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const newMatch = async (slots = 2) => {
    const res = await call(a, owner, 'POST', '/matches', {
      place_id: placeId,
      date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      time: '19:00',
      levels: ['Niveau 3'],
      slots,
    });
    expect(res.status).toBe(201);
    return (res.body.match as { id: number }).id;
  };
  const subscribe = async (server: ServerProcess, id: number, user: TestUser) => {
    const s = await openSse(`${server.url}/api/matches/${id}/events`, user.headers);
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  it('a join committed on instance A reaches a subscriber on instance B', async () => {
    const id = await newMatch();
    const onB = await subscribe(b, id, players[1]!);
    expect(JSON.parse((await onB.next()).data)).toMatchObject({ missing_players: 2 });
    const joined = await call(a, players[0]!, 'POST', `/matches/${id}/join`, {});
    expect(joined.status).toBe(200);
    const sent = performance.now();
    const e = await onB.next(3000);
    console.log(`[live-instances] join on A seen on B after ${Math.round(e.at - sent)} ms`);
    expect(JSON.parse(e.data)).toMatchObject({
      missing_players: 1,
      participants: [expect.objectContaining({ user_id: players[0]!.id, phone: null })],
    });
  });

  it('a rolled-back change sends nothing to either instance', async () => {
    const id = await newMatch(1);
    const onA = await subscribe(a, id, players[2]!);
    const onB = await subscribe(b, id, players[2]!);
    await onA.next();
    await onB.next();
    // The last place taken, and announced (after the commit) to both.
    expect((await call(a, players[0]!, 'POST', `/matches/${id}/join`, {})).status).toBe(200);
    for (const s of [onA, onB])
      expect(JSON.parse((await s.next()).data)).toMatchObject({ missing_players: 0 });
    // Refused (full): the join's statement ran, its notification with it, then the rollback.
    expect((await call(b, players[1]!, 'POST', `/matches/${id}/join`, {})).status).toBe(409);
    // And a change announced in a transaction that then fails.
    await handle.db
      .transaction(async (tx) => {
        await announceMatchChange(tx, id, 'changed');
        throw new Error('rolled back on purpose');
      })
      .catch(() => {});
    // Then a change that commits: notifications arrive in commit order, so anything sent for the
    // two above would come before it.
    expect((await call(a, players[0]!, 'POST', `/matches/${id}/leave`, {})).status).toBe(200);
    for (const s of [onA, onB])
      expect(JSON.parse((await s.next()).data)).toMatchObject({ missing_players: 1 });
  });

  it('after the LISTEN connection is killed, subscribers get a fresh state', async () => {
    const id = await newMatch();
    const onB = await subscribe(b, id, players[2]!);
    const first = await onB.next();
    const killed = rowsOf(
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
      ),
    );
    // One LISTEN connection per instance.
    expect(killed).toHaveLength(2);
    const fresh = await onB.next(5000);
    expect(fresh.event).toBe('match');
    expect(fresh.id).toBe(first.id);
    // And the stream still follows changes, now through the new LISTEN connection.
    expect((await call(a, players[0]!, 'POST', `/matches/${id}/join`, {})).status).toBe(200);
    let e = await onB.next(5000);
    while ((JSON.parse(e.data) as { missing_players: number }).missing_players !== 1)
      e = await onB.next(5000);
    expect(BigInt(e.id!)).toBeGreaterThan(BigInt(first.id!));
  });
});
