import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matches,
  matchMessages,
  outbox,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { runDueSlots } from '../../server/services/groups/slots';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { followLog } from '../support/worker';
import { createPlace, participantIdsOf } from './matches-support';

/**
 * Every way a player takes a seat, and every way a match is born, through the one seat service
 * (`server/services/matches/seats.ts`): each path must have the same consequences — the player
 * seated, a chat line in the match's room, `participant.joined` for integrators (and
 * `match.filled` when it fills the match); a born match sends
 * `match.created`. Before the seat service, an accepted request sent no webhook and a match made
 * for a group or by a weekly slot sent no `match.created`; a poll's « oui » wrote its seats by hand.
 */
const NOW = '2026-06-10T08:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestContext;
let placeId: number;
let owner: TestUser;
const players: TestUser[] = [];
const p = (i: number) => players[i]!;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Lyon', city: 'Lyon' })).id;
  owner = await createUser(t.deps, { name: 'Odile Organisatrice' });
  for (let i = 0; i < 12; i++)
    players.push(await createUser(t.deps, { name: `Seat${i} Dupont`, level: 'Niveau 3' }));
  // An integrator listening to every match event (its deliveries are the rows we read).
  await t.db.db.insert(webhookEndpoints).values({
    url: 'https://integrator.example/hook',
    events: ['match.created', 'participant.joined', 'match.filled', 'participant.left'],
    secretSealed: 'sealed',
  });
}, 120_000);
afterAll(() => t.close());

const fields = (slots: number, levels = ['Niveau 3']) => ({
  place_id: placeId,
  date: '2026-06-20',
  time: '18:00',
  levels,
  slots,
});

const events = async (matchId: number) => {
  await followLog(t.deps);
  return (
    await t.db.db
      .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(sql`(${webhookDeliveries.payload}::json -> 'data' ->> 'match_id')::int = ${matchId}`)
      .orderBy(webhookDeliveries.id)
  ).map((r) => {
    const data = (JSON.parse(r.payload) as { data: { user_id?: number } }).data;
    return data.user_id ? `${r.type}:${data.user_id}` : r.type;
  });
};

const systemLines = async (matchId: number) => {
  await followLog(t.deps);
  return (
    await t.db.db
      .select({ text: matchMessages.text })
      .from(matchMessages)
      .where(and(eq(matchMessages.matchId, matchId), eq(matchMessages.kind, 'system')))
  ).map((r) => r.text);
};

/** The outbox's last row now: the notices of what a test does next come after it. */
const outboxMark = async () =>
  (await t.db.db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0]!
    .id;

/** Who was told what since `mark`, as `event:userId`, once per notice whatever its channels. */
const notices = async (mark: number) => {
  await followLog(t.deps);
  const rows = await t.db.db
    .selectDistinct({ event: outbox.event, userId: outbox.userId })
    .from(outbox)
    .where(gt(outbox.id, mark));
  return rows.map((r) => `${r.event}:${r.userId}`).sort();
};

interface SeatPath {
  name: string;
  /** Makes a 2-place match with one place left, then seats `who` by this path; answers the match. */
  seat: (who: TestUser) => Promise<number>;
  /** The chat line that names the seated player (first name). */
  line: (first: string) => string;
  /** The notices of the seat, for the seated player and the organiser. */
  told: (who: TestUser) => string[];
}

const twoPlaceMatchWithOneIn = async (levels?: string[]) => {
  const m = await t.caller(owner).matches.create(fields(2, levels));
  await t.caller(p(11)).matches.join({ id: m.id });
  return m.id;
};

const paths: SeatPath[] = [
  {
    name: 'a join',
    seat: async (who) => {
      const id = await twoPlaceMatchWithOneIn();
      await t.caller(who).matches.join({ id });
      return id;
    },
    line: (first) => `${first} a rejoint le match`,
    told: () => [`joined:${owner.id}`],
  },
  {
    name: 'a waiting-list promotion',
    seat: async (who) => {
      const m = await t.caller(owner).matches.create(fields(1));
      const leaver = await createUser(t.deps, { name: 'Léo Partant', level: 'Niveau 3' });
      await t.caller(leaver).matches.join({ id: m.id });
      await t.caller(who).matches.joinWaitlist({ id: m.id });
      await t.caller(leaver).matches.leave({ id: m.id });
      return m.id;
    },
    line: (first) => first,
    told: (who) => [`joined:${owner.id}`, `left:${owner.id}`, `promoted:${who.id}`],
  },
  {
    name: 'an accepted request',
    seat: async (who) => {
      // Another level than the player's: they ask, the organiser accepts.
      const id = await twoPlaceMatchWithOneIn(['Niveau 6']);
      await t.caller(who).matches.request({ id });
      await t.caller(owner).matches.acceptRequest({ id, userId: who.id });
      return id;
    },
    line: (first) => `${first} a rejoint le match`,
    told: (who) => [`joined:${owner.id}`, `requestJoined:${who.id}`, `requested:${owner.id}`],
  },
  {
    name: "a poll's « oui »",
    seat: async (who) => {
      // The organiser and two friends say « oui » first; `who` is the fourth, the last place.
      const g = await t.caller(owner).groups.create({ name: 'Sondage des places' });
      const friends = [
        await createUser(t.deps, { name: 'Paul Sondé', level: 'Niveau 3' }),
        await createUser(t.deps, { name: 'Pia Sondée', level: 'Niveau 3' }),
      ];
      for (const u of [...friends, who]) await t.caller(u).groups.join({ token: g.invite_token });
      const poll = await t.caller(owner).groups.createPoll({
        id: g.id,
        slots: [
          { place_id: placeId, date: '2026-06-21', time: '18:00' },
          { place_id: placeId, date: '2026-06-22', time: '18:00' },
        ],
        closes_at: '2026-06-15T18:00:00Z',
        size: 4,
      });
      const slot = String(poll.slots[0]!.id);
      for (const u of [owner, ...friends, who])
        await t.caller(u).groups.answerPoll({ id: poll.id, answers: { [slot]: 'oui' } });
      return (await t.caller(owner).groups.poll({ id: poll.id })).match_id!;
    },
    line: (first) => `${first} a rejoint le match`,
    told: (who) => [`poll_match:${owner.id}`, `poll_match:${who.id}`],
  },
];

describe(`one seat rule, the same consequences on every path (${DB})`, () => {
  it.each(paths.map((path, i) => [path.name, path, i] as const))(
    '%s seats the player, says it in the chat, and tells integrators',
    async (_name, path, i) => {
      const who = p(i);
      const mark = await outboxMark();
      const id = await path.seat(who);
      expect(await participantIdsOf(t, id)).toContain(who.id);
      const lines = await systemLines(id);
      expect(lines.some((l) => l.includes(path.line('Seat' + i)))).toBe(true);
      const told = (await notices(mark)).filter(
        (n) => n.endsWith(`:${who.id}`) || n.endsWith(`:${owner.id}`),
      );
      expect(told.filter((n) => !n.startsWith('reminder'))).toEqual(path.told(who).sort());
      const sent = await events(id);
      expect(sent[0]).toBe('match.created');
      // The seat took the last place: integrators hear who came in, then that the match is full.
      expect(sent.slice(-2)).toEqual([`participant.joined:${who.id}`, 'match.filled']);
    },
  );

  interface FreePath {
    name: string;
    /** Frees the one seat of a full 1-place match taken by `seated`; answers who left (or null). */
    free: (matchId: number, seated: TestUser) => Promise<number | null>;
    /** Whether a player holds the seat (a reserved seat is the organiser's guest). */
    byGuest?: boolean;
    /** What the organiser is told of the match (the seat's join, then this path's). */
    organiserTold: string[];
  }
  const frees: FreePath[] = [
    {
      name: 'a leave',
      organiserTold: ['joined', 'left'],
      free: async (id, seated) => (await t.caller(seated).matches.leave({ id }), seated.id),
    },
    {
      name: "the organiser's removal",
      organiserTold: ['joined'],
      free: async (id, seated) => (
        await t.caller(owner).matches.removeParticipant({ id, userId: seated.id }),
        seated.id
      ),
    },
    {
      name: 'an erased account',
      organiserTold: ['joined', 'left'],
      free: async (_id, seated) => (
        await t.caller(seated).users.deleteAccount({ id: seated.id, pin: seated.pin }),
        seated.id
      ),
    },
    {
      name: 'a reserved seat released',
      byGuest: true,
      organiserTold: ['joined'],
      free: async (id) => {
        const match = await t.caller(owner).matches.byId({ id });
        await t.caller(owner).matches.releaseGuest({ id, guestId: match.guests[0]!.id });
        return null;
      },
    },
  ];

  it.each(frees.map((path) => [path.name, path] as const))(
    '%s frees the seat for the first waiting player, with the same consequences',
    async (_name, path) => {
      const seated = await createUser(t.deps, { name: 'Alix Occupée', level: 'Niveau 3' });
      const waiter = await createUser(t.deps, { name: 'Wanda Attente', level: 'Niveau 3' });
      // Full: the seat under test, plus (for a reserved seat) a player in the other one.
      const m = await t
        .caller(owner)
        .matches.create(path.byGuest ? { ...fields(2), guests: ['Marc'] } : fields(1));
      await t.caller(seated).matches.join({ id: m.id });
      await t.caller(waiter).matches.joinWaitlist({ id: m.id });
      const before = (await events(m.id)).length;
      const mark = await outboxMark();
      const left = await path.free(m.id, seated);
      expect(await participantIdsOf(t, m.id)).toEqual(
        path.byGuest ? [seated.id, waiter.id] : [waiter.id],
      );
      const sent = (await events(m.id)).slice(before);
      expect(sent).toEqual([
        ...(left ? [`participant.left:${left}`] : []),
        `participant.joined:${waiter.id}`,
        'match.filled',
      ]);
      expect((await systemLines(m.id)).some((l) => l.includes('Wanda'))).toBe(true);
      const told = await notices(mark);
      expect(told.filter((n) => n.endsWith(`:${owner.id}`) && !n.startsWith('reminder'))).toEqual(
        path.organiserTold.map((e) => `${e}:${owner.id}`).sort(),
      );
      expect(told).toContain(`promoted:${waiter.id}`);
      if (path.name === "the organiser's removal") expect(told).toContain(`removed:${seated.id}`);
    },
  );

  it('a match made for a group by hand and one made by a weekly slot both send match.created', async () => {
    const g = await t.caller(owner).groups.create({ name: 'Les Lions du jeudi' });
    const byHand = await t.caller(owner).groups.createMatch({ id: g.id, ...fields(3) });
    expect(await events(byHand.id)).toEqual(['match.created']);

    await t.caller(owner).groups.createSlot({
      id: g.id,
      weekday: 5,
      time: '19:00',
      place_id: placeId,
      levels: ['Niveau 3'],
      slots: 3,
      days_ahead: 7,
    });
    expect(await runDueSlots(t.deps)).toBe(1);
    const [weekly] = await t.db.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.date, '2026-06-12'), eq(matches.createdBy, owner.id)));
    expect(weekly).toBeDefined();
    expect(await events(weekly!.id)).toEqual(['match.created']);
  });
});
