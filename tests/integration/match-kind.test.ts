/**
 * « Amical » or « Compétitif » (issue 42): only a competitive match's confirmed result moves the
 * players' ratings; an amical one still counts in their history and stats. Both doors.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KIND_TEXT } from '../../common/messages-court';
import { playerRatings, ratingHistory } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { createPlace, matchRow, trpcError } from './matches-support';

/** 10:00 in Paris; the matches start at 18:00 and the results come at 21:00. */
const NOW = '2026-06-10T08:00:00Z';
const AFTER = '2026-06-10T19:00:00Z';
let t: TestContext;
let placeId: number;
let owner: TestUser;
let players: TestUser[];
const everyone = () => [owner, ...players];

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Nantes', city: 'Nantes' })).id;
  owner = await createUser(t.deps, { name: 'Nora Organise' });
  players = [];
  for (const name of ['Julie Martin', 'Marc Durand', 'Léo Petit'])
    players.push(await createUser(t.deps, { name }));
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.clock.set(NOW));

const fields = { date: '2026-06-10', time: '18:00', levels: ['Niveau 3'], slots: 3 };
const sets = [
  [6, 3],
  [6, 4],
];
/** Nora and Julie against Marc and Léo. */
const teams = () => [
  [owner.id, players[0]!.id],
  [players[1]!.id, players[2]!.id],
];

/** Every player's rating row, as the admin's rating screen reads it. */
const ratings = () =>
  t.db.db
    .select({ userId: playerRatings.userId, rating: playerRatings.rating, rd: playerRatings.rd })
    .from(playerRatings)
    .where(
      inArray(
        playerRatings.userId,
        everyone().map((u) => u.id),
      ),
    )
    .orderBy(asc(playerRatings.userId));
const historyOf = (matchId: number) =>
  t.db.db.$count(ratingHistory, eq(ratingHistory.matchId, matchId));

/** A match of `kind` made, filled, played and confirmed over tRPC: Nora's team wins. */
async function playedOverTrpc(kind?: 'amical' | 'competitif') {
  const m = await t
    .caller(owner)
    .matches.create({ place_id: placeId, ...fields, ...(kind ? { kind } : {}) });
  for (const p of players) await t.caller(p).matches.join({ id: m.id });
  t.clock.set(AFTER);
  await t.caller(players[0]).results.enter({ id: m.id, teams: teams(), sets });
  const confirmed = await t.caller(players[1]).results.confirm({ id: m.id });
  expect(confirmed.result?.status).toBe('confirmed');
  t.clock.set(NOW);
  return m.id;
}

/** The same over the REST doors, as a third party's app. */
async function playedOverRest(kind?: 'amical' | 'competitif') {
  const created = await restAs(t, owner, 'POST', '/matches', {
    place_id: placeId,
    ...fields,
    created_by: owner.id,
    ...(kind ? { kind } : {}),
  });
  expect(created.status).toBe(201);
  const id = (created.body.match as { id: number }).id;
  for (const p of players)
    expect((await restAs(t, p, 'POST', `/matches/${id}/join`, { user_id: p.id })).status).toBe(200);
  t.clock.set(AFTER);
  expect(
    (await restAs(t, players[0]!, 'PUT', `/matches/${id}/result`, { teams: teams(), sets })).status,
  ).toBe(200);
  const confirmed = await restAs(t, players[1]!, 'POST', `/matches/${id}/result/confirm`);
  expect(confirmed.body).toMatchObject({ success: true, result: { status: 'confirmed' } });
  t.clock.set(NOW);
  return id;
}

describe.each([
  ['tRPC', playedOverTrpc],
  ['REST', playedOverRest],
] as const)('over %s', (door, play) => {
  it(`a competitive result moves the four ratings; an amical one leaves every rating as it was, and still counts in the history (${door})`, async () => {
    const before = await ratings();
    const competitive = await play('competitif');
    expect((await matchRow(t, competitive))?.kind).toBe('competitif');
    const moved = await ratings();
    expect(moved).toHaveLength(4);
    expect(moved).not.toEqual(before);
    expect(await historyOf(competitive)).toBe(4);
    const rated = (u: TestUser) => moved.find((r) => r.userId === u.id)!.rating;
    // The winners (Nora, Julie) rise above the losers (Marc, Léo).
    expect(Math.min(rated(owner), rated(players[0]!))).toBeGreaterThan(
      Math.max(rated(players[1]!), rated(players[2]!)),
    );

    const profileBefore = await t.caller(players[0]).results.profile({ id: players[0]!.id });
    // Left out, the kind is « Amical ».
    const amical = await play();
    expect((await matchRow(t, amical))?.kind).toBe('amical');
    expect(await ratings()).toEqual(moved);
    expect(await historyOf(amical)).toBe(0);
    const profile = await t.caller(players[0]).results.profile({ id: players[0]!.id });
    expect(profile.played).toBe(profileBefore.played + 1);
    expect(profile.won).toBe(profileBefore.won + 1);
    expect(profile.last_results.map((r) => r.match_id)).toContain(amical);
  });
});

describe('the kind on the match', () => {
  it('is shown on the cards and the page, and filters the list on both doors', async () => {
    const amical = await t.caller(owner).matches.create({
      place_id: placeId,
      ...fields,
      date: '2026-06-12',
    });
    const competitive = await t.caller(owner).matches.create({
      place_id: placeId,
      ...fields,
      date: '2026-06-12',
      kind: 'competitif',
    });
    expect(amical.kind).toBe('amical');
    expect((await t.caller(players[0]).matches.byId({ id: competitive.id })).kind).toBe(
      'competitif',
    );
    const listed = await t.caller().matches.list({ kind: 'competitif', from: '2026-06-12' });
    expect(listed.items.map((m) => m.id)).toEqual([competitive.id]);
    const legacy = await restAs(
      t,
      null,
      'GET',
      '/matches?kind=amical&from=2026-06-12&to=2026-06-12',
    );
    const rows = legacy.raw.json<{ id: number; kind: string }[]>();
    expect(rows.map((m) => m.id)).toEqual([amical.id]);
    expect(rows[0]!.kind).toBe('amical');
    const wrong = await restAs(t, null, 'GET', '/matches?kind=classé');
    expect(wrong).toMatchObject({ status: 400, body: { error: KIND_TEXT.invalid } });
  });

  it('cannot change once the match has started: its result is judged by the kind it was played as', async () => {
    const m = await t.caller(owner).matches.create({ place_id: placeId, ...fields });
    for (const p of players) await t.caller(p).matches.join({ id: m.id });
    t.clock.set(AFTER);
    const edit = { id: m.id, place_id: placeId, ...fields, kind: 'competitif' as const };
    expect(await trpcError(t.caller(owner).matches.update(edit))).toEqual({
      code: 'BAD_REQUEST',
      message: KIND_TEXT.started,
    });
    const { id: _id, ...body } = edit;
    const viaRest = await restAs(t, owner, 'PUT', `/matches/${m.id}`, {
      ...body,
      user_id: owner.id,
    });
    expect(viaRest).toMatchObject({ status: 400, body: { error: KIND_TEXT.started } });
    expect((await matchRow(t, m.id))?.kind).toBe('amical');
  });
});
