/**
 * The court and cost reminders (issue 42), as the worker's round runs them on the app's clock:
 * the organiser of a full match 24 h away with no court marked booked is told once; 24 h after a
 * priced match, the players (not the organiser) whose share is not marked paid are told once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_TEXT, COURT_TEXT } from '../../common/messages-court';
import { outbox } from '../../db/schema';
import { runCourtReminders } from '../../server/services/matches/court-reminders';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { createPlace } from './matches-support';

/** 10:00 in Paris on Wednesday 10 June 2026. */
const NOW = '2026-06-10T08:00:00Z';
let t: TestContext;
let placeId: number;

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  placeId = (await createPlace(t, { name: 'Padel Club Nantes', city: 'Nantes' })).id;
}, 60_000);
afterAll(() => t.close());

/** A match by a new organiser on `date` at `time` (Paris), with `joined` new players in. */
async function match(o: {
  date: string;
  time: string;
  joined: number;
  slots?: number;
  price?: number;
}) {
  const organiser = await createUser(t.deps, { name: 'Olga Organise' });
  const m = await t.caller(organiser).matches.create({
    place_id: placeId,
    date: o.date,
    time: o.time,
    levels: ['Niveau 3'],
    slots: o.slots ?? 3,
    ...(o.price === undefined ? {} : { price_cents: o.price }),
  });
  const players: TestUser[] = [];
  for (let i = 0; i < o.joined; i++) {
    const p = await createUser(t.deps, { name: `Joueur${i} Dupont` });
    await t.caller(p).matches.join({ id: m.id });
    players.push(p);
  }
  return { id: m.id, organiser, players };
}

/** Who got a notice of `event` about the match, by e-mail (their default channel). */
const told = async (event: 'court_reminder' | 'payment_reminder', matchId: number) =>
  (
    await t.db.db
      .select({ userId: outbox.userId, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.event, event), eq(outbox.matchId, matchId), eq(outbox.channel, 'email')))
  ).sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0));

describe('« Terrain à réserver », to the organiser', () => {
  it('a full match within 24 h and no court marked: its organiser, once, whoever runs the round', async () => {
    t.clock.set(NOW);
    // Thursday 09:00 in Paris: 23 h ahead.
    const due = await match({ date: '2026-06-11', time: '09:00', joined: 3 });
    const booked = await match({ date: '2026-06-11', time: '09:30', joined: 3 });
    await t.caller(booked.players[1]).matches.setCourt({ id: booked.id, booked: true });
    const notFull = await match({ date: '2026-06-11', time: '10:00', joined: 2 });
    // Thursday 18:00: 32 h ahead, not yet.
    const later = await match({ date: '2026-06-11', time: '18:00', joined: 3 });

    await Promise.all([runCourtReminders(t.deps), runCourtReminders(t.deps)]);
    expect(await told('court_reminder', due.id)).toEqual([
      {
        userId: due.organiser.id,
        subject: COURT_TEXT.notify.remindSubject,
        body: expect.stringContaining(
          COURT_TEXT.notify.remind('jeudi 11 juin à 09:00', 'Padel Club Nantes'),
        ) as string,
      },
    ]);
    for (const m of [booked, notFull, later])
      expect(await told('court_reminder', m.id)).toEqual([]);

    // Once: another round tells nobody again.
    await runCourtReminders(t.deps);
    expect(await told('court_reminder', due.id)).toHaveLength(1);

    // 10 h later the evening match is 22 h away: its turn.
    t.clock.set('2026-06-10T18:00:00Z');
    await runCourtReminders(t.deps);
    expect((await told('court_reminder', later.id)).map((n) => n.userId)).toEqual([
      later.organiser.id,
    ]);
    // A mark taken back before the start: the organiser hears of it at the next round.
    await t.caller(booked.players[1]).matches.setCourt({ id: booked.id, booked: false });
    await runCourtReminders(t.deps);
    expect(await told('court_reminder', booked.id)).toEqual([
      expect.objectContaining({ userId: booked.organiser.id }),
    ]);
    t.clock.set(NOW);
  });
});

describe('« Votre part du terrain », to the players who have not paid', () => {
  it('24 h after a priced match: each unpaid player but the organiser, once; none for a match without price', async () => {
    t.clock.set(NOW);
    const priced = await match({ date: '2026-06-12', time: '19:00', joined: 3, price: 4001 });
    const [paid, unpaid1, unpaid2] = priced.players;
    await t.caller(paid).matches.setPayment({ id: priced.id, userId: paid!.id, paid: true });
    const free = await match({ date: '2026-06-12', time: '19:30', joined: 3 });

    // Friday 19:00 in Paris is 17:00 UTC: 23 h after, too early.
    t.clock.set('2026-06-13T16:00:00Z');
    await runCourtReminders(t.deps);
    expect(await told('payment_reminder', priced.id)).toEqual([]);

    t.clock.set('2026-06-13T17:01:00Z');
    await Promise.all([runCourtReminders(t.deps), runCourtReminders(t.deps)]);
    const notices = await told('payment_reminder', priced.id);
    expect(notices.map((n) => n.userId)).toEqual([unpaid1!.id, unpaid2!.id].sort((a, b) => a - b));
    for (const n of notices) {
      expect(n.subject).toBe(COST_TEXT.notify.remindSubject);
      expect(n.body).toContain(
        COST_TEXT.notify.remind('vendredi 12 juin à 19:00', 'Padel Club Nantes', '10,00'),
      );
    }
    expect(await told('payment_reminder', free.id)).toEqual([]);

    // Paying now changes nothing already sent, and nobody is told twice.
    await t.caller(unpaid1).matches.setPayment({ id: priced.id, userId: unpaid1!.id, paid: true });
    t.clock.set('2026-06-14T17:01:00Z');
    await runCourtReminders(t.deps);
    expect(await told('payment_reminder', priced.id)).toHaveLength(2);
    t.clock.set(NOW);
  });
});
