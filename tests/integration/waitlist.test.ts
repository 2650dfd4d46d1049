import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { matchParticipants, matchWaitlist } from '../../db/schema';
import type { TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import {
  createBurstCast,
  insertMatch,
  matchRow,
  trpcError,
  type BurstCast,
} from './matches-support';

// On PostgreSQL the bursts below really run at once (pool of 20 connections); PGlite runs them one by one.
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let owner: TestUser;
let players: TestUser[];
let placeId: number;
let newMatch: BurstCast['newMatch'];

beforeAll(
  async () => ({ t, owner, players, placeId, newMatch } = await createBurstCast(14)),
  120_000,
);
afterAll(() => t.close());

const p = (i: number) => players[i]!;
/** A match of `slots` places, all taken by the given players. */
async function fullMatch(slots: number, by: TestUser[]) {
  const m = await newMatch(slots);
  for (const u of by) await t.caller(u).matches.join({ id: m.id });
  return m;
}
const participantIds = async (id: number) =>
  (
    await t.db.db
      .select({ id: matchParticipants.userId })
      .from(matchParticipants)
      .where(eq(matchParticipants.matchId, id))
  ).map((r) => r.id);
const waitingIds = async (id: number) =>
  (
    await t.db.db
      .select({ id: matchWaitlist.userId })
      .from(matchWaitlist)
      .where(eq(matchWaitlist.matchId, id))
      .orderBy(matchWaitlist.id)
  ).map((r) => r.id);

describe('joining and leaving the waiting list', () => {
  it('queues players on a full match and answers their position, over tRPC and REST', async () => {
    const m = await fullMatch(1, [p(0)]);
    expect(await t.caller(p(1)).matches.joinWaitlist({ id: m.id })).toMatchObject({
      success: true,
      position: 1,
    });
    const rest = await restAs(t, p(2), 'POST', `/matches/${m.id}/waitlist`, {});
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({
      success: true,
      position: 2,
      message: MSG.waitlist.joined(2),
    });
    expect(await t.caller(p(2)).matches.myWaitlist()).toEqual([
      { match_id: m.id, position: 2, waiting: 2 },
    ]);

    const left = await restAs(t, p(1), 'DELETE', `/matches/${m.id}/waitlist`, {});
    expect(left).toMatchObject({
      status: 200,
      body: { success: true, message: MSG.waitlist.left },
    });
    expect(await t.caller(p(2)).matches.myWaitlist()).toEqual([
      { match_id: m.id, position: 1, waiting: 1 },
    ]);
    expect(await restAs(t, p(1), 'DELETE', `/matches/${m.id}/waitlist`, {})).toMatchObject({
      status: 409,
      body: { success: false, error: MSG.waitlist.notWaiting },
    });
  });

  it('refuses in French: free places, own match, twice, already playing, finished match, unknown match', async () => {
    const open = await newMatch(2);
    expect(await trpcError(t.caller(p(0)).matches.joinWaitlist({ id: open.id }))).toEqual({
      code: 'CONFLICT',
      message: MSG.waitlist.notFull,
    });
    const full = await fullMatch(1, [p(0)]);
    expect(await restAs(t, owner, 'POST', `/matches/${full.id}/waitlist`, {})).toMatchObject({
      status: 400,
      body: { error: MSG.waitlist.ownMatch },
    });
    expect(await trpcError(t.caller(p(0)).matches.joinWaitlist({ id: full.id }))).toEqual({
      code: 'CONFLICT',
      message: MSG.waitlist.alreadyPlaying,
    });
    await t.caller(p(1)).matches.joinWaitlist({ id: full.id });
    expect(await restAs(t, p(1), 'POST', `/matches/${full.id}/waitlist`, {})).toMatchObject({
      status: 409,
      body: { error: MSG.waitlist.already },
    });
    const past = await insertMatch(t, {
      placeId,
      createdBy: owner.id,
      date: '2026-06-09',
      time: '18:00',
      slots: 1,
      missing: 0,
    });
    expect(await trpcError(t.caller(p(1)).matches.joinWaitlist({ id: past.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.match.finished,
    });
    expect(await restAs(t, p(1), 'POST', '/matches/999999/waitlist', {})).toMatchObject({
      status: 404,
      body: { error: MSG.match.notFound },
    });
    expect(await restAs(t, null, 'POST', `/matches/${full.id}/waitlist`, {})).toMatchObject({
      status: 401,
    });
    expect(await waitingIds(full.id)).toEqual([p(1).id]);
    expect(await waitingIds(open.id)).toEqual([]);
  });
});

describe('the waiting list follows the match’s levels, like the join button (issue 38)', () => {
  it('refuses a player of another level in French on tRPC and REST, and changes nothing', async () => {
    const outsider = await createUser(t.deps, { name: 'Hors Niveau', level: 'Niveau 7' });
    const full = await fullMatch(1, [p(3)]);
    const message = MSG.waitlist.outsideLevels(['Niveau 3']);
    expect(message).toMatch(/^La liste d'attente de ce match est réservée/);
    expect(await trpcError(t.caller(outsider).matches.joinWaitlist({ id: full.id }))).toEqual({
      code: 'FORBIDDEN',
      message,
    });
    expect(await restAs(t, outsider, 'POST', `/matches/${full.id}/waitlist`, {})).toMatchObject({
      status: 403,
      body: { error: message },
    });
    expect(await waitingIds(full.id)).toEqual([]);
    // A player of the match's level still queues.
    await t.caller(p(4)).matches.joinWaitlist({ id: full.id });
    expect(await waitingIds(full.id)).toEqual([p(4).id]);
  });

  it('lets anyone queue on a match open to all levels', async () => {
    const outsider = await createUser(t.deps, { name: 'Tous Niveaux', level: 'Niveau 7' });
    const open = await t.caller(owner).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 1,
      open_levels: true,
    });
    await t.caller(p(5)).matches.join({ id: open.id });
    expect(await restAs(t, outsider, 'POST', `/matches/${open.id}/waitlist`, {})).toMatchObject({
      status: 201,
      body: { position: 1 },
    });
    expect(await waitingIds(open.id)).toEqual([outsider.id]);
  });
});

describe('where a waiting player sees their place', () => {
  it('the match page (tRPC and REST) gives the viewer their position, null for anyone not waiting', async () => {
    const m = await fullMatch(1, [p(3)]);
    await t.caller(p(4)).matches.joinWaitlist({ id: m.id });
    await t.caller(p(5)).matches.joinWaitlist({ id: m.id });
    expect((await t.caller(p(5)).matches.byId({ id: m.id })).waitlist_position).toBe(2);
    expect((await restAs(t, p(4), 'GET', `/matches/${m.id}`)).body).toMatchObject({
      waitlist_position: 1,
    });
    expect((await t.caller(p(6)).matches.byId({ id: m.id })).waitlist_position).toBeNull();
    expect((await t.caller(owner).matches.byId({ id: m.id })).waitlist_position).toBeNull();
    await t.caller(p(4)).matches.leaveWaitlist({ id: m.id });
    expect((await t.caller(p(5)).matches.byId({ id: m.id })).waitlist_position).toBe(1);
    await t.caller(p(5)).matches.leaveWaitlist({ id: m.id });
  });

  it('My matches lists the upcoming matches the player waits for, with the position, and counts them', async () => {
    const a = await fullMatch(1, [p(7)]);
    const b = await fullMatch(1, [p(8)]);
    await t.caller(p(10)).matches.joinWaitlist({ id: a.id });
    await t.caller(p(9)).matches.joinWaitlist({ id: b.id });
    await t.caller(p(10)).matches.joinWaitlist({ id: b.id });
    const past = await insertMatch(t, {
      placeId,
      createdBy: owner.id,
      date: '2026-06-09',
      time: '18:00',
      slots: 1,
      missing: 0,
    });
    await t.db.db
      .insert(matchWaitlist)
      .values({ matchId: past.id, userId: p(10).id, createdAt: new Date('2026-06-01T10:00:00Z') });

    const mine = await t.caller(p(10)).matches.mine();
    expect(mine.waiting.map((w) => [w.id, w.waitlist_position, w.is_creator])).toEqual([
      [a.id, 1, false],
      [b.id, 2, false],
    ]);
    expect(mine.matches).toEqual([]);
    expect(mine.counters).toEqual({ created: 0, joined: 0, upcoming: 0, waiting: 2 });
    const viaRest = await restAs(t, p(10), 'GET', '/matches/mine');
    expect(viaRest.body).toMatchObject({ counters: { waiting: 2 } });
    // Promoted: the match moves from "waiting" to the matches the player plays.
    await t.caller(p(7)).matches.leave({ id: a.id });
    const after = await t.caller(p(10)).matches.mine();
    expect(after.waiting.map((w) => w.id)).toEqual([b.id]);
    expect(after.matches.map((x) => x.id)).toEqual([a.id]);
    expect(after.counters).toMatchObject({ joined: 1, waiting: 1 });
  });
});

describe('a freed place goes to the first waiting player, in the same transaction', () => {
  it('a waiting player who gets a place by joining leaves the queue; the others keep theirs', async () => {
    const m = await fullMatch(1, [p(0)]);
    await t.caller(p(2)).matches.joinWaitlist({ id: m.id });
    await t.caller(p(3)).matches.joinWaitlist({ id: m.id });
    // A place that came back without going to the queue (as if its promotion had skipped a locked row).
    await t.db.db.execute(
      sql`update matches set slots = slots + 1, missing_players = missing_players + 1 where id = ${m.id}`,
    );
    const joined = await t.caller(p(3)).matches.join({ id: m.id });
    expect(joined.message).toBe(MSG.match.joined);
    expect(joined.match.participants.map((x) => x.user_id)).toEqual([p(0).id, p(3).id]);
    expect(joined.match.missing_players).toBe(0);
    expect(await waitingIds(m.id)).toEqual([p(2).id]);
    expect(await t.caller(p(3)).matches.myWaitlist()).toEqual([]);
  });

  it('when a participant leaves: the first in the queue plays, the second moves up', async () => {
    const m = await fullMatch(2, [p(0), p(1)]);
    await t.caller(p(2)).matches.joinWaitlist({ id: m.id });
    await t.caller(p(3)).matches.joinWaitlist({ id: m.id });
    await t.caller(p(0)).matches.leave({ id: m.id });
    expect((await participantIds(m.id)).sort()).toEqual([p(1).id, p(2).id].sort());
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 0 });
    expect(await t.caller(p(3)).matches.myWaitlist()).toEqual([
      { match_id: m.id, position: 1, waiting: 1 },
    ]);
    const mine = await t.caller(p(2)).matches.mine();
    expect(mine.matches.map((x) => x.id)).toContain(m.id);
  });

  it('when the creator raises the slots: as many waiting players as new places, in order', async () => {
    const m = await fullMatch(1, [p(0)]);
    for (const i of [4, 5, 6]) await t.caller(p(i)).matches.joinWaitlist({ id: m.id });
    await t.caller(owner).matches.update({
      id: m.id,
      place_id: placeId,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots: 3,
    });
    expect((await participantIds(m.id)).sort()).toEqual([p(0).id, p(4).id, p(5).id].sort());
    expect(await waitingIds(m.id)).toEqual([p(6).id]);
    expect(await matchRow(t, m.id)).toMatchObject({ slots: 3, missingPlayers: 0 });
  });

  it('when an admin deletes a participant’s account', async () => {
    const admin = await createAdmin(t.deps);
    const gone = await createUser(t.deps);
    const m = await fullMatch(1, [gone]);
    await t.caller(p(7)).matches.joinWaitlist({ id: m.id });
    await t.caller(admin).admin.users.delete({ id: gone.id });
    expect(await participantIds(m.id)).toEqual([p(7).id]);
    expect(await waitingIds(m.id)).toEqual([]);
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 0 });
  });

  it('with nobody waiting, the place simply becomes free again', async () => {
    const m = await fullMatch(1, [p(8)]);
    await t.caller(p(8)).matches.leave({ id: m.id });
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 1 });
  });

  it(`a leave plus 10 simultaneous waitlist joins on a full match (${DB}): never more players than slots, the earliest waiting player promoted`, async () => {
    for (let round = 0; round < 3; round++) {
      const m = await fullMatch(2, [p(0), p(1)]);
      await t.caller(p(2)).matches.joinWaitlist({ id: m.id });
      await t.caller(p(3)).matches.joinWaitlist({ id: m.id });
      const burst = players.slice(4, 14);
      const results = await Promise.all([
        trpcError(t.caller(p(0)).matches.leave({ id: m.id })),
        ...burst.map((u) => trpcError(t.caller(u).matches.joinWaitlist({ id: m.id }))),
      ]);
      // The match was full before and after the promotion, so every join was accepted.
      expect(results.map((r) => r.code)).toEqual(Array<string>(11).fill('NO_ERROR'));
      expect((await participantIds(m.id)).sort()).toEqual([p(1).id, p(2).id].sort());
      expect(await matchRow(t, m.id)).toMatchObject({ slots: 2, missingPlayers: 0 });
      const queue = await waitingIds(m.id);
      expect(queue[0]).toBe(p(3).id);
      expect(queue.slice(1).sort()).toEqual(burst.map((u) => u.id).sort());
      const positions = await Promise.all(
        burst.map(async (u) =>
          (await t.caller(u).matches.myWaitlist()).find((w) => w.match_id === m.id),
        ),
      );
      expect(positions.map((w) => w?.position).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      ]);
    }
  });

  it(`two leaves and a raise racing 10 waitlist joins (${DB}) keep missing_players = slots − participants`, async () => {
    const m = await fullMatch(3, [p(0), p(1), p(2)]);
    await t.caller(p(3)).matches.joinWaitlist({ id: m.id });
    await Promise.all([
      trpcError(t.caller(p(0)).matches.leave({ id: m.id })),
      trpcError(t.caller(p(1)).matches.leave({ id: m.id })),
      trpcError(
        t.caller(owner).matches.update({
          id: m.id,
          place_id: placeId,
          date: '2026-06-20',
          time: '18:00',
          levels: ['Niveau 3'],
          slots: 4,
        }),
      ),
      ...players.slice(4, 14).map((u) => trpcError(t.caller(u).matches.joinWaitlist({ id: m.id }))),
    ]);
    const row = await matchRow(t, m.id);
    const playing = await participantIds(m.id);
    const queue = await waitingIds(m.id);
    expect(playing.length).toBeLessThanOrEqual(row!.slots);
    expect(row!.missingPlayers).toBe(row!.slots - playing.length);
    // Nobody waits while a place is free.
    if (queue.length > 0) expect(row!.missingPlayers).toBe(0);
    expect(playing).toContain(p(3).id);
  });
});
