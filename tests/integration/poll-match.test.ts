import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { groupMatches, matches } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { createPlace, participantIdsOf, trpcError, waitingIdsOf } from './matches-support';

/**
 * The match a poll makes: padel is played at four, so it always has 4 places, whatever the count
 * of « oui » that makes it; those who said « oui » are in, the rest stay open to the group first.
 * Once made, the poll takes no more answers (409), even when the last « oui » come at once.
 * Members see who answered what, as "Prénom N.".
 */
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let placeId: number;
let boss: TestUser;
const players: TestUser[] = [];
const p = (i: number) => players[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Sondage' })).id;
  boss = await createUser(t.deps, { name: 'Camille Martin', level: 'Niveau 3' });
  for (let i = 0; i < 12; i++)
    players.push(await createUser(t.deps, { name: `Léa${i} Morel`, level: 'Niveau 3' }));
}, 120_000);
afterAll(() => t.close());

/** A group of the boss and `members`, with an open poll of two slots making a match at `size`. */
async function poll(members: TestUser[], size: number) {
  const g = await t.caller(boss).groups.create({ name: 'Les Sondés' });
  for (const u of members) await t.caller(u).groups.join({ token: g.invite_token });
  const made = await t.caller(boss).groups.createPoll({
    id: g.id,
    slots: [
      { place_id: placeId, date: '2026-06-16', time: '18:00' },
      { place_id: placeId, date: '2026-06-17', time: '18:00' },
    ],
    closes_at: '2026-06-12T10:00:00Z',
    size,
  });
  return {
    groupId: g.id,
    id: made.id,
    slot: String(made.slots[0]!.id),
    other: String(made.slots[1]!.id),
  };
}

describe(`a poll's match (${DB})`, () => {
  it('2 « oui » make a 4-place match with those 2 players and 2 places open to the group first', async () => {
    const { id, slot } = await poll([p(0), p(1), p(2)], 2);
    const open = await t.caller(p(0)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    expect(open.matched_slot_id).toBeNull();
    const made = await t.caller(p(1)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    expect(made.status).toBe('matched');
    // The poll page marks the slot that became the match.
    expect(made.matched_slot_id).toBe(Number(slot));
    const matchId = made.match_id!;
    const match = await t.caller(p(2)).matches.byId({ id: matchId });
    expect(match.slots).toBe(3);
    expect(match.missing_players).toBe(2);
    expect(match.created_by).toBe(p(0).id);
    expect(await participantIdsOf(t, matchId)).toEqual([p(1).id]);
    // Open to the group first: Trouver shows it to everyone after the group's 24 h.
    const [row] = await t.db.db
      .select({ publicAt: groupMatches.publicAt, isGroupOnly: groupMatches.isGroupOnly })
      .from(groupMatches)
      .where(eq(groupMatches.matchId, matchId));
    expect(row).toEqual({ publicAt: new Date('2026-06-11T08:00:00Z'), isGroupOnly: false });
    // A member who did not answer takes an open place as in any match.
    await t.caller(p(2)).matches.join({ id: matchId });
    expect((await t.caller(p(2)).matches.byId({ id: matchId })).missing_players).toBe(1);
  });

  it('takes no more answers once its match is made, with a clear French 409', async () => {
    const { id, slot, other } = await poll([p(3), p(4)], 2);
    await t.caller(p(3)).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    await t.caller(boss).groups.answerPoll({ id, answers: { [slot]: 'oui' } });
    for (const answers of [{ [slot]: 'oui' }, { [other]: 'non' }] as const)
      expect(await trpcError(t.caller(p(4)).groups.answerPoll({ id, answers }))).toEqual({
        code: 'CONFLICT',
        message: GROUP_MSG.pollMatched,
      });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/polls/${id}/answers`,
      headers: { ...p(4).headers, 'content-type': 'application/json' },
      payload: { answers: { [slot]: 'oui' } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: GROUP_MSG.pollMatched });
    const after = await t.caller(p(4)).groups.poll({ id });
    expect(after.slots[0]!.counts.oui).toBe(2);
    expect(after.slots[1]!.counts.non).toBe(0);
  });

  it('shows members who answered what, as "Prénom N.", in answer order', async () => {
    const { id, slot, other } = await poll([p(5), p(6)], 4);
    await t.caller(p(5)).groups.answerPoll({ id, answers: { [slot]: 'oui', [other]: 'non' } });
    await t
      .caller(boss)
      .groups.answerPoll({ id, answers: { [slot]: 'oui', [other]: 'peut-être' } });
    const seen = await t.caller(p(6)).groups.poll({ id });
    expect(seen.slots.map((s) => s.names)).toEqual([
      { oui: ['Léa5 M.', 'Camille M.'], non: [], 'peut-être': [] },
      { oui: [], non: ['Léa5 M.'], 'peut-être': ['Camille M.'] },
    ]);
    // No full name nor contact anywhere in the poll a member reads.
    expect(JSON.stringify(seen)).not.toContain('Morel');
    expect(JSON.stringify(seen)).not.toContain('Martin');
  });

  it('10 « oui » at once on a 4-« oui » poll: one match of 4 players, the other answers refused', async () => {
    const voters = players.slice(7, 12);
    const extra = [];
    for (let i = 0; i < 5; i++)
      extra.push(await createUser(t.deps, { name: `Rush${i} Vite`, level: 'Niveau 3' }));
    const all = [...voters, ...extra];
    const { groupId, id, slot } = await poll(all, 4);
    const results = await Promise.allSettled(
      all.map((u) => t.caller(u).groups.answerPoll({ id, answers: { [slot]: 'oui' } })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(4);
    expect(refused).toHaveLength(6);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: GROUP_MSG.pollMatched,
      });
    const made = await t.caller(boss).groups.poll({ id });
    expect(made.slots[0]!.counts.oui).toBe(4);
    const born = await t.db.db
      .select({ id: matches.id, missing: matches.missingPlayers, slots: matches.slots })
      .from(groupMatches)
      .innerJoin(matches, eq(matches.id, groupMatches.matchId))
      .where(eq(groupMatches.groupId, groupId));
    expect(born).toEqual([{ id: made.match_id, missing: 0, slots: 3 }]);
    expect(await participantIdsOf(t, made.match_id!)).toHaveLength(3);
    expect(await waitingIdsOf(t, made.match_id!)).toEqual([]);
  });
});
