import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { openSse, type SseStream, serveStreams } from '../support/sse';
import { createPlace, insertFullMatch } from './matches-support';

/** 12:00 UTC, 14:00 in Paris: the matches below started at 10:00 and may take a result. */
const NOW = '2026-06-10T12:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let base: string;
let served: Awaited<ReturnType<typeof serveStreams>>;
let placeId: number;
let owner: TestUser;
let admin: TestUser;
const cast: TestUser[] = [];
const p = (i: number) => cast[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t)).id;
  owner = await createUser(t.deps, { name: 'Organisatrice Live' });
  admin = await createAdmin(t.deps, { name: 'Admin Live' });
  for (let i = 0; i < 3; i++) cast.push(await createUser(t.deps, { name: `Joueur${i} Live` }));
  served = await serveStreams(t.app);
  base = served.base;
}, 60_000);
afterAll(async () => {
  served.release();
  await t.close();
});

/** A full match (the organiser and the three players) that started at 10:00 today. */
async function played() {
  return insertFullMatch(t, {
    placeId,
    createdBy: owner.id,
    players: cast,
    date: '2026-06-10',
    time: '10:00',
  });
}

/** The match page's own live subscription (`matches.onChange`), as `user` opens it. */
async function watch(id: number, user: TestUser) {
  const input = encodeURIComponent(JSON.stringify({ id }));
  const s = await openSse(`${base}/trpc/matches.onChange?input=${input}`, user.headers);
  served.track(s);
  return s;
}
/** The id of the next match sent (tRPC's `connected` and pings skipped). */
async function nextChange(s: SseStream): Promise<bigint> {
  for (;;) {
    const e = await s.next();
    if (e.event === 'serialized-error') throw new Error(e.data);
    if (e.event === 'message') return BigInt(e.id!);
  }
}

describe(`a result and an absence reach the other players' open match page live (${DB})`, () => {
  it('the other team hears the entry, then the author hears the confirmation, and each reads it', async () => {
    const id = await played();
    const other = await watch(id, p(1));
    const author = await watch(id, owner);
    const seen = [await nextChange(other), await nextChange(author)];

    await t.caller(owner).results.enter({
      id,
      teams: [
        [owner.id, p(0).id],
        [p(1).id, p(2).id],
      ],
      sets: [
        [6, 4],
        [6, 3],
      ],
    });
    expect(await nextChange(other)).toBeGreaterThan(seen[0]!);
    // What the page then reads again: the result, with « Confirmer » for this player.
    const state = await t.caller(p(1)).results.forMatch({ id });
    expect(state.result).toMatchObject({ status: 'pending', can_answer: true });

    await t.caller(p(1)).results.confirm({ id });
    expect(await nextChange(author)).toBeGreaterThan(seen[1]!);
    expect((await t.caller(owner).results.forMatch({ id })).result?.status).toBe('confirmed');
  });

  it('an absence reported, contested and decided shows on the page of each player concerned', async () => {
    const id = await played();
    const absentee = await watch(id, p(0));
    const organiser = await watch(id, owner);
    const [a0, o0] = [await nextChange(absentee), await nextChange(organiser)];

    await t.caller(owner).results.markNoShow({ id, userId: p(0).id });
    const a1 = await nextChange(absentee);
    expect(a1).toBeGreaterThan(a0);
    expect((await t.caller(p(0)).results.forMatch({ id })).absent).toEqual([
      { user_id: p(0).id, status: 'absent' },
    ]);
    const o1 = await nextChange(organiser);
    expect(o1).toBeGreaterThan(o0);

    await t.caller(p(0)).results.contestNoShow({ id, reason: 'J’étais là, en retard.' });
    expect(await nextChange(organiser)).toBeGreaterThan(o1);
    expect((await t.caller(owner).results.forMatch({ id })).absent).toEqual([
      { user_id: p(0).id, status: 'contested' },
    ]);
    const a2 = await nextChange(absentee);
    expect(a2).toBeGreaterThan(a1);

    await t.caller(admin).results.adminDecideNoShow({ id, userId: p(0).id, decision: 'cancelled' });
    expect(await nextChange(absentee)).toBeGreaterThan(a2);
    expect((await t.caller(p(0)).results.forMatch({ id })).absent).toEqual([]);
  });
});
