import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MSG } from '../../common/results';
import { matchResults } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { rest } from '../support/http';
import { startTwoInstances, type Instances } from '../support/instances';
import { createPlace, insertFullMatch } from './matches-support';

/**
 * Results entered and answered at once, as players of one match do from their phones, through two
 * server instances on ONE PostgreSQL database (each its own pool): one entry wins, every other
 * gets the French 409 at once, never a 500 for a deadlock nor a 503 for connections held waiting.
 */
const NOW = '2026-06-10T12:00:00Z';
const onPostgres = Boolean(serverUrl());
if (!onPostgres)
  console.warn(
    '[results-concurrency] skipped: PGlite runs one statement at a time, so nothing can race',
  );

describe.runIf(onPostgres)('results at once on two instances (PostgreSQL)', () => {
  let t: TestContext;
  let instances: Instances;
  let placeId: number;
  let owner: TestUser;
  let admin: TestUser;
  const cast: TestUser[] = [];

  beforeAll(async () => {
    t = await createTestContext({ now: NOW });
    placeId = (await createPlace(t)).id;
    owner = await createUser(t.deps, { name: 'Organisatrice Martin' });
    admin = await createAdmin(t.deps, { name: 'Admin Root' });
    for (let i = 0; i < 3; i++) cast.push(await createUser(t.deps, { name: `Joueur${i} Dupont` }));
    instances = await startTwoInstances(t);
  }, 60_000);
  afterAll(async () => {
    await instances?.close();
    await t?.close();
  });

  /** A full match (organiser + 3 participants) that started at 10:00 Paris today. */
  async function played() {
    return insertFullMatch(t, {
      placeId,
      createdBy: owner.id,
      players: cast,
      date: '2026-06-10',
      time: '10:00',
    });
  }
  const players = () => [owner, ...cast];
  const teams = () => [
    [owner.id, cast[0]!.id],
    [cast[1]!.id, cast[2]!.id],
  ];
  /** REST as `user` on instance `i % 2`. */
  const on = (i: number, user: TestUser, method: 'PUT' | 'POST', url: string, body?: object) =>
    rest(instances.apps[i % 2]!, method, url, body, user.headers);
  const enter = (i: number, id: number, sets: number[][]) =>
    on(i, players()[i % 4]!, 'PUT', `/matches/${id}/result`, { teams: teams(), sets });

  it('20 entries of one result at once across both: one 200, nineteen French 409s, no 5xx, quickly', async () => {
    const id = await played();
    // Each instance answers once first, so the figure below is the entries' own.
    for (const app of instances.apps)
      expect((await rest(app, 'GET', `/matches/${id}`, undefined, owner.headers)).status).toBe(200);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        enter(i, id, [
          [6, i % 5],
          [6, 4],
        ]),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const statuses = answers.map((a) => a.status);
    console.log(`[results-concurrency] 20 entries at once: ${statuses.join(',')} in ${ms} ms`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused)
      expect({ status: a.status, error: a.body.error }).toEqual({
        status: 409,
        error: RESULT_MSG.alreadyEntered,
      });
    // Entries wait for one another's row lock only: one that had waited out the pool's 10 s for a
    // connection would have answered 503, not the 200 or 409 above.
    // The stored result is the winner's.
    const winner = answers.find((a) => a.status === 200)!;
    const [row] = await t.db.db.select().from(matchResults).where(eq(matchResults.matchId, id));
    expect(row?.sets).toEqual((winner.body.result as { sets: number[][] }).sets);
  });

  it('entries racing the other team’s answers and the admin’s decision: one outcome each, never a 5xx', async () => {
    const tally = new Map<string, number>();
    for (let round = 0; round < 6; round++) {
      const id = await played();
      const sets = [
        [6, 3],
        [6, 3],
      ];
      expect((await enter(0, id, sets)).status).toBe(200);
      // Both players of the other team answer (confirm, or contest every other round) while
      // everyone tries to enter it again.
      const reply = (i: number) =>
        round % 2
          ? on(i, cast[i]!, 'POST', `/matches/${id}/result/confirm`)
          : on(i, cast[i]!, 'POST', `/matches/${id}/result/contest`, {
              reason: 'Le score est faux',
            });
      const answered = await Promise.all([
        reply(1),
        reply(2),
        ...[0, 1, 2, 3].map((i) => enter(i, id, sets)),
      ]);
      for (const a of answered) tally.set(String(a.status), (tally.get(String(a.status)) ?? 0) + 1);
      expect(answered.every((a) => a.status < 500)).toBe(true);
      // One answer wins; the other meets it (409).
      expect(
        answered
          .slice(0, 2)
          .map((a) => a.status)
          .sort(),
      ).toEqual([200, 409]);
      for (const a of answered.slice(2))
        expect({ status: a.status, error: a.body.error }).toEqual({
          status: 409,
          error: RESULT_MSG.alreadyEntered,
        });
      const [row] = await t.db.db.select().from(matchResults).where(eq(matchResults.matchId, id));
      if (row?.status !== 'contested') continue;
      // The admin rejects the contested result while the players enter it again: either the
      // entry came first (409, still contested) or after the rejection (200, pending again).
      const decided = await Promise.all([
        t.caller(admin).results.adminDecide({ id, decision: 'rejected' }),
        ...[0, 1, 2, 3].map((i) => enter(i + 1, id, sets)),
      ]);
      const entries = decided.slice(1) as Awaited<ReturnType<typeof enter>>[];
      for (const a of entries)
        tally.set(`after-reject ${a.status}`, (tally.get(`after-reject ${a.status}`) ?? 0) + 1);
      expect(entries.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      expect(entries.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    }
    console.log(
      `[results-concurrency] answers and decisions racing entries (status: count): ${[...tally].map(([k, n]) => `${k}: ${n}`).join(', ')}`,
    );
  });

  it('absences reported, contested and decided at once, with a result entered: one outcome each, no 5xx', async () => {
    const [gone, late] = [cast[0]!, cast[1]!];
    /** A service call's outcome: `ok`, or its French refusal. */
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (e: { message?: string }) => e.message ?? 'error',
      );
    for (let round = 0; round < 4; round++) {
      const id = await played();
      await t.caller(owner).results.markNoShow({ id, userId: gone.id });
      // Each write takes the match's lock first: they queue, none deadlocks on another.
      const [contests, marks, entries] = await Promise.all([
        Promise.all(
          Array.from({ length: 6 }, () =>
            outcome(t.caller(gone).results.contestNoShow({ id, reason: 'J’étais là.' })),
          ),
        ),
        Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            on(i, owner, 'POST', `/matches/${id}/no-show/${late.id}`),
          ),
        ),
        Promise.all(
          [0, 1].map((i) =>
            enter(i, id, [
              [6, 1],
              [6, 2],
            ]),
          ),
        ),
      ]);
      expect(contests.sort()).toEqual(
        [...Array.from({ length: 5 }, () => RESULT_MSG.noShowNone), 'ok'].sort(),
      );
      expect(marks.map((m) => m.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const m of marks.filter((a) => a.status !== 200))
        expect(m.body.error).toBe(RESULT_MSG.noShowAlready);
      expect(entries.map((e) => e.status).sort()).toEqual([200, 409]);

      const decisions = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          outcome(
            t.caller(admin).results.adminDecideNoShow({
              id,
              userId: gone.id,
              decision: i % 2 ? 'upheld' : 'cancelled',
            }),
          ),
        ),
      );
      expect(decisions.sort()).toEqual(
        [...Array.from({ length: 5 }, () => RESULT_MSG.noShowNotContested), 'ok'].sort(),
      );
    }
  });
});
