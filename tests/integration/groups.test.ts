import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { groupSlotRuns, matchParticipants, matchWaitlist, outbox, places } from '../../db/schema';
import { closeDuePolls } from '../../server/services/groups/polls';
import { runDueSlots } from '../../server/services/groups/slots';
import { createTestContext, type TestContext } from '../support/app';
import { createAdmin, createUser, type TestUser } from '../support/factories';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';
import { restAs } from './groups-support';

/**
 * Groups, weekly slots and polls over REST and tRPC, for each role: the group's admin, a member,
 * an outsider and a site admin (who, like for matches, has no say in players' circles).
 */
const NOW = '2026-06-10T08:00:00Z'; // a Wednesday, 10:00 in Paris
let t: TestContext;
let rest: ReturnType<typeof restAs>;
let boss: TestUser;
let member: TestUser;
let outsider: TestUser;
let siteAdmin: TestUser;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  rest = restAs(t);
  boss = await createUser(t.deps, { name: 'Camille Martin', level: 'Niveau 3' });
  member = await createUser(t.deps, { name: 'Hugo Bernard' });
  outsider = await createUser(t.deps, { name: 'Inès Petit' });
  siteAdmin = await createAdmin(t.deps);
  placeId = (await createPlace(t, { name: 'Padel Club Est' })).id;
});
afterAll(() => t.close());

async function newGroup(name = 'Les mardis soir') {
  const created = await rest(boss, 'POST', '/api/groups', { name, description: 'Entre amis' });
  expect(created.status).toBe(201);
  const token = String(created.body.invite_token);
  expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
  const joined = await rest(member, 'POST', '/api/groups/join', { token });
  expect(joined.status).toBe(200);
  return Number(created.body.id);
}

const matchFields = {
  place_id: 0,
  date: '2026-06-12',
  time: '19:00',
  levels: ['Niveau 3'],
  slots: 3,
};

describe('groups: every interface × role', () => {
  it('creates, invites by link, lists, shows members as « Prénom N. » with their level', async () => {
    const id = await newGroup();
    expect((await rest(member, 'POST', '/api/groups/join', { token: 'x'.repeat(24) })).status).toBe(
      404,
    );
    const mine = await rest(member, 'GET', '/api/groups');
    expect(mine.body).toEqual([
      expect.objectContaining({ id, name: 'Les mardis soir', is_admin: false, member_count: 2 }),
    ]);
    const page = await rest(member, 'GET', `/api/groups/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.members).toEqual([
      {
        user_id: boss.id,
        name: 'Camille M.',
        level: 'Niveau 3',
        level_verified: false,
        is_admin: true,
      },
      {
        user_id: member.id,
        name: 'Hugo B.',
        level: member.level,
        level_verified: false,
        is_admin: false,
      },
    ]);
    expect(JSON.stringify(page.body)).not.toContain(boss.phone);
    // To an outsider (a site admin too) the group does not exist: the answer of an unknown id.
    for (const who of [outsider, siteAdmin]) {
      const refused = await rest(who, 'GET', `/api/groups/${id}`);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('Groupe introuvable.');
    }
    expect((await rest(null, 'GET', `/api/groups/${id}`)).status).toBe(401);
    expect((await rest(member, 'POST', '/api/groups/join', { token: '' })).status).toBe(400);
    const again = await rest(member, 'POST', '/api/groups/join', {
      token: (await rest(boss, 'GET', `/api/groups/${id}`)).body.invite_token,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id,
      member_count: 2,
      message: 'Vous êtes déjà membre de ce groupe.',
    });
  });

  it('rename, remove a member and delete: group admin only; leave: any member, never the last admin', async () => {
    const id = await newGroup('Cercle');
    // A plain member is refused (403); to outsiders the group does not exist (404).
    for (const [who, status] of [
      [member, 403],
      [outsider, 404],
      [siteAdmin, 404],
    ] as const) {
      expect((await rest(who, 'PUT', `/api/groups/${id}`, { name: 'Autre' })).status).toBe(status);
      expect((await rest(who, 'DELETE', `/api/groups/${id}/members/${boss.id}`)).status).toBe(
        status,
      );
      expect((await rest(who, 'DELETE', `/api/groups/${id}`)).status).toBe(status);
    }
    const renamed = await rest(boss, 'PUT', `/api/groups/${id}`, {
      name: 'Les jeudis',
      priority_hours: 12,
    });
    expect(renamed.body).toMatchObject({ name: 'Les jeudis', priority_hours: 12 });
    expect((await rest(boss, 'PUT', `/api/groups/${id}`, { priority_hours: 500 })).body.error).toBe(
      'La priorité du groupe va de 0 à 168 heures.',
    );
    expect((await rest(boss, 'POST', `/api/groups/${id}/leave`)).body.error).toMatch(
      /dernier administrateur/,
    );
    expect((await rest(outsider, 'POST', `/api/groups/${id}/leave`)).status).toBe(404);
    expect((await rest(boss, 'DELETE', `/api/groups/${id}/members/${member.id}`)).status).toBe(200);
    expect((await rest(member, 'GET', `/api/groups/${id}`)).status).toBe(404);
    expect((await rest(boss, 'DELETE', `/api/groups/${id}/members/${member.id}`)).status).toBe(404);
    // Removed, the member is barred from the link until a group admin re-invites them.
    const link = { token: (await rest(boss, 'GET', `/api/groups/${id}`)).body.invite_token };
    expect(await rest(member, 'POST', '/api/groups/join', link)).toMatchObject({
      status: 403,
      body: { error: GROUP_MSG.barred },
    });
    expect(
      (await rest(boss, 'POST', `/api/groups/${id}/members/${member.id}/reinvite`)).status,
    ).toBe(200);
    const rejoined = await rest(member, 'POST', '/api/groups/join', link);
    expect(rejoined.status).toBe(200);
    expect((await rest(member, 'POST', `/api/groups/${id}/leave`)).status).toBe(200);
    expect((await rest(boss, 'DELETE', `/api/groups/${id}`)).status).toBe(200);
    expect((await rest(boss, 'GET', `/api/groups/${id}`)).status).toBe(404);
  });

  it('tRPC procedures say the same', async () => {
    const g = await t.caller(boss).groups.create({ name: 'Via tRPC' });
    await t.caller(member).groups.join({ token: g.invite_token });
    expect((await t.caller(member).groups.mine()).map((x) => x.name)).toContain('Via tRPC');
    await expect(t.caller(outsider).groups.byId({ id: g.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(t.caller(siteAdmin).groups.update({ id: g.id, name: 'X' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      t.caller(member).groups.removeMember({ id: g.id, userId: boss.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller(null).groups.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.caller(boss).groups.update({ id: g.id, name: 'Renommé' })).name).toBe(
      'Renommé',
    );
    await t.caller(boss).groups.delete({ id: g.id });
  });
});

describe('a match « pour le groupe »', () => {
  it('tells the members, stays out of Trouver for the priority window, then shows; group-only never', async () => {
    const id = await newGroup('Priorité');
    const made = await rest(boss, 'POST', `/api/groups/${id}/matches`, {
      ...matchFields,
      place_id: placeId,
    });
    expect(made.status).toBe(201);
    const matchId = Number(made.body.id);
    const only = await rest(boss, 'POST', `/api/groups/${id}/matches`, {
      ...matchFields,
      place_id: placeId,
      time: '20:00',
      group_only: true,
    });
    const onlyId = Number(only.body.id);
    expect(
      (
        await rest(outsider, 'POST', `/api/groups/${id}/matches`, {
          ...matchFields,
          place_id: placeId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await rest(siteAdmin, 'POST', `/api/groups/${id}/matches`, {
          ...matchFields,
          place_id: placeId,
        })
      ).status,
    ).toBe(404);
    await followLog(t.deps);
    const told = await t.db.db.select().from(outbox).where(eq(outbox.matchId, matchId));
    expect(told.filter((r) => r.event === 'group_match').map((r) => r.userId)).toEqual([member.id]);
    expect(told.find((r) => r.event === 'group_match')?.subject).toBe(
      'Nouveau match pour le groupe Priorité',
    );
    // Hidden from the public list (REST and tRPC) for 24 h.
    const restList = async () =>
      (await rest(null, 'GET', '/api/matches')).body as unknown as
        { id: number }[] | { matches: { id: number }[] };
    const ids = async () => {
      const r = await restList();
      const list = Array.isArray(r) ? r : r.matches;
      return {
        rest: list.map((m) => m.id),
        trpc: (await t.caller(outsider).matches.list({})).items.map((m) => m.id),
      };
    };
    let seen = await ids();
    expect(seen.rest).not.toContain(matchId);
    expect(seen.trpc).not.toContain(matchId);
    const page = await rest(member, 'GET', `/api/groups/${id}`);
    expect((page.body.matches as { id: number }[]).map((m) => m.id)).toEqual([matchId, onlyId]);
    t.clock.set('2026-06-11T08:00:01Z');
    seen = await ids();
    expect(seen.rest).toContain(matchId);
    expect(seen.trpc).toContain(matchId);
    expect(seen.rest).not.toContain(onlyId);
    expect(seen.trpc).not.toContain(onlyId);
    t.clock.set(NOW);
  });
});

describe('weekly slots', () => {
  it('open one match per date, tell the members, skip a date, pause, and skip an inactive place', async () => {
    const id = await newGroup('Récurrent');
    const slotBody = {
      weekday: 5,
      time: '19:00',
      place_id: placeId,
      levels: ['Niveau 3'],
      slots: 3,
      days_ahead: 7,
    };
    for (const [who, status] of [
      [member, 403],
      [outsider, 404],
      [siteAdmin, 404],
    ] as const)
      expect((await rest(who, 'POST', `/api/groups/${id}/slots`, slotBody)).status).toBe(status);
    const slot = await rest(boss, 'POST', `/api/groups/${id}/slots`, slotBody);
    expect(slot.status).toBe(201);
    const slotId = Number(slot.body.id);
    // Friday 12 June is within 7 days of Wednesday 10 June; the 19th is not yet.
    expect(
      (await rest(boss, 'POST', `/api/slots/${slotId}/skips`, { date: '2026-06-13' })).status,
    ).toBe(400);
    const skip = await rest(boss, 'POST', `/api/slots/${slotId}/skips`, { date: '2026-06-19' });
    expect(skip.body.message).toBe('Pas de match le 19 juin.');
    expect(
      (await rest(member, 'POST', `/api/slots/${slotId}/skips`, { date: '2026-06-26' })).status,
    ).toBe(403);
    expect(await runDueSlots(t.deps)).toBe(1);
    expect(await runDueSlots(t.deps)).toBe(0);
    const runs = await t.db.db.select().from(groupSlotRuns).where(eq(groupSlotRuns.slotId, slotId));
    expect(runs.map((r) => [r.date, r.outcome])).toEqual([
      ['2026-06-19', 'skipped'],
      ['2026-06-12', 'created'],
    ]);
    const page = await rest(member, 'GET', `/api/groups/${id}`);
    const m = (page.body.matches as { id: number; created_by: number; date: string }[]).find(
      (x) => x.date === '2026-06-12',
    );
    expect(m?.created_by).toBe(boss.id);
    await followLog(t.deps);
    const notices = await t.db.db.select().from(outbox).where(eq(outbox.matchId, m!.id));
    expect(
      notices
        .filter((r) => r.event === 'group_match')
        .map((r) => r.userId)
        .sort(),
    ).toEqual([boss.id, member.id].sort());
    // Two weeks on: the 19th was skipped, the 26th opens; paused, nothing opens.
    expect((await rest(boss, 'PUT', `/api/slots/${slotId}`, { paused: true })).body.message).toBe(
      'Créneau en pause.',
    );
    t.clock.set('2026-06-20T08:00:00Z');
    expect(await runDueSlots(t.deps)).toBe(0);
    await rest(boss, 'PUT', `/api/slots/${slotId}`, { paused: false });
    await t.db.db.update(places).set({ isActive: false }).where(eq(places.id, placeId));
    expect(await runDueSlots(t.deps)).toBe(1);
    const [inactive] = await t.db.db
      .select()
      .from(groupSlotRuns)
      .where(eq(groupSlotRuns.date, '2026-06-26'));
    expect(inactive?.outcome).toBe('place_inactive');
    await followLog(t.deps);
    const ownerNotice = await t.db.db.select().from(outbox).where(eq(outbox.event, 'slot_skipped'));
    expect(ownerNotice.map((r) => r.userId)).toEqual([boss.id]);
    expect(ownerNotice[0]?.body).toContain(
      "Pas de match le 26 juin : le lieu « Padel Club Est » n'est plus disponible.",
    );
    await t.db.db.update(places).set({ isActive: true }).where(eq(places.id, placeId));
    t.clock.set(NOW);
    expect((await rest(outsider, 'DELETE', `/api/slots/${slotId}`)).status).toBe(404);
    expect((await rest(boss, 'DELETE', `/api/slots/${slotId}`)).status).toBe(200);
  });
});

describe('availability polls', () => {
  let groupId: number;
  let friends: TestUser[];
  beforeAll(async () => {
    groupId = await newGroup('Sondages');
    friends = [];
    const token = (await rest(boss, 'GET', `/api/groups/${groupId}`)).body.invite_token;
    for (let i = 0; i < 4; i++) {
      const u = await createUser(t.deps, { name: `Ami${i} Test` });
      await rest(u, 'POST', '/api/groups/join', { token });
      friends.push(u);
    }
  });
  const pollBody = () => ({
    slots: [
      { place_id: placeId, date: '2026-06-13', time: '10:00' },
      { place_id: placeId, date: '2026-06-14', time: '11:00' },
    ],
    closes_at: '2026-06-12T18:00:00Z',
    size: 4,
  });

  it('refuses bad polls with a French 400, and outsiders as for an unknown group (404)', async () => {
    const one = await rest(member, 'POST', `/api/groups/${groupId}/polls`, {
      ...pollBody(),
      slots: pollBody().slots.slice(0, 1),
    });
    expect(one.status).toBe(400);
    expect(one.body.error).toBe('Proposez de 2 à 5 créneaux.');
    const late = await rest(member, 'POST', `/api/groups/${groupId}/polls`, {
      ...pollBody(),
      closes_at: '2026-06-14T18:00:00Z',
    });
    expect(late.body.error).toBe(
      'Choisissez une heure de clôture à venir, avant le premier créneau.',
    );
    for (const who of [outsider, siteAdmin])
      expect((await rest(who, 'POST', `/api/groups/${groupId}/polls`, pollBody())).status).toBe(
        404,
      );
  });

  it('counts answers, makes the 4-place match at `size` « oui » with those players, then takes no more answers', async () => {
    const created = await rest(member, 'POST', `/api/groups/${groupId}/polls`, pollBody());
    expect(created.status).toBe(201);
    const pollId = Number(created.body.id);
    const [a, b] = (created.body.slots as { id: number }[]).map((s) => String(s.id));
    for (const who of [outsider, siteAdmin]) {
      expect((await rest(who, 'GET', `/api/polls/${pollId}`)).status).toBe(404);
      expect(
        (await rest(who, 'PUT', `/api/polls/${pollId}/answers`, { answers: { [a!]: 'oui' } }))
          .status,
      ).toBe(404);
    }
    expect(
      (await rest(member, 'PUT', `/api/polls/${pollId}/answers`, { answers: { [a!]: 'bof' } })).body
        .error,
    ).toBe('Répondez « oui », « non » ou « peut-être ».');
    expect(
      (await rest(member, 'PUT', `/api/polls/${pollId}/answers`, { answers: { '999999': 'oui' } }))
        .status,
    ).toBe(400);
    const order = [friends[0]!, member, friends[1]!, boss, friends[2]!, friends[3]!];
    for (const [i, who] of order.entries()) {
      const res = await rest(who, 'PUT', `/api/polls/${pollId}/answers`, {
        answers: { [a!]: 'oui', [b!]: i % 2 ? 'non' : 'peut-être' },
      });
      // The fourth « oui » made the match: the poll takes no more answers.
      if (i >= 4) {
        expect(res.status).toBe(409);
        expect(res.body.error).toBe(GROUP_MSG.pollMatched);
        continue;
      }
      expect(res.status).toBe(200);
      if (i === 2)
        expect(res.body).toMatchObject({
          status: 'open',
          match_id: null,
          slots: [{ counts: { oui: 3 } }, { counts: { non: 1, 'peut-être': 2 } }],
        });
    }
    const got = await rest(friends[3]!, 'GET', `/api/polls/${pollId}`);
    expect(got.body).toMatchObject({
      status: 'matched',
      slots: [{ counts: { oui: 4 }, my_answer: null }, {}],
    });
    const matchId = Number(got.body.match_id);
    const detail = await t.caller(boss).matches.byId({ id: matchId });
    // The poll's author (member) organises; the three others who said « oui » first are in.
    expect(detail.created_by).toBe(member.id);
    expect(detail.missing_players).toBe(0);
    const players = await t.db.db
      .select()
      .from(matchParticipants)
      .where(eq(matchParticipants.matchId, matchId));
    expect(players.map((p) => p.userId).sort()).toEqual(
      [friends[0]!.id, friends[1]!.id, boss.id].sort(),
    );
    const waiting = await t.db.db
      .select()
      .from(matchWaitlist)
      .where(eq(matchWaitlist.matchId, matchId))
      .orderBy(matchWaitlist.id);
    expect(waiting).toEqual([]);
    await followLog(t.deps);
    const notices = await t.db.db.select().from(outbox).where(eq(outbox.event, 'poll_match'));
    // Told when the match was made: those in it, and the members who had not said « oui » yet.
    expect(notices.find((n) => n.userId === boss.id)?.body).toContain(
      'Assez de « oui » : vous jouez',
    );
    expect(notices.find((n) => n.userId === friends[3]!.id)?.body).toContain(
      'Le sondage est clos : le match aura lieu',
    );
    // tRPC reads the same poll.
    expect((await t.caller(member).groups.poll({ id: pollId })).match_id).toBe(matchId);
  });

  it('closes at its closing time without enough « oui », with a notice, once', async () => {
    const poll = await t.caller(member).groups.createPoll({ id: groupId, ...pollBody() });
    await t
      .caller(boss)
      .groups.answerPoll({ id: poll.id, answers: { [String(poll.slots[0]!.id)]: 'oui' } });
    t.clock.set('2026-06-12T18:00:00Z');
    expect(await closeDuePolls(t.deps)).toBe(1);
    expect(await closeDuePolls(t.deps)).toBe(0);
    expect((await t.caller(boss).groups.poll({ id: poll.id })).status).toBe('closed');
    await expect(
      t
        .caller(boss)
        .groups.answerPoll({ id: poll.id, answers: { [String(poll.slots[0]!.id)]: 'non' } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Ce sondage est clos.' });
    await followLog(t.deps);
    const closed = await t.db.db.select().from(outbox).where(eq(outbox.event, 'poll_closed'));
    expect(closed.length).toBe(6);
    expect(closed[0]?.body).toContain('est clos sans assez de « oui »');
    t.clock.set(NOW);
  });
});
