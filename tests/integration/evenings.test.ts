import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENING_TEXT } from '../../common/messages-evenings';
import { MSG } from '../../common/messages';
import type { TEvening } from '../../common/schemas/evenings';
import { matches } from '../../db/schema';
import type { TestContext } from '../support/app';
import type { TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { trpcError } from './matches-support';
import { createEveningCast, signUp } from './evenings-support';

let t: TestContext;
let owner: TestUser;
let players: TestUser[];
let newEvening: Awaited<ReturnType<typeof createEveningCast>>['newEvening'];

beforeAll(async () => ({ t, owner, players, newEvening } = await createEveningCast(12)), 120_000);
afterAll(() => t.close());

const p = (i: number) => players[i]!;
const current = (e: TEvening) => e.rounds.find((r) => r.number === e.current_round)!;
/** Enters a winning score for every game of the current round, each by one of its players. */
async function scoreRound(e: TEvening, points = 24) {
  let last = e;
  for (const g of current(e).games) {
    const by = players.find((u) => u.id === g.teams[0][0]) ?? owner;
    last = (await t.caller(by).evenings.score({ id: e.id, gameId: g.id, score: [points - 9, 9] }))
      .evening;
  }
  return last;
}

describe('an Americano evening from sign-up to the final table', () => {
  it('runs 7 rounds for 8 players on 2 courts: every pair partners exactly once', async () => {
    const e = await newEvening();
    expect(e).toMatchObject({ format: 'americano', status: 'open', max_players: 8, courts: 2 });
    await signUp(t, e.id, players.slice(0, 8));
    let page = (await t.caller(owner).evenings.start({ id: e.id })).evening;
    expect(page.status).toBe('running');
    for (let n = 2; n <= 7; n++) {
      await scoreRound(page);
      page = (await t.caller(owner).evenings.nextRound({ id: e.id })).evening;
      expect(page.current_round).toBe(n);
    }
    page = await scoreRound(page);
    const partners = new Map<string, number>();
    for (const g of page.rounds.flatMap((r) => r.games))
      for (const [a, b] of g.teams) {
        const key = [a, b].sort((x, y) => x - y).join('-');
        partners.set(key, (partners.get(key) ?? 0) + 1);
      }
    expect(partners.size).toBe(28);
    expect([...partners.values()].every((n) => n === 1)).toBe(true);
    const done = (await t.caller(owner).evenings.finish({ id: e.id })).evening;
    expect(done.status).toBe('finished');
    expect(done.standings).toHaveLength(8);
    expect(done.standings[0]!.points).toBeGreaterThanOrEqual(done.standings[7]!.points);
    // Each player's list of evenings (« Mes soirées » in the profile) gives his final rank.
    const first = done.standings[0]!;
    const mine = await t.caller(players.find((u) => u.id === first.user_id)).evenings.list({
      mine: true,
    });
    expect(mine.find((x) => x.id === e.id)?.my_rank).toEqual({ rank: 1, of: 8 });
    // Everyone is named « Prénom N. » only.
    expect(done.standings.every((s) => /^Joueur \d+$|^\S+ \S\.$/.test(s.name))).toBe(true);
    expect(
      (
        await trpcError(
          t
            .caller(p(0))
            .evenings.score({ id: e.id, gameId: done.rounds[0]!.games[0]!.id, score: [12, 12] }),
        )
      ).message,
    ).toBe(EVENING_TEXT.finished);
  });

  it('refuses the next round while a score is missing, and a score that does not add up', async () => {
    const e = await newEvening({ max_players: 5, courts: 1, points_per_game: 21 });
    await signUp(t, e.id, players.slice(0, 5));
    const page = (await t.caller(owner).evenings.start({ id: e.id })).evening;
    expect(current(page).sitting_out).toHaveLength(1);
    const game = current(page).games[0]!;
    const player = players.find((u) => u.id === game.teams[1][0])!;
    expect(
      (
        await trpcError(
          t.caller(player).evenings.score({ id: e.id, gameId: game.id, score: [15, 9] }),
        )
      ).message,
    ).toBe('Les deux scores doivent totaliser 21 points.');
    expect((await trpcError(t.caller(owner).evenings.nextRound({ id: e.id }))).message).toBe(
      EVENING_TEXT.scoresMissing(1),
    );
    const sitter = players.find((u) => u.id === current(page).sitting_out[0])!;
    expect(
      (
        await trpcError(
          t.caller(sitter).evenings.score({ id: e.id, gameId: game.id, score: [11, 10] }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('sign-ups', () => {
  it('queues players once the evening is full and promotes the first when a player leaves', async () => {
    const e = await newEvening({ max_players: 4, courts: 1 });
    await signUp(t, e.id, players.slice(0, 4));
    const waiting = await t.caller(p(4)).evenings.join({ id: e.id });
    expect(waiting).toMatchObject({ waitlist_position: 1, message: EVENING_TEXT.waiting(1) });
    await t.caller(p(1)).evenings.leave({ id: e.id });
    const page = await t.caller(p(4)).evenings.byId({ id: e.id });
    expect(page.me).toMatchObject({ playing: true, waitlist_position: null });
    expect(page.players.map((x) => x.user_id)).toContain(p(4).id);
  });

  it('lets the organiser close sign-ups, add a late player from the waiting list and remove one', async () => {
    const e = await newEvening({ max_players: 4, courts: 1 });
    await signUp(t, e.id, players.slice(0, 4));
    await t.caller(p(5)).evenings.join({ id: e.id });
    // Only the organiser sees who waits.
    expect((await t.caller(owner).evenings.byId({ id: e.id })).waiting_list).toEqual([
      { user_id: p(5).id, name: expect.any(String) as string },
    ]);
    expect((await t.caller(p(0)).evenings.byId({ id: e.id })).waiting_list).toEqual([]);
    await t.caller(owner).evenings.setSignupsClosed({ id: e.id, closed: true });
    expect((await trpcError(t.caller(p(6)).evenings.join({ id: e.id }))).message).toBe(
      EVENING_TEXT.signupsClosed,
    );
    await t.caller(owner).evenings.start({ id: e.id });
    const added = (await t.caller(owner).evenings.addPlayer({ id: e.id, userId: p(5).id })).evening;
    expect(added.max_players).toBe(5);
    expect(added.players).toHaveLength(5);
    const removed = (await t.caller(owner).evenings.removePlayer({ id: e.id, userId: p(0).id }))
      .evening;
    expect(removed.players.map((x) => x.user_id)).not.toContain(p(0).id);
    // Past games keep the removed player.
    expect(removed.rounds[0]!.games[0]!.teams.flat()).toContain(p(0).id);
    expect((await trpcError(t.caller(p(1)).evenings.start({ id: e.id }))).code).toBe('FORBIDDEN');
  });

  it('never grows past 32 players: seating a late arrival at the cap is refused, nothing moves', async () => {
    const e = await newEvening({ max_players: 4, courts: 1 });
    await signUp(t, e.id, players.slice(0, 4));
    await t.caller(p(5)).evenings.join({ id: e.id });
    // As if 32 had signed up: the cap is what the rule reads.
    await t.db.db.update(matches).set({ slots: 32 }).where(eq(matches.id, e.id));
    expect(
      (await trpcError(t.caller(owner).evenings.addPlayer({ id: e.id, userId: p(5).id }))).message,
    ).toBe(EVENING_TEXT.capRange);
    const after = await t.caller(owner).evenings.byId({ id: e.id });
    expect(after.max_players).toBe(32);
    expect(after.waiting_list.map((w) => w.user_id)).toEqual([p(5).id]);
  });

  it('is not joined as a match, nor listed among matches', async () => {
    const e = await newEvening();
    expect((await trpcError(t.caller(p(0)).matches.join({ id: e.id }))).message).toBe(
      EVENING_TEXT.joinFromEvening,
    );
    const list = await t.caller(p(0)).matches.list({});
    expect(list.items.map((m) => m.id)).not.toContain(e.id);
    expect((await t.caller(p(0)).evenings.list()).map((x) => x.id)).toContain(e.id);
  });

  it('hides a private evening from a stranger (404) and shows it with its link', async () => {
    const e = await newEvening({ visibility: 'private' });
    expect(e.share_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await trpcError(t.caller(p(9)).evenings.byId({ id: e.id }))).message).toBe(
      EVENING_TEXT.notFound,
    );
    expect((await t.caller(p(9)).evenings.list()).map((x) => x.id)).not.toContain(e.id);
    const res = await restAs(t, p(9), 'GET', `/evenings/${e.id}`);
    expect(res.status).toBe(404);
    const viaLink = await t.caller(p(9)).evenings.byId({ id: e.id, token: e.share_token! });
    expect(viaLink.share_token).toBeNull();
    expect(MSG.match.notFound).not.toBe(EVENING_TEXT.notFound);
  });
});

describe('REST', () => {
  it('creates, joins, starts and scores over /api/evenings with French errors', async () => {
    const created = await restAs(t, owner, 'POST', '/evenings', {
      format: 'roi_du_terrain',
      place_id: (await t.caller(owner).evenings.byId({ id: (await newEvening()).id })).place.id,
      date: '2026-06-21',
      time: '19:00',
      levels: ['Niveau 3'],
      courts: 1,
      max_players: 4,
      points_per_game: 11,
      competitive: true,
      visibility: 'public',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const u of players.slice(0, 4))
      expect((await restAs(t, u, 'POST', `/evenings/${id}/join`, {})).status).toBe(200);
    expect((await restAs(t, owner, 'POST', `/evenings/${id}/start`, {})).status).toBe(200);
    const page = (await restAs(t, p(0), 'GET', `/evenings/${id}`)).body as unknown as TEvening;
    expect(page.format).toBe('roi_du_terrain');
    const game = page.rounds[0]!.games[0]!;
    const player = players.find((u) => u.id === game.teams[0][0])!;
    const bad = await restAs(t, player, 'PUT', `/evenings/${id}/games/${game.id}/score`, {
      score: [11, 11],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'Il faut un vainqueur : les deux scores ne peuvent pas être égaux.',
    );
    const ok = await restAs(t, player, 'PUT', `/evenings/${id}/games/${game.id}/score`, {
      score: [11, 7],
    });
    expect(ok.status).toBe(200);
    const badCreate = await restAs(t, owner, 'POST', '/evenings', { format: 'tennis' });
    expect(badCreate.status).toBe(400);
  });
});
