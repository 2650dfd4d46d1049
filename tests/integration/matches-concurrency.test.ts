import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { matchParticipants, outbox } from '../../db/schema';
import type { TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import type { TestUser } from '../support/factories';
import { followLog } from '../support/worker';
import { createBurstCast, matchRow, trpcError, type BurstCast } from './matches-support';

// On PostgreSQL these calls really run at once (pool of 20 connections): the conditional UPDATE
// inside the join transaction is what keeps the count exact. PGlite runs them one by one.
const DB = serverUrl() ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let owner: TestUser;
let players: TestUser[];
let placeId: number;
let newMatch: BurstCast['newMatch'];

beforeAll(
  async () => ({ t, owner, players, placeId, newMatch } = await createBurstCast(50)),
  120_000,
);
afterAll(() => t.close());

describe('concurrent joins', () => {
  it(`50 players join a 3-place match at once over tRPC (${DB}): exactly 3 get in`, async () => {
    const m = await newMatch(3);
    const results = await Promise.all(
      players.map((p) => trpcError(t.caller(p).matches.join({ id: m.id }))),
    );
    const ok = results.filter((r) => r.code === 'NO_ERROR');
    const full = results.filter((r) => r.code === 'CONFLICT' && r.message === MSG.match.full);
    expect(ok).toHaveLength(3);
    expect(full).toHaveLength(47);
    expect(await matchRow(t, m.id)).toMatchObject({ slots: 3, missingPlayers: 0 });
    expect(await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id))).toBe(3);
    // The organiser comes first, then the 3 who got in.
    expect(await t.caller(owner).matches.participants({ id: m.id })).toHaveLength(4);
  });

  it('50 players join a 3-place match at once over REST: exactly 3 get in, 47 read "Match complet"', async () => {
    const m = await newMatch(3);
    const responses = await Promise.all(
      players.map((p) =>
        t.app.inject({
          method: 'POST',
          url: `/api/matches/${m.id}/join`,
          headers: p.headers,
          payload: { user_id: p.id },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r.json()).toEqual({ success: false, error: MSG.match.full });
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 0 });
    expect(await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id))).toBe(3);
  });

  it('the same player joining 10 times at once gets in once', async () => {
    const m = await newMatch(3);
    const p = players[0]!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => trpcError(t.caller(p).matches.join({ id: m.id }))),
    );
    expect(results.filter((r) => r.code === 'NO_ERROR')).toHaveLength(1);
    expect(results.filter((r) => r.message === MSG.match.alreadyJoined)).toHaveLength(9);
    expect(await matchRow(t, m.id)).toMatchObject({ missingPlayers: 2 });
  });

  it('joins and leaves racing each other keep missing_players = slots − participants', async () => {
    const m = await newMatch(3);
    const first = players.slice(0, 3);
    await Promise.all(first.map((p) => t.caller(p).matches.join({ id: m.id })));
    const others = players.slice(3, 23);
    await Promise.all([
      ...first.map((p) => t.caller(p).matches.leave({ id: m.id })),
      ...others.map((p) => trpcError(t.caller(p).matches.join({ id: m.id }))),
    ]);
    const row = await matchRow(t, m.id);
    const count = await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id));
    expect(row!.missingPlayers).toBe(3 - count);
    expect(row!.missingPlayers).toBeGreaterThanOrEqual(0);
  });

  it('an edit lowering slots while players join never overbooks', async () => {
    const m = await newMatch(3);
    const [edit, ...joins] = await Promise.all([
      trpcError(
        t.caller(owner).matches.update({
          id: m.id,
          place_id: placeId,
          date: '2026-06-20',
          time: '18:00',
          levels: ['Niveau 3'],
          slots: 2,
        }),
      ),
      ...players.slice(0, 10).map((p) => trpcError(t.caller(p).matches.join({ id: m.id }))),
    ]);
    const row = await matchRow(t, m.id);
    const count = await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id));
    expect(row!.missingPlayers).toBe(row!.slots - count);
    expect(count).toBeLessThanOrEqual(row!.slots);
    expect(joins.filter((r) => r.code === 'NO_ERROR')).toHaveLength(count);
    if (edit.code !== 'NO_ERROR') expect(edit.message).toBe(MSG.match.slotsBelowJoined(3));
  });

  it(`a burst of 150 joins over 10 matches at once (${DB}): none overbooked, one notice to the creator per player who got in`, async () => {
    const ms = await Promise.all(Array.from({ length: 10 }, () => newMatch(3)));

    const joinedNotices = () =>
      t.db.db.$count(outbox, and(eq(outbox.event, 'joined'), eq(outbox.userId, owner.id)));
    await followLog(t.deps);
    const noticesBefore = await joinedNotices();
    // Each player tries three matches (a fixed spread, every match wanted by about 15 players).
    const attempts = players.flatMap((p, i) =>
      [0, 3, 7].map((k) => ({ p, m: ms[(i + k) % ms.length]! })),
    );
    const results = await Promise.all(
      attempts.map(({ p, m }) => trpcError(t.caller(p).matches.join({ id: m.id }))),
    );
    for (const r of results) if (r.code !== 'NO_ERROR') expect(r.message).toBe(MSG.match.full);
    let overbooked = 0;
    let playersIn = 0;
    for (const m of ms) {
      const row = await matchRow(t, m.id);
      const count = await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id));
      if (count > row!.slots || row!.missingPlayers !== row!.slots - count) overbooked++;
      playersIn += count;
    }
    expect(overbooked).toBe(0);
    expect(playersIn).toBe(30);
    expect(results.filter((r) => r.code === 'NO_ERROR')).toHaveLength(30);
    await followLog(t.deps);
    expect((await joinedNotices()) - noticesBefore).toBe(30);
  });
});
