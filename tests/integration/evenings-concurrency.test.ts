import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENING_TEXT } from '../../common/messages-evenings';
import type { TestContext } from '../support/app';
import type { TestUser } from '../support/factories';
import { rest } from '../support/http';
import { startTwoInstances, type Instances } from '../support/instances';
import { participantIdsOf, waitingIdsOf } from './matches-support';
import { createEveningCast, signUp } from './evenings-support';

// On PostgreSQL the bursts really run at once, over two instances with pools of their own;
// PGlite runs them one by one (the same assertions hold, without the race).
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let owner: TestUser;
let players: TestUser[];
let newEvening: Awaited<ReturnType<typeof createEveningCast>>['newEvening'];
let two: Instances;

beforeAll(async () => {
  ({ t, owner, players, newEvening } = await createEveningCast(60));
  // 60 sign-ups wait in line for one evening's row, each holding a pooled connection meanwhile: on
  // a busy 2-core machine the last ones can wait past the 5 s after which a pool answers 503 (load
  // shedding, tested in db-timeouts). The seats, not the shedding, are under test here.
  two = await startTwoInstances(t, { acquireTimeoutMs: 30_000 });
}, 180_000);
afterAll(async () => {
  await two.close();
  await t.close();
});

/** A REST call as `user` on instance i % 2. */
const on = (i: number, user: TestUser, method: 'POST' | 'PUT', url: string, body: object) =>
  rest(two.apps[i % 2]!, method, url, body, user.headers);

describe(`evenings under concurrent calls (${DB})`, () => {
  it('seats exactly 16 of 60 simultaneous sign-ups and queues the 44 others in order', async () => {
    const e = await newEvening({ max_players: 16, courts: 4 });
    const answers = await Promise.all(
      players.map((u, i) => on(i, u, 'POST', `/evenings/${e.id}/join`, {})),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body.error])).toEqual(
      [],
    );
    const seated = await participantIdsOf(t, e.id);
    const waiting = await waitingIdsOf(t, e.id);
    expect(seated).toHaveLength(16);
    expect(waiting).toHaveLength(44);
    expect(new Set([...seated, ...waiting]).size).toBe(60);
    // Each waiting player was told his true place in the queue.
    players.forEach((u, i) => {
      const position = answers[i]!.body.waitlist_position as number | null;
      if (seated.includes(u.id)) expect(position).toBeNull();
      else expect(position).toBe(waiting.indexOf(u.id) + 1);
    });
  });

  it('lets one of two teams entering different scores at once win; the other is told the stored score', async () => {
    const e = await newEvening({ max_players: 16, courts: 4 });
    await signUp(t, e.id, players.slice(0, 16));
    const page = (await t.caller(owner).evenings.start({ id: e.id })).evening;
    const games = page.rounds[0]!.games;
    expect(games).toHaveLength(4);
    const results = await Promise.all(
      games.flatMap((g, i) => [
        on(
          i,
          players.find((u) => u.id === g.teams[0][0])!,
          'PUT',
          `/evenings/${e.id}/games/${g.id}/score`,
          {
            score: [15, 9],
          },
        ),
        on(
          i + 1,
          players.find((u) => u.id === g.teams[1][0])!,
          'PUT',
          `/evenings/${e.id}/games/${g.id}/score`,
          {
            score: [9, 15],
          },
        ),
      ]),
    );
    const stored = (await t.caller(owner).evenings.byId({ id: e.id })).rounds[0]!.games;
    for (const [i, g] of stored.entries()) {
      const pair = [results[2 * i]!, results[2 * i + 1]!];
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = pair.find((r) => r.status === 409)!;
      expect(lost.body.error).toBe(EVENING_TEXT.scoreTaken(g.score![0], g.score![1]));
      // The winner's score is the one stored.
      const won = pair.indexOf(pair.find((r) => r.status === 200)!);
      expect(g.score).toEqual(won === 0 ? [15, 9] : [9, 15]);
    }
    // Two « Tour suivant » at once make one round 2, not rounds 2 and 3.
    const next = await Promise.all(
      [0, 1].map((i) => on(i, owner, 'POST', `/evenings/${e.id}/rounds`, {})),
    );
    // The second waits for the first, then finds round 2 without its scores.
    expect(next.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(next.find((r) => r.status === 400)!.body.error).toBe(EVENING_TEXT.scoresMissing(4));
    expect((await t.caller(owner).evenings.byId({ id: e.id })).rounds).toHaveLength(2);
  });
});
