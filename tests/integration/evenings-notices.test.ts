import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, playerRatings, ratingHistory } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';
import { BURST_NOW } from './matches-support';

let t: TestContext;
let owner: TestUser;
let players: TestUser[];
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: BURST_NOW });
  owner = await createUser(t.deps, { name: 'Nora Organise' });
  players = [];
  for (const name of ['Julie Martin', 'Marc Durand', 'Léo Petit', 'Sarah Blanc'])
    players.push(await createUser(t.deps, { name }));
  placeId = (await createPlace(t)).id;
}, 120_000);
afterAll(() => t.close());

const mails = (event: string, userIds: number[]) =>
  t.db.db
    .select({ userId: outbox.userId, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(
      and(eq(outbox.channel, 'email'), eq(outbox.event, event), inArray(outbox.userId, userIds)),
    );

describe('what players of an evening hear', () => {
  it('confirms a sign-up, tells each player his game at every round and his final rank', async () => {
    const e = await t.caller(owner).evenings.create({
      format: 'americano',
      place_id: placeId,
      date: '2026-06-20',
      time: '19:00',
      levels: ['Niveau 3'],
      courts: 1,
      max_players: 4,
      points_per_game: 24,
      competitive: true,
    });
    for (const p of players) await t.caller(p).evenings.join({ id: e.id });
    await followLog(t.deps);
    const ids = players.map((p) => p.id);
    const signups = await mails('evening_signup', ids);
    expect(signups).toHaveLength(4);
    expect(signups[0]!.body).toContain('Vous êtes inscrit à la soirée Americano du');
    expect(signups[0]!.body).toContain(`/soirees/${e.id}`);

    const started = (await t.caller(owner).evenings.start({ id: e.id })).evening;
    await followLog(t.deps);
    const game = started.rounds[0]!.games[0]!;
    const [a, b] = game.teams[0];
    const round = await mails('evening_round', ids);
    expect(round).toHaveLength(4);
    const julie = players[0]!;
    const hers = round.find((r) => r.userId === julie.id)!;
    expect(hers.subject).toBe('La soirée Americano commence');
    // « Tour 1 : terrain 1, avec <partner> contre <opponents> », names as « Prénom N. ».
    expect(hers.body).toMatch(/^Tour 1 : terrain 1, avec \S+ \S\. contre \S+ \S\. et \S+ \S\.\./);
    expect(hers.body).not.toContain('Martin');

    const winner = players.find((p) => p.id === a)!;
    await t.caller(winner).evenings.score({ id: e.id, gameId: game.id, score: [20, 4] });
    await t.caller(owner).evenings.finish({ id: e.id });
    await followLog(t.deps);
    const final = await mails('evening_finished', ids);
    expect(final).toHaveLength(4);
    // Partners who won the one game share the top (tied on every count): 1st and 2nd.
    expect(final.find((r) => r.userId === a)!.body).toMatch(
      /^La soirée est terminée : vous finissez (1er|2e) sur 4 avec 20 points\./,
    );
    // The scorer's data export holds the game, his partners unnamed.
    const exported = await t.caller(winner).users.exportData({ id: winner.id });
    expect(exported.evening_games).toContainEqual(
      expect.objectContaining({
        evening_id: e.id,
        played: true,
        score: [20, 4],
        scored_by_me: true,
      }),
    );
    // A competitive evening's games move the ratings, as a confirmed result would.
    const rated = await t.db.db
      .select({ userId: ratingHistory.userId })
      .from(ratingHistory)
      .where(eq(ratingHistory.matchId, e.id));
    expect(rated.map((r) => r.userId).sort()).toEqual([...ids].sort());
    const [winnerRating] = await t.db.db
      .select()
      .from(playerRatings)
      .where(eq(playerRatings.userId, b));
    const [loserRating] = await t.db.db
      .select()
      .from(playerRatings)
      .where(eq(playerRatings.userId, game.teams[1][0]));
    expect(winnerRating!.rating).toBeGreaterThan(loserRating!.rating);
  });

  it('moves no rating for a friendly evening', async () => {
    const e = await t.caller(owner).evenings.create({
      format: 'mexicano',
      place_id: placeId,
      date: '2026-06-21',
      time: '19:00',
      levels: ['Niveau 3'],
      courts: 1,
      max_players: 4,
      points_per_game: 24,
    });
    for (const p of players) await t.caller(p).evenings.join({ id: e.id });
    const game = (await t.caller(owner).evenings.start({ id: e.id })).evening.rounds[0]!.games[0]!;
    await t.caller(owner).evenings.score({ id: e.id, gameId: game.id, score: [13, 11] });
    await t.caller(owner).evenings.finish({ id: e.id });
    expect(await t.db.db.$count(ratingHistory, eq(ratingHistory.matchId, e.id))).toBe(0);
  });
});
