import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_TEXT } from '../../common/messages-season';
import { levelFeedback, matchResults, playerRatings } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from './groups-support';
import { createPlace, insertFullMatch, trpcError } from './matches-support';

/**
 * Co-players' anonymous words on a player's level (issue 43): once each, only from a confirmed
 * result's players, never readable one by one, and weighing in the level suggestion.
 */
const NOW = '2026-06-10T12:00:00Z';
const onPostgres = Boolean(serverUrl());
let t: TestContext;
let rest: ReturnType<typeof restAs>;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  rest = restAs(t);
  placeId = (await createPlace(t, { name: 'Padel Club Avis' })).id;
});
afterAll(() => t.close());

/** Four players (the first organises) and their competitive match, its result confirmed. */
async function confirmedFour(prefix: string) {
  const four = await Promise.all(
    ['A', 'B', 'C', 'D'].map((n) => createUser(t.deps, { name: `${prefix}${n} Test` })),
  );
  const [a, b, c, d] = four as [TestUser, TestUser, TestUser, TestUser];
  const id = await insertFullMatch(t, {
    placeId,
    createdBy: a.id,
    players: [b, c, d],
    date: '2026-06-09',
    time: '10:00',
    kind: 'competitif',
  });
  await t.caller(a).results.enter({
    id,
    teams: [
      [a.id, b.id],
      [c.id, d.id],
    ],
    sets: [
      [6, 3],
      [6, 4],
    ],
  });
  await t.caller(c).results.confirm({ id });
  return { id, a, b, c, d };
}

const say = (who: TestUser, id: number, about: TestUser, verdict: string) =>
  rest(who, 'POST', `/api/matches/${id}/level-feedback`, { user_id: about.id, verdict });

describe('a word on a co-player’s level', () => {
  it('once per match and co-player, from the result’s players only; every refusal in French changes nothing', async () => {
    const { id, a, b, c, d } = await confirmedFour('Avis');
    const stranger = await createUser(t.deps);
    const mayJudge = async (u: TestUser) =>
      (await t.caller(u).results.forMatch({ id })).result?.may_judge;
    expect(await mayJudge(b)).toEqual([a.id, c.id, d.id]);
    expect(await mayJudge(stranger)).toEqual([]);
    expect(await say(b, id, a, 'plus_haut')).toEqual({
      status: 200,
      body: { success: true, message: FEEDBACK_TEXT.saved },
    });
    expect(await say(b, id, a, 'juste')).toMatchObject({
      status: 409,
      body: { error: FEEDBACK_TEXT.already },
    });
    expect(
      await trpcError(
        t.caller(stranger).results.levelFeedback({ id, user_id: a.id, verdict: 'juste' }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', message: FEEDBACK_TEXT.notPlayer });
    expect(await say(c, id, c, 'plus_haut')).toMatchObject({
      status: 400,
      body: { error: FEEDBACK_TEXT.self },
    });
    expect(await say(c, id, stranger, 'plus_bas')).toMatchObject({
      status: 400,
      body: { error: FEEDBACK_TEXT.notCoPlayer },
    });
    expect(await say(c, id, a, 'super')).toMatchObject({
      status: 400,
      body: { error: FEEDBACK_TEXT.verdictInvalid },
    });
    expect(await mayJudge(b)).toEqual([c.id, d.id]);
    // Only b's first word was kept.
    const rows = await t.db.db.select().from(levelFeedback).where(eq(levelFeedback.matchId, id));
    expect(rows.map((r) => [r.fromUserId, r.aboutUserId, r.verdict])).toEqual([
      [b.id, a.id, 'plus_haut'],
    ]);
  });

  it('waits for a confirmed result', async () => {
    const [a, b, c, d] = await Promise.all(
      ['P', 'Q', 'R', 'S'].map((n) => createUser(t.deps, { name: `Attente${n} Test` })),
    );
    const id = await insertFullMatch(t, {
      placeId,
      createdBy: a!.id,
      players: [b!, c!, d!],
      date: '2026-06-09',
      time: '10:00',
      kind: 'competitif',
    });
    expect(await say(b!, id, a!, 'juste')).toMatchObject({
      status: 400,
      body: { error: FEEDBACK_TEXT.noResult },
    });
    await t.caller(a).results.enter({
      id,
      teams: [
        [a!.id, b!.id],
        [c!.id, d!.id],
      ],
      sets: [
        [6, 3],
        [6, 4],
      ],
    });
    expect(await say(b!, id, a!, 'juste')).toMatchObject({
      status: 400,
      body: { error: FEEDBACK_TEXT.noResult },
    });
  });

  it.runIf(onPostgres)(
    'ten identical words at once (PostgreSQL): one kept, nine refused',
    async () => {
      const { id, a, d } = await confirmedFour('Rafale');
      const answers = await Promise.all(Array.from({ length: 10 }, () => say(d, id, a, 'juste')));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
      expect(await t.db.db.$count(levelFeedback, eq(levelFeedback.matchId, id))).toBe(1);
    },
  );
  if (!onPostgres) console.info('[level-feedback] the concurrent burst runs on PostgreSQL only');

  it('is never read back one by one: the player’s export counts them, the judge’s lists their own', async () => {
    const { id, a, b, c, d } = await confirmedFour('Secret');
    await say(b, id, a, 'plus_haut');
    await say(c, id, a, 'plus_bas');
    await say(d, id, a, 'plus_haut');
    const profile = JSON.stringify(await t.caller(b).results.profile({ id: a.id }));
    expect(profile).not.toMatch(/plus_haut|plus_bas|verdict/);
    const own = await t.caller(a).users.exportData({ id: a.id });
    expect(own.results.level_feedback_received).toEqual({ plus_bas: 1, juste: 0, plus_haut: 2 });
    expect(JSON.stringify(own)).not.toContain(String(`"about_user_id":${a.id}`));
    const judge = await t.caller(c).users.exportData({ id: c.id });
    expect(judge.results.level_feedback_given).toEqual([
      { match_id: id, about_user_id: a.id, verdict: 'plus_bas', at: expect.any(String) as string },
    ]);
  });
});

describe('words weigh in the level suggestion', () => {
  const inBand = (u: TestUser, count: number) =>
    t.db.db
      .update(playerRatings)
      .set({ rating: 1400, rd: 60, bandLevel: 'Niveau 4', bandCount: count })
      .where(eq(playerRatings.userId, u.id));

  it('three co-players agreeing bring it after 3 results in the band instead of 5', async () => {
    const { id, a, b, c, d } = await confirmedFour('Monte');
    await inBand(a, 3);
    expect((await t.caller(a).results.profile({ id: a.id })).suggestion).toBeNull();
    await say(b, id, a, 'plus_haut');
    await say(c, id, a, 'plus_haut');
    // Two words are not yet a signal.
    expect((await t.caller(a).results.profile({ id: a.id })).suggestion).toBeNull();
    await say(d, id, a, 'juste');
    expect((await t.caller(a).results.profile({ id: a.id })).suggestion).toMatchObject({
      niveau: 'Niveau 4',
    });
  });

  it('three co-players saying the other way hold it back, even after 5', async () => {
    const { id, a, b, c, d } = await confirmedFour('Descend');
    await inBand(a, 5);
    expect((await t.caller(a).results.profile({ id: a.id })).suggestion).toMatchObject({
      niveau: 'Niveau 4',
    });
    for (const judge of [b, c, d]) await say(judge, id, a, 'plus_bas');
    expect((await t.caller(a).results.profile({ id: a.id })).suggestion).toBeNull();
    expect(await trpcError(t.caller(a).results.acceptSuggestion())).toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('a new player’s level', () => {
  it('reads « provisoire » until 5 confirmed results', async () => {
    const { a, b, c, d } = await confirmedFour('Nouveau');
    const provisional = async () =>
      (await t.caller(b).results.profile({ id: a.id })).level_provisional;
    expect(await provisional()).toBe(true);
    let pending = 0;
    for (let i = 0; i < 4; i++) {
      const id = await insertFullMatch(t, {
        placeId,
        createdBy: a.id,
        players: [b, c, d],
        date: '2026-06-08',
        time: `${10 + i}:00`,
      });
      await t.db.db.insert(matchResults).values({
        matchId: id,
        teams: [
          [a.id, b.id],
          [c.id, d.id],
        ],
        sets: [[6, 2]],
        winner: 0,
        status: i === 3 ? 'pending' : 'confirmed',
      });
      pending = id;
    }
    // Four confirmed so far (a pending one does not count).
    expect(await provisional()).toBe(true);
    await t.db.db
      .update(matchResults)
      .set({ status: 'confirmed' })
      .where(eq(matchResults.matchId, pending));
    expect(await provisional()).toBe(false);
  });
});
