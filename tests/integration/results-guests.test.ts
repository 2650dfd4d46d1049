import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { RESULT_MSG } from '../../common/results';
import {
  matchGuests,
  matchParticipants,
  matchResults,
  outbox,
  playerRatings,
  ratingHistory,
} from '../../db/schema';
import { rateDoubles } from '../../server/services/results/glicko2';
import { runResultJobs } from '../../server/services/results/jobs';
import { guestRating, levelGrid, seedRating } from '../../server/services/results/rating';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createPlace, insertMatch, matchRow, trpcError } from './matches-support';

/**
 * Results with reserved-seat guests ("Places réservées"): a guest plays in a team as
 * `{ guest: id }`, gets no rating, cannot answer, and is shown as « Invité de Paul ».
 */
const NOW = '2026-06-10T12:00:00Z';
const onPostgres = Boolean(serverUrl());
let t: TestContext;
let placeId: number;
let paul: TestUser;
let admin: TestUser;
let outsider: TestUser;
const cast: TestUser[] = [];
const p = (i: number) => cast[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Nantes', city: 'Nantes' })).id;
  paul = await createUser(t.deps, { name: 'Paul Organisateur' });
  admin = await createAdmin(t.deps, { name: 'Admin Root' });
  outsider = await createUser(t.deps, { name: 'Extérieur Durand' });
  for (let i = 0; i < 6; i++) cast.push(await createUser(t.deps, { name: `Joueur${i} Dupont` }));
}, 120_000);
afterAll(() => t.close());

/**
 * A competitive match Paul organised that started this morning (its results move ratings):
 * `players` joined, `guests` are reserved seats (by first name); 3 places besides Paul, all taken
 * unless fewer are given.
 */
async function played(players: TestUser[], guests: string[], levels = ['Niveau 3']) {
  const slots = Math.max(3, players.length + guests.length);
  const m = await insertMatch(t, {
    placeId,
    createdBy: paul.id,
    date: '2026-06-10',
    time: '10:00',
    levels,
    slots,
    missing: slots - players.length - guests.length,
    kind: 'competitif',
  });
  if (players.length > 0)
    await t.db.db
      .insert(matchParticipants)
      .values(players.map((u) => ({ matchId: m.id, userId: u.id })));
  const seats =
    guests.length === 0
      ? []
      : await t.db.db
          .insert(matchGuests)
          .values(guests.map((name) => ({ matchId: m.id, name })))
          .returning({ id: matchGuests.id });
  return { id: m.id, guests: seats.map((s) => ({ guest: s.id })) };
}
const twoSets = [
  [6, 4],
  [6, 4],
];
const resultOf = async (id: number) =>
  (await t.db.db.select().from(matchResults).where(eq(matchResults.matchId, id)))[0];
const historyOf = (id: number) =>
  t.db.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id));
const asked = async (matchId: number) => {
  await followLog(t.deps);
  return (
    await t.db.db
      .select({ userId: outbox.userId, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.event, 'resultEntered'), eq(outbox.channel, 'email')))
  )
    .filter((n) => n.body?.endsWith(`/matches/${matchId}`))
    .map((n) => n.userId);
};

describe('entering a result with a guest', () => {
  it('takes { guest: id } in a team on both doors; the guest is « Invité de Paul », named to the players only', async () => {
    // Paul, two players and Marc, his guest: four people, so the result can be entered.
    const m = await played([p(0), p(1)], ['Marc']);
    expect((await t.caller(p(0)).results.forMatch({ id: m.id })).can_enter).toBe(true);
    const marc = m.guests[0]!;
    const res = await restAs(t, p(0), 'PUT', `/matches/${m.id}/result`, {
      teams: [
        [p(0).id, marc],
        [paul.id, p(1).id],
      ],
      sets: [
        [6, 4],
        [3, 6],
        [10, 8],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: RESULT_MSG.entered,
      result: {
        status: 'pending',
        winner: 0,
        viewer_side: 0,
        has_answerer: true,
        teams: [
          [
            { user_id: p(0).id, name: 'Joueur0 D.' },
            { guest_id: marc.guest, name: 'Invité de Paul', guest_name: 'Marc' },
          ],
          [
            { user_id: paul.id, name: 'Paul O.' },
            { user_id: p(1).id, name: 'Joueur1 D.' },
          ],
        ],
      },
    });
    expect(await resultOf(m.id)).toMatchObject({
      teams: [
        [p(0).id, marc],
        [paul.id, p(1).id],
      ],
    });
    // Only the other team's players are asked to confirm.
    expect((await asked(m.id)).sort()).toEqual([paul.id, p(1).id].sort());
    // A stranger (and the admin) read « Invité de Paul » without the guest's first name.
    const seen = await t.caller(outsider).results.forMatch({ id: m.id });
    expect(seen.result?.teams[0]?.[1]).toEqual({
      guest_id: marc.guest,
      name: 'Invité de Paul',
      guest_name: null,
    });
    expect(JSON.stringify(seen)).not.toContain('Marc');
  });

  it('counts guests to make four, and refuses in French a seat of another match, a guest twice, four guests or a malformed entry; nothing is stored', async () => {
    const three = await played([p(0)], ['Léo']);
    expect((await t.caller(p(0)).results.forMatch({ id: three.id })).can_enter).toBe(false);
    const m = await played([p(2)], ['Marc', 'Jean']);
    const other = await played([p(3), p(4)], ['Zoé']);
    const [marc, jean] = [m.guests[0]!, m.guests[1]!];
    const enter = (teams: unknown) =>
      restAs(t, p(2), 'PUT', `/matches/${m.id}/result`, { teams, sets: twoSets });
    const cases: [unknown, string][] = [
      [
        [
          [p(2).id, other.guests[0]],
          [paul.id, jean],
        ],
        RESULT_MSG.teamsGuestUnknown,
      ],
      [
        [
          [p(2).id, { guest: 999_999 }],
          [paul.id, jean],
        ],
        RESULT_MSG.teamsGuestUnknown,
      ],
      [
        [
          [p(2).id, marc],
          [paul.id, marc],
        ],
        RESULT_MSG.teamsDistinct,
      ],
      [
        [
          [marc, jean],
          [{ guest: 1 }, { guest: 2 }],
        ],
        RESULT_MSG.teamsNoPlayer,
      ],
      [
        [
          [p(2).id, { guest: 'Marc' }],
          [paul.id, jean],
        ],
        RESULT_MSG.teamEntryInvalid,
      ],
      [
        [
          [p(2).id, { guest: marc.guest, name: 'Marc' }],
          [paul.id, jean],
        ],
        RESULT_MSG.teamEntryInvalid,
      ],
      [
        [
          [p(2).id, 'Marc'],
          [paul.id, jean],
        ],
        RESULT_MSG.teamEntryInvalid,
      ],
      [
        [
          [p(2).id, marc],
          [outsider.id, jean],
        ],
        RESULT_MSG.teamsNotPlayer,
      ],
    ];
    for (const [teams, error] of cases)
      expect(await enter(teams), JSON.stringify(teams)).toMatchObject({
        status: 400,
        body: { error },
      });
    // The same rules through tRPC.
    expect(
      await trpcError(
        t.caller(p(2)).results.enter({
          id: m.id,
          teams: [
            [p(2).id, other.guests[0]!],
            [paul.id, jean],
          ],
          sets: twoSets,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: RESULT_MSG.teamsGuestUnknown });
    expect(await resultOf(m.id)).toBeUndefined();
    expect(await asked(m.id)).toEqual([]);
  });

  /** Paul's edit of a match `played` made, as it stands unless `o` says otherwise. */
  const editPlayed = (id: number, o: Record<string, unknown>) =>
    restAs(t, paul, 'PUT', `/matches/${id}`, {
      place_id: placeId,
      date: '2026-06-10',
      time: '10:00',
      levels: ['Niveau 3'],
      slots: 3,
      ...o,
    });

  it('keeps a started match’s date, time and place: moving it is refused, other edits pass', async () => {
    const m = await played([p(0), p(1)], ['Marc']);
    const edit = (o: Record<string, unknown>) => editPlayed(m.id, { guests: ['Marc'], ...o });
    const refused = { status: 400, body: { error: MSG.room.whenStarted } };
    expect(await edit({ date: '2026-06-20' })).toMatchObject(refused);
    expect(await edit({ time: '18:00' })).toMatchObject(refused);
    expect(
      await trpcError(
        t.caller(paul).matches.update({
          id: m.id,
          place_id: placeId,
          date: '2026-06-21',
          time: '10:00',
          levels: ['Niveau 3'],
          slots: 3,
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: MSG.room.whenStarted });
    expect((await matchRow(t, m.id))!).toMatchObject({ date: '2026-06-10', time: '10:00:00' });
    // The levels of a started match may still be corrected.
    expect((await edit({ levels: ['Niveau 3', 'Niveau 4'] })).status).toBe(200);
  });

  it('keeps a started match’s reserved seats whole: an edit with other guests is refused, the same ones change nothing', async () => {
    const m = await played([p(0), p(1)], ['Marc']);
    const before = await t.db.db.select().from(matchGuests).where(eq(matchGuests.matchId, m.id));
    const edit = (guests: string[]) => editPlayed(m.id, { guests });
    expect(await edit(['Jean'])).toMatchObject({
      status: 400,
      body: { error: MSG.room.guestsStarted },
    });
    expect(await edit([])).toMatchObject({ status: 400, body: { error: MSG.room.guestsStarted } });
    expect((await edit(['Marc'])).status).toBe(200);
    expect(await t.db.db.select().from(matchGuests).where(eq(matchGuests.matchId, m.id))).toEqual(
      before,
    );
    const release = await restAs(
      t,
      paul,
      'DELETE',
      `/matches/${m.id}/guests/${m.guests[0]!.guest}`,
    );
    expect(release).toMatchObject({ status: 400, body: { error: MSG.match.finished } });
  });
});

describe('answering a result with guests', () => {
  it('a team of two guests has nobody to answer: nobody may confirm, the result is confirmed after 48 h', async () => {
    const m = await played([p(0)], ['Marc', 'Jean']);
    const [marc, jean] = [m.guests[0]!, m.guests[1]!];
    const entered = await t.caller(p(0)).results.enter({
      id: m.id,
      teams: [
        [paul.id, p(0).id],
        [marc, jean],
      ],
      sets: twoSets,
    });
    expect(entered).toMatchObject({
      message: RESULT_MSG.enteredNoAnswerer,
      result: {
        has_answerer: false,
        can_answer: false,
        auto_confirm_at: '2026-06-12T12:00:00.000Z',
      },
    });
    expect(await asked(m.id)).toEqual([]);
    for (const u of [paul, p(0), outsider, admin])
      expect(await trpcError(t.caller(u).results.confirm({ id: m.id }))).toEqual({
        code: 'FORBIDDEN',
        message: RESULT_MSG.notOtherTeam,
      });
    const contest = await restAs(t, paul, 'POST', `/matches/${m.id}/result/contest`, {
      reason: 'Non',
    });
    expect(contest).toMatchObject({ status: 403, body: { error: RESULT_MSG.notOtherTeam } });
    t.clock.advance(48 * 3_600_000);
    await runResultJobs(t.deps);
    expect((await resultOf(m.id))?.status).toBe('confirmed');
    // Two players with an account were rated; the guests were not.
    expect((await historyOf(m.id)).map((h) => h.userId).sort()).toEqual([paul.id, p(0).id].sort());
    t.clock.set(NOW);
  });

  it('a player of the other team confirms beside their guest partner; the organiser who entered it without playing lets either team answer', async () => {
    const m = await played([p(0), p(1), p(2)], ['Marc'], ['Niveau 3']);
    const marc = m.guests[0]!;
    // Paul does not play: Marc takes his place.
    await t.caller(paul).results.enter({
      id: m.id,
      teams: [
        [p(0).id, marc],
        [p(1).id, p(2).id],
      ],
      sets: twoSets,
    });
    expect((await asked(m.id)).sort()).toEqual([p(0).id, p(1).id, p(2).id].sort());
    expect((await t.caller(p(0)).results.forMatch({ id: m.id })).result?.can_answer).toBe(true);
    const ok = await restAs(t, p(0), 'POST', `/matches/${m.id}/result/confirm`);
    expect(ok.body).toMatchObject({ result: { status: 'confirmed' } });
    expect(await historyOf(m.id)).toHaveLength(3);
  });
});

describe('ratings, stats and profiles with guests', () => {
  it('the guest plays at the match’s level with a newcomer’s deviation; only players are rated', async () => {
    const [b, c] = [
      await createUser(t.deps, { name: 'Bruno Guest' }),
      await createUser(t.deps, { name: 'Chloé Guest' }),
    ];
    // A Niveau 5 match: Paul (Niveau 3, first result) and Marc beat two Niveau 3 newcomers.
    const m = await played([b, c], ['Marc'], ['Niveau 5']);
    await t.db.db.delete(playerRatings).where(eq(playerRatings.userId, paul.id));
    await t.caller(paul).results.enter({
      id: m.id,
      teams: [
        [paul.id, m.guests[0]!],
        [b.id, c.id],
      ],
      sets: twoSets,
    });
    await t.caller(b).results.confirm({ id: m.id });
    const guest = guestRating(await levelGrid(t.db.db), ['Niveau 5']);
    expect(guest).toMatchObject({ rating: 1575, rd: 350 });
    const seeded = seedRating(3);
    const [[paulNext], [bNext, cNext]] = rateDoubles(
      [
        [seeded, guest],
        [seeded, seeded],
      ],
      0,
    );
    const ratingOf = async (u: TestUser) =>
      (await t.db.db.select().from(playerRatings).where(eq(playerRatings.userId, u.id)))[0]?.rating;
    expect(await ratingOf(paul)).toBeCloseTo(paulNext!.rating, 6);
    expect(await ratingOf(b)).toBeCloseTo(bNext!.rating, 6);
    expect(await ratingOf(c)).toBeCloseTo(cNext!.rating, 6);
    // Winning beside a stronger (Niveau 5) guest earns less than winning beside an equal.
    const [[even]] = rateDoubles(
      [
        [seeded, seeded],
        [seeded, seeded],
      ],
      0,
    );
    expect(paulNext!.rating - seeded.rating).toBeLessThan(even!.rating - seeded.rating);
    expect((await historyOf(m.id)).map((h) => h.userId).sort()).toEqual(
      [paul.id, b.id, c.id].sort(),
    );
  });

  it('a match with a guest counts in played and won; the guest is never a partner; the card reads the score', async () => {
    const [a, b, c, d] = [
      await createUser(t.deps, { name: 'Anaïs Stats' }),
      await createUser(t.deps, { name: 'Basile Stats' }),
      await createUser(t.deps, { name: 'Carla Stats' }),
      await createUser(t.deps, { name: 'Denis Stats' }),
    ];
    const ids: number[] = [];
    // Anaïs wins beside Marc (a guest), then beside Basile.
    const withGuest = await played([a, b, c], ['Marc']);
    await t.caller(a).results.enter({
      id: withGuest.id,
      teams: [
        [a.id, withGuest.guests[0]!],
        [b.id, c.id],
      ],
      sets: twoSets,
    });
    await t.caller(c).results.confirm({ id: withGuest.id });
    ids.push(withGuest.id);
    const plain = await played([a, b, d], []);
    await t.caller(a).results.enter({
      id: plain.id,
      teams: [
        [a.id, b.id],
        [paul.id, d.id],
      ],
      sets: twoSets,
    });
    await t.caller(d).results.confirm({ id: plain.id });
    ids.push(plain.id);
    const profile = await t.caller(outsider).results.profile({ id: a.id });
    expect(profile).toMatchObject({
      played: 2,
      won: 2,
      win_rate: 100,
      streak: 2,
      partners: [{ user_id: b.id, name: 'Basile S.', count: 1 }],
    });
    expect(profile.last_results.map((r) => r.match_id).sort()).toEqual([...ids].sort());
    expect(JSON.stringify(profile)).not.toContain('Marc');
    const lines = await t.caller(a).results.lines({ ids: [withGuest.id] });
    expect(lines).toEqual([
      { match_id: withGuest.id, status: 'confirmed', text: '6-4 6-4 — gagné' },
    ]);
    const lost = await t.caller(b).results.lines({ ids: [withGuest.id] });
    expect(lost[0]?.text).toBe('4-6 4-6 — perdu');
  });

  it('the admin sees a contested result with « Invité de Paul » and decides it', async () => {
    const m = await played([p(3), p(4)], ['Marc']);
    await t.caller(p(3)).results.enter({
      id: m.id,
      teams: [
        [p(3).id, m.guests[0]!],
        [paul.id, p(4).id],
      ],
      sets: twoSets,
    });
    await t.caller(p(4)).results.contest({ id: m.id, reason: 'Marc n’a pas joué' });
    const listed = (await t.caller(admin).results.adminContested()).results.find(
      (r) => r.match_id === m.id,
    );
    expect(listed?.teams[0]).toEqual([
      { user_id: p(3).id, name: 'Joueur3 D.' },
      { guest_id: m.guests[0]!.guest, name: 'Invité de Paul', guest_name: null },
    ]);
    const decided = await t.caller(admin).results.adminDecide({ id: m.id, decision: 'confirmed' });
    expect(decided.result.status).toBe('confirmed');
    expect(await historyOf(m.id)).toHaveLength(3);
  });
});

describe('OpenAPI', () => {
  it('documents a guest team entry as { guest: id } beside user ids', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const put = JSON.stringify(doc.paths['/api/matches/{id}/result']?.put);
    expect(put).toContain('"guest"');
    expect(put).toContain('Invité de Paul');
    expect(put).toContain('{ \\"guest\\": id }');
  });
});

if (!onPostgres)
  console.warn('[results-guests] burst skipped: PGlite runs one statement at a time');

describe.runIf(onPostgres)('answers racing the 48 h confirmation (PostgreSQL)', () => {
  it('the other team’s player confirming and contesting while two workers auto-confirm: one outcome', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const m = await played([p(0), p(1)], ['Marc']);
      await t.caller(p(0)).results.enter({
        id: m.id,
        teams: [
          [paul.id, p(0).id],
          [p(1).id, m.guests[0]!],
        ],
        sets: twoSets,
      });
      t.clock.advance(48 * 3_600_000 + 1000);
      const [confirm, contest] = await Promise.all([
        trpcError(t.caller(p(1)).results.confirm({ id: m.id })),
        trpcError(t.caller(p(1)).results.contest({ id: m.id, reason: 'Faux' })),
        runResultJobs(t.deps),
        runResultJobs(t.deps),
      ]);
      t.clock.set(NOW);
      const answered = [confirm, contest].filter((a) => a.code === 'NO_ERROR').length;
      for (const a of [confirm, contest].filter((x) => x.code !== 'NO_ERROR'))
        expect(a).toEqual({ code: 'CONFLICT', message: RESULT_MSG.alreadyAnswered });
      const row = (await resultOf(m.id))!;
      // Either the player's answer won (and the workers left it), or a worker confirmed it (and
      // both of the player's answers were refused): never both, never twice.
      const auto = row.answeredBy === null;
      expect(answered, `round ${round}`).toBe(auto ? 0 : 1);
      expect(row.status).toBe(
        auto ? 'confirmed' : confirm.code === 'NO_ERROR' ? 'confirmed' : 'contested',
      );
      expect(await historyOf(m.id)).toHaveLength(row.status === 'confirmed' ? 3 : 0);
      outcomes.push(auto ? 'auto' : row.status);
    }
    console.log(`[results-guests] burst: 10 rounds → ${outcomes.join(', ')}`);
  });
});
