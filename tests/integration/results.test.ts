import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { RESULT_MSG } from '../../common/results';
import {
  matches,
  matchLeaves,
  matchParticipants,
  matchResults,
  outbox,
  playerRatings,
  ratingHistory,
  users,
} from '../../db/schema';
import { runResultJobs } from '../../server/services/results/jobs';
import { createTestContext, type TestContext } from '../support/app';
import { serverUrl } from '../support/db';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { followLog } from '../support/worker';
import { createPlace, insertFullMatch, insertMatch, trpcError } from './matches-support';

/** 12:00 UTC, 14:00 in Paris on 10 June 2026. */
const NOW = '2026-06-10T12:00:00Z';
const onPostgres = Boolean(serverUrl());
let t: TestContext;
let placeId: number;
let owner: TestUser;
let admin: TestUser;
let outsider: TestUser;
const cast: TestUser[] = [];
const p = (i: number) => cast[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
  owner = await createUser(t.deps, { name: 'Organisatrice Martin' });
  admin = await createAdmin(t.deps, { name: 'Admin Root' });
  outsider = await createUser(t.deps, { name: 'Extérieur Durand' });
  for (let i = 0; i < 12; i++) cast.push(await createUser(t.deps, { name: `Joueur${i} Dupont` }));
}, 120_000);
afterAll(() => t.close());

/**
 * A full competitive match (organiser + 3 participants) that started at `time` on `date` (Paris):
 * only a competitive match's results move ratings (match-kind.test.ts shows the amical side).
 */
async function played(
  players: [TestUser, TestUser, TestUser],
  date = '2026-06-10',
  time = '10:00',
  by: TestUser = owner,
) {
  return insertFullMatch(t, { placeId, createdBy: by.id, players, date, time, kind: 'competitif' });
}
const teamsOf = (a: TestUser, b: TestUser, c: TestUser, d: TestUser) => [
  [a.id, b.id],
  [c.id, d.id],
];
const rating = async (u: TestUser) =>
  (await t.db.db.select().from(playerRatings).where(eq(playerRatings.userId, u.id)))[0];
/** E-mail notices of `event` written since `after` (an outbox id). */
const notices = async (event: string, after = 0) =>
  (await allNotices(event)).filter((n) => n.id > after);
const lastOutboxId = async () => {
  await followLog(t.deps);
  return Math.max(0, ...(await t.db.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));
};
const allNotices = async (event: string) => {
  await followLog(t.deps);
  return t.db.db
    .select({ id: outbox.id, userId: outbox.userId, body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.event, event), eq(outbox.channel, 'email')));
};

describe('entering a result', () => {
  it('refuses before the start, by a non-player, with a bad score or foreign players, in French', async () => {
    const future = await played([p(0), p(1), p(2)], '2026-06-10', '18:00');
    const body = {
      teams: teamsOf(owner, p(0), p(1), p(2)),
      sets: [
        [6, 4],
        [6, 3],
      ],
    };
    expect((await restAs(t, p(0), 'PUT', `/matches/${future}/result`, body)).body.error).toBe(
      RESULT_MSG.notStarted,
    );
    const id = await played([p(0), p(1), p(2)]);
    expect((await restAs(t, null, 'PUT', `/matches/${id}/result`, body)).status).toBe(401);
    const foreign = await restAs(t, outsider, 'PUT', `/matches/${id}/result`, body);
    expect(foreign).toMatchObject({ status: 403, body: { error: RESULT_MSG.notPlayer } });
    const bad = await restAs(t, p(0), 'PUT', `/matches/${id}/result`, {
      ...body,
      sets: [
        [6, 4],
        [3, 6],
        [10, 9],
      ],
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: RESULT_MSG.superTieBreakInvalid(10, 9) },
    });
    const notIn = await restAs(t, p(0), 'PUT', `/matches/${id}/result`, {
      ...body,
      teams: teamsOf(owner, p(0), p(1), outsider),
    });
    expect(notIn).toMatchObject({ status: 400, body: { error: RESULT_MSG.teamsNotPlayer } });
    const same = await restAs(t, p(0), 'PUT', `/matches/${id}/result`, {
      ...body,
      teams: teamsOf(owner, p(0), p(0), p(1)),
    });
    expect(same).toMatchObject({ status: 400, body: { error: RESULT_MSG.teamsDistinct } });
    expect(await t.db.db.select().from(matchResults).where(eq(matchResults.matchId, id))).toEqual(
      [],
    );
  });

  it('a participant enters it; the other team is asked to confirm; a second entry is refused', async () => {
    const id = await played([p(0), p(1), p(2)]);
    const mark = await lastOutboxId();
    const body = {
      teams: teamsOf(owner, p(0), p(1), p(2)),
      sets: [
        [6, 4],
        [3, 6],
        [10, 8],
      ],
    };
    const res = await restAs(t, p(0), 'PUT', `/matches/${id}/result`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: RESULT_MSG.entered,
      result: { status: 'pending', winner: 0, viewer_side: 0, can_answer: false },
    });
    const asked = await notices('resultEntered', mark);
    expect(asked.map((n) => n.userId).sort()).toEqual([p(1).id, p(2).id].sort());
    expect(asked[0]!.body).toContain('6-4 3-6 10-8');
    const again = await restAs(t, p(1), 'PUT', `/matches/${id}/result`, body);
    expect(again).toMatchObject({ status: 409, body: { error: RESULT_MSG.alreadyEntered } });
    // The organiser may enter too (for another match).
    const id2 = await played([p(0), p(1), p(2)]);
    expect((await restAs(t, owner, 'PUT', `/matches/${id2}/result`, body)).status).toBe(200);
  });
});

describe('confirming and contesting', () => {
  it('only a player of the other team confirms; ratings move once, in the confirming transaction', async () => {
    const id = await played([p(3), p(4), p(5)]);
    await t.caller(p(3)).results.enter({
      id,
      teams: teamsOf(owner, p(3), p(4), p(5)),
      sets: [
        [6, 2],
        [6, 2],
      ],
    });
    for (const u of [p(3), owner, outsider])
      expect(await trpcError(t.caller(u).results.confirm({ id }))).toEqual({
        code: 'FORBIDDEN',
        message: RESULT_MSG.notOtherTeam,
      });
    const ok = await restAs(t, p(4), 'POST', `/matches/${id}/result/confirm`);
    expect(ok.body).toMatchObject({ success: true, result: { status: 'confirmed' } });
    const again = await restAs(t, p(5), 'POST', `/matches/${id}/result/confirm`);
    expect(again).toMatchObject({ status: 409, body: { error: RESULT_MSG.alreadyAnswered } });
    // Level 3 players are seeded at 1275; winners rise, losers drop by as much.
    const [w, l] = [(await rating(p(3)))!, (await rating(p(4)))!];
    expect(w.rating).toBeGreaterThan(1275);
    expect(l.rating).toBeLessThan(1275);
    expect(w.rating - 1275).toBeCloseTo(1275 - l.rating, 6);
    const history = await t.db.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id));
    expect(history).toHaveLength(4);
  });

  it('a contest needs a reason; the admin sees it and decides; a rejected result can be entered again', async () => {
    const id = await played([p(6), p(7), p(8)]);
    const body = {
      teams: teamsOf(owner, p(6), p(7), p(8)),
      sets: [
        [7, 6],
        [7, 5],
      ],
    };
    await restAs(t, owner, 'PUT', `/matches/${id}/result`, body);
    const noReason = await restAs(t, p(7), 'POST', `/matches/${id}/result/contest`, {});
    expect(noReason.status).toBe(400);
    const contested = await restAs(t, p(7), 'POST', `/matches/${id}/result/contest`, {
      reason: 'Nous avons gagné le 2e set',
    });
    expect(contested.body).toMatchObject({
      message: RESULT_MSG.contested,
      result: { status: 'contested', contest_reason: 'Nous avons gagné le 2e set' },
    });
    expect(await trpcError(t.caller(p(7)).results.adminContested())).toMatchObject({
      code: 'FORBIDDEN',
    });
    const list = await t.caller(admin).results.adminContested();
    expect(list.results.find((r) => r.match_id === id)).toMatchObject({
      reason: 'Nous avons gagné le 2e set',
      sets: [
        [7, 6],
        [7, 5],
      ],
    });
    await t.caller(admin).results.adminDecide({ id, decision: 'rejected' });
    expect(
      await trpcError(t.caller(admin).results.adminDecide({ id, decision: 'confirmed' })),
    ).toEqual({ code: 'CONFLICT', message: RESULT_MSG.notContested });
    const fixed = await restAs(t, p(7), 'PUT', `/matches/${id}/result`, {
      ...body,
      sets: [
        [7, 6],
        [5, 7],
        [10, 6],
      ],
    });
    expect(fixed.body).toMatchObject({ result: { status: 'pending' } });
    await t.caller(p(6)).results.contest({ id, reason: 'Non' });
    const decided = await t.caller(admin).results.adminDecide({ id, decision: 'confirmed' });
    expect(decided.result.status).toBe('confirmed');
    expect(await rating(p(8))).toBeDefined();
  });

  it('an unanswered result is confirmed after 48 h, once, whoever runs the job', async () => {
    const id = await played([p(9), p(10), p(11)]);
    await t.caller(p(9)).results.enter({
      id,
      teams: teamsOf(owner, p(9), p(10), p(11)),
      sets: [
        [6, 0],
        [6, 0],
      ],
    });
    t.clock.advance(47 * 3_600_000);
    await runResultJobs(t.deps);
    expect((await t.caller(p(9)).results.forMatch({ id })).result?.status).toBe('pending');
    t.clock.advance(2 * 3_600_000);
    await Promise.all([runResultJobs(t.deps), runResultJobs(t.deps)]);
    expect((await t.caller(p(9)).results.forMatch({ id })).result?.status).toBe('confirmed');
    expect(
      await t.db.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id)),
    ).toHaveLength(4);
    t.clock.set(NOW);
  });
});

describe('notices 2 h after the start', () => {
  it('asks the players once for the result, through the outbox', async () => {
    const id = await played([p(0), p(1), p(2)], '2026-06-10', '11:00');
    // 11:00 Paris is 09:00 UTC: 2 h after is 11:00 UTC, now is 12:00 UTC.
    const mark = await lastOutboxId();
    t.clock.set('2026-06-10T10:30:00Z');
    await runResultJobs(t.deps);
    const forThis = async () =>
      (await notices('resultPrompt', mark)).filter((n) => n.body?.endsWith(`/matches/${id}`));
    expect(await forThis()).toEqual([]);
    t.clock.set(NOW);
    await runResultJobs(t.deps);
    await runResultJobs(t.deps);
    const sent = await forThis();
    expect(sent.map((n) => n.userId).sort()).toEqual([owner.id, p(0).id, p(1).id, p(2).id].sort());
    expect(sent[0]!.body).toContain(
      RESULT_MSG.notify.prompt('mercredi 10 juin à 11:00', 'Padel Club Lyon'),
    );
  });
});

describe('no-shows and reliability', () => {
  it('the organiser marks a participant absent within 48 h; the player is told and may contest; the admin decides', async () => {
    const future = await played([p(0), p(1), p(2)], '2026-06-11', '18:00');
    expect(
      (await restAs(t, owner, 'POST', `/matches/${future}/no-show/${p(0).id}`)).body.error,
    ).toBe(RESULT_MSG.noShowTooEarly);
    const id = await played([p(0), p(1), p(2)]);
    const byPlayer = await restAs(t, p(1), 'POST', `/matches/${id}/no-show/${p(0).id}`);
    expect(byPlayer).toMatchObject({
      status: 403,
      body: { error: RESULT_MSG.noShowOrganiserOnly },
    });
    const notIn = await restAs(t, owner, 'POST', `/matches/${id}/no-show/${outsider.id}`);
    expect(notIn).toMatchObject({ status: 400, body: { error: RESULT_MSG.noShowNotParticipant } });
    const mark = await lastOutboxId();
    const ok = await restAs(t, owner, 'POST', `/matches/${id}/no-show/${p(0).id}`);
    expect(ok.body).toMatchObject({ success: true, status: 'absent', user_id: p(0).id });
    const twice = await restAs(t, owner, 'POST', `/matches/${id}/no-show/${p(0).id}`);
    expect(twice.status).toBe(409);
    expect((await notices('noShow', mark)).map((n) => n.userId)).toEqual([p(0).id]);
    await t.caller(p(0)).results.contestNoShow({ id, reason: "J'étais là" });
    expect((await t.caller(admin).results.adminContested()).no_shows).toContainEqual(
      expect.objectContaining({ match_id: id, user_id: p(0).id, reason: "J'étais là" }),
    );
    await t.caller(admin).results.adminDecideNoShow({ id, userId: p(0).id, decision: 'cancelled' });
    t.clock.advance(49 * 3_600_000);
    const late = await restAs(t, owner, 'POST', `/matches/${id}/no-show/${p(1).id}`);
    expect(late.body.error).toBe(RESULT_MSG.noShowTooLate);
    t.clock.set(NOW);
  });

  it('reliability: shown from 5 matches; an absence counts 0, a late leave half', async () => {
    const ana = await createUser(t.deps, { name: 'Ana Fiable' });
    const [x, y] = [await createUser(t.deps), await createUser(t.deps)];
    expect((await t.caller(ana).results.profile({ id: ana.id })).reliability).toEqual({
      percent: null,
      matches: 0,
    });
    const ids: number[] = [];
    for (let d = 1; d <= 4; d++) ids.push(await played([ana, x, y], `2026-06-0${d}`));
    expect((await t.caller(ana).results.profile({ id: ana.id })).reliability.percent).toBeNull();
    ids.push(await played([ana, x, y], '2026-06-05'));
    expect((await t.caller(ana).results.profile({ id: ana.id })).reliability).toEqual({
      percent: 100,
      matches: 5,
    });
    t.clock.set('2026-06-01T09:00:00Z');
    await t.caller(owner).results.markNoShow({ id: ids[0]!, userId: ana.id });
    t.clock.set(NOW);
    expect((await t.caller(x).results.profile({ id: ana.id })).reliability.percent).toBe(80);
    // A leave 3 h before a match: late, half an absence (5 × 1 − 1 − 0.5 over 6 matches).
    const soon = await insertMatch(t, {
      placeId,
      createdBy: owner.id,
      date: '2026-06-10',
      time: '17:00',
      slots: 3,
      missing: 2,
    });
    await t.db.db.insert(matchParticipants).values({ matchId: soon.id, userId: ana.id });
    await t.caller(ana).matches.leave({ id: soon.id });
    const [leave] = await t.db.db
      .select()
      .from(matchLeaves)
      .where(eq(matchLeaves.matchId, soon.id));
    expect(leave).toMatchObject({ userId: ana.id, isLate: true });
    t.clock.set('2026-06-10T18:00:00Z');
    expect((await t.caller(x).results.profile({ id: ana.id })).reliability).toEqual({
      percent: Math.round((100 * 4.5) / 6),
      matches: 6,
    });
    // The participant list of a match shows it too.
    const state = await t.caller(owner).results.forMatch({ id: ids[4]! });
    expect(state.reliability.find((r) => r.user_id === ana.id)?.percent).toBe(75);
    t.clock.set(NOW);
  });
});

describe('profile', () => {
  it('shows stats, last results from the player’s side, partners; no phone, no e-mail; photo only to co-players', async () => {
    const [a, b, c, d] = [
      await createUser(t.deps, { name: 'Alice Lefèvre' }),
      await createUser(t.deps, { name: 'Bruno Petit' }),
      await createUser(t.deps, { name: 'Chloé Roux' }),
      await createUser(t.deps, { name: 'David Noir' }),
    ];
    await t.db.db.update(users).set({ hasPhoto: true }).where(eq(users.id, a.id));
    for (const [date, sets] of [
      [
        '2026-06-07',
        [
          [6, 4],
          [6, 4],
        ],
      ],
      [
        '2026-06-08',
        [
          [4, 6],
          [6, 3],
          [10, 8],
        ],
      ],
      [
        '2026-06-09',
        [
          [3, 6],
          [3, 6],
        ],
      ],
    ] as const) {
      const id = await played([b, c, d], date, '10:00', a);
      await t.caller(a).results.enter({
        id,
        teams: teamsOf(a, b, c, d),
        sets: sets.map((s) => [...s]),
      });
      await t.caller(c).results.confirm({ id });
    }
    const res = await restAs(t, outsider, 'GET', `/users/${a.id}/profile`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: a.id,
      first_name: 'Alice',
      last_initial: 'L.',
      level: { niveau: 'Niveau 3' },
      photo: null,
      played: 3,
      won: 2,
      win_rate: 67,
      streak: -1,
      partners: [{ user_id: b.id, name: 'Bruno P.', count: 3 }],
      favourite_places: [{ place_id: placeId, name: 'Padel Club Lyon', count: 3 }],
      suggestion: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(a.phone);
    expect(JSON.stringify(res.body)).not.toContain('Lefèvre');
    expect(JSON.stringify(res.body)).not.toMatch(/@example/);
    const fromC = await t.caller(c).results.profile({ id: c.id });
    expect(fromC.last_results[0]).toMatchObject({
      sets: [
        [6, 3],
        [6, 3],
      ],
      won: true,
    });
    expect((await t.caller(b).results.profile({ id: a.id })).photo).toMatch(/^\/api\/users\//);
    const unknown = await restAs(t, outsider, 'GET', '/users/999999/profile');
    expect(unknown).toMatchObject({ status: 404, body: { error: RESULT_MSG.profileNotFound } });
    expect((await restAs(t, null, 'GET', `/users/${a.id}/profile`)).status).toBe(401);
    // Finished-match cards read the score from the viewer's side.
    const ids = (await t.caller(a).results.profile({ id: a.id })).last_results.map(
      (r) => r.match_id,
    );
    const lines = await t.caller(c).results.lines({ ids });
    expect(lines.find((l) => l.match_id === ids[1])?.text).toBe('6-4 3-6 8-10 — perdu');
  });
});

describe('level suggestions', () => {
  it('after 5 confirmed results in another band, the player is offered it; nothing changes without yes', async () => {
    const [a, b, c, d] = await Promise.all(
      ['Eve', 'Fred', 'Gina', 'Hugo'].map((n) => createUser(t.deps, { name: `${n} Test` })),
    );
    const win = async () => {
      const id = await played([b!, c!, d!], '2026-06-09', '10:00', a);
      await t.caller(a).results.enter({
        id,
        teams: teamsOf(a!, b!, c!, d!),
        sets: [
          [6, 0],
          [6, 0],
        ],
      });
      await t.caller(c).results.confirm({ id });
    };
    await win();
    // Eve's rating sits in the band of Niveau 5 (1500..1650) with 4 results there already.
    await t.db.db
      .update(playerRatings)
      .set({ rating: 1560, rd: 60, bandLevel: 'Niveau 5', bandCount: 3 })
      .where(eq(playerRatings.userId, a!.id));
    await win();
    expect((await t.caller(a).results.profile({ id: a!.id })).suggestion).toBeNull();
    await win();
    const offered = (await t.caller(a).results.profile({ id: a!.id })).suggestion;
    expect(offered?.text).toBe(
      'Vos derniers résultats correspondent au Niveau 5 — Intermédiaire avancé. Passer à ce niveau ?',
    );
    // Others never see it; the admin does, with the history.
    expect((await t.caller(b).results.profile({ id: a!.id })).suggestion).toBeNull();
    const history = await t.caller(admin).results.adminRating({ id: a!.id });
    expect(history).toMatchObject({ suggestion: 'Niveau 5' });
    expect(history.history.length).toBeGreaterThanOrEqual(3);
    // Switched off by the admin: not offered.
    await t.caller(admin).results.adminSetSettings({ suggestions_enabled: false });
    expect((await t.caller(a).results.profile({ id: a!.id })).suggestion).toBeNull();
    await t.caller(admin).results.adminSetSettings({ suggestions_enabled: true });
    const level = async () =>
      (await t.db.db.select({ l: users.level }).from(users).where(eq(users.id, a!.id)))[0]?.l;
    expect(await level()).toBe('Niveau 3');
    expect((await t.caller(a).results.acceptSuggestion()).message).toBe(
      RESULT_MSG.suggestionAccepted('Niveau 5'),
    );
    expect(await level()).toBe('Niveau 5');
    expect(await trpcError(t.caller(a).results.acceptSuggestion())).toEqual({
      code: 'CONFLICT',
      message: RESULT_MSG.suggestionNone,
    });
    const distribution = await t.caller(admin).results.adminDistribution();
    expect(distribution.find((l) => l.niveau === 'Niveau 5')?.players).toBeGreaterThanOrEqual(1);
    expect(await trpcError(t.caller(b).results.adminDistribution())).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('private matches', () => {
  it('a stranger gets the match page’s 404 for the result of a private match, and no card line; the link’s token opens it', async () => {
    const id = await played([p(0), p(1), p(2)]);
    const token = 'Prive_resultats_012345';
    await t.db.db
      .update(matches)
      .set({ visibility: 'private', shareToken: token })
      .where(eq(matches.id, id));
    await t.caller(p(0)).results.enter({
      id,
      teams: teamsOf(owner, p(0), p(1), p(2)),
      sets: [
        [6, 1],
        [6, 1],
      ],
    });
    for (const u of [outsider, admin])
      expect(await trpcError(t.caller(u).results.forMatch({ id }))).toEqual({
        code: 'NOT_FOUND',
        message: MSG.match.notFound,
      });
    expect(await t.caller(outsider).results.lines({ ids: [id] })).toEqual([]);
    expect((await t.caller(outsider).results.forMatch({ id, token })).result?.sets).toEqual([
      [6, 1],
      [6, 1],
    ]);
    expect((await t.caller(p(1)).results.forMatch({ id })).result?.can_answer).toBe(true);
    expect((await t.caller(owner).results.lines({ ids: [id] }))[0]?.text).toBe('6-1 6-1 — gagné');
  });

  it('a private match counts in a profile’s figures; only the player sees its date, place and partner', async () => {
    const [a, b, c, d] = [
      await createUser(t.deps, { name: 'Inès Garnier' }),
      await createUser(t.deps, { name: 'Jules Perrin' }),
      await createUser(t.deps, { name: 'Karim Benali' }),
      await createUser(t.deps, { name: 'Lina Morel' }),
    ];
    const hidden = (await createPlace(t, { name: 'Club Privé Confluence', city: 'Lyon' })).id;
    const m = {
      id: await insertFullMatch(t, {
        placeId: hidden,
        createdBy: a.id,
        players: [b, c, d],
        date: '2026-06-09',
        time: '10:00',
      }),
    };
    await t.db.db
      .update(matches)
      .set({ visibility: 'private', shareToken: 'Prive_profil_0123456789' })
      .where(eq(matches.id, m.id));
    await t.caller(a).results.enter({
      id: m.id,
      teams: teamsOf(a, b, c, d),
      sets: [
        [6, 2],
        [6, 2],
      ],
    });
    await t.caller(c).results.confirm({ id: m.id });
    const seen = await t.caller(outsider).results.profile({ id: a.id });
    expect(seen).toMatchObject({ played: 1, won: 1, last_results: [], partners: [] });
    expect(seen.favourite_places).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain('Confluence');
    const own = await t.caller(a).results.profile({ id: a.id });
    expect(own.last_results.map((r) => r.match_id)).toEqual([m.id]);
    expect(own.partners).toEqual([{ user_id: b.id, name: 'Jules P.', count: 1 }]);
    expect(own.favourite_places).toEqual([
      { place_id: hidden, name: 'Club Privé Confluence', count: 1 },
    ]);
  });
});

if (!onPostgres) console.warn('[results] burst skipped: PGlite runs one statement at a time');

describe.runIf(onPostgres)('answers racing (PostgreSQL)', () => {
  it('confirm and contest at once by both players of the other team: one outcome, ratings moved at most once', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const id = await played([p(0), p(1), p(2)]);
      await t.caller(p(0)).results.enter({
        id,
        teams: teamsOf(owner, p(0), p(1), p(2)),
        sets: [
          [6, 3],
          [6, 3],
        ],
      });
      const answers = await Promise.all([
        trpcError(t.caller(p(1)).results.confirm({ id })),
        trpcError(t.caller(p(2)).results.contest({ id, reason: 'Faux' })),
        trpcError(t.caller(p(1)).results.contest({ id, reason: 'Faux' })),
        trpcError(t.caller(p(2)).results.confirm({ id })),
      ]);
      const won = answers.filter((a) => a.code === 'NO_ERROR');
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.code !== 'NO_ERROR'))
        expect(a).toEqual({ code: 'CONFLICT', message: RESULT_MSG.alreadyAnswered });
      const status = (await t.caller(p(0)).results.forMatch({ id })).result!.status;
      const moved = await t.db.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, id));
      expect(moved).toHaveLength(status === 'confirmed' ? 4 : 0);
      outcomes.push(status);
    }
    console.log(`[results] burst: 10 rounds × 4 answers at once → ${outcomes.join(', ')}`);
  });
});
