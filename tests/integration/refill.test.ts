import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { REFILL_TEXT, WANT_TEXT } from '../../common/messages-wants';
import {
  groupMembers,
  matchParticipants,
  matchRefills,
  matches,
  outbox,
  wantNotices,
} from '../../db/schema';
import { createOutboxWorker } from '../../server/services/notifications/worker';
import { createRefillWavesConsumer } from '../../server/services/wants/refill';
import { createWantNoticesConsumer } from '../../server/services/wants/notices';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { restAs } from '../support/http';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp';
import { followLog } from '../support/worker';
import { createPlace } from './matches-support';

/**
 * Refills (issue 41): a seat freed late (within 48 h, more than 1 h before the start) with nobody
 * waiting is offered in two waves of at most 20 players: alerts first, the organiser's groups, the
 * place's recent players; e-mails through a real SMTP server.
 */
const NOW = '2026-06-10T08:00:00Z'; // a Wednesday, 10:00 in Paris
const TOMORROW = '2026-06-11'; // Thursday
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestContext;
let smtp: SmtpTestServer;
let owner: TestUser;
let club: number;
/** Players the refill may ask, each in a role. */
let alerted: TestUser;
let member: TestUser;
let memberTooStrong: TestUser;
let recent: TestUser[];
let longAgo: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ now: NOW, env: { SMTP_URL: smtp.url } });
  owner = await createUser(t.deps, { name: 'Organisatrice' });
  club = (await createPlace(t, { name: 'Club du Renfort' })).id;

  alerted = await createUser(t.deps, { name: 'Alice Alerte' });
  await restAs(t, alerted, 'POST', '/wants', {
    weekdays: [4],
    from: '18:00',
    to: '21:00',
    place_ids: [club],
  });
  member = await createUser(t.deps, { name: 'Bruno Groupe' });
  memberTooStrong = await createUser(t.deps, { name: 'Chloé Groupe', level: 'Niveau 8' });
  const group = await t.caller(owner).groups.create({ name: 'Les renforts' });
  await t.db.db
    .insert(groupMembers)
    .values([member, memberTooStrong].map((u) => ({ groupId: group.id, userId: u.id })));

  // 22 players of a match at the club 3 weeks ago; one of a match 90 days ago.
  recent = [];
  for (let i = 0; i < 22; i++) recent.push(await createUser(t.deps, { name: `Récent ${i}` }));
  longAgo = await createUser(t.deps, { name: 'Ancien Joueur' });
  const past = async (date: string, players: TestUser[]) => {
    const [m] = await t.db.db
      .insert(matches)
      .values({
        placeId: club,
        date,
        time: '19:00',
        levels: ['Niveau 3'],
        slots: players.length,
        missingPlayers: 0,
        createdBy: owner.id,
      })
      .returning({ id: matches.id });
    await t.db.db
      .insert(matchParticipants)
      .values(players.map((u) => ({ matchId: m!.id, userId: u.id })));
  };
  await past('2026-05-20', recent);
  await past('2026-03-10', [longAgo]);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  t.clock.set(NOW);
  await followLog(t.deps);
  await t.db.db.delete(outbox).where(sql`true`);
  smtp.clear();
});

/** A match of `owner` at the club with one player in it (who may leave), and `free` seats left. */
async function matchWithLeaver(date: string, time: string, free = 0) {
  const m = await t.caller(owner).matches.create({
    place_id: club,
    date,
    time,
    levels: ['Niveau 3'],
    slots: 2 + free,
  });
  const leaver = await createUser(t.deps, { name: 'Paul Partant' });
  const other = await createUser(t.deps, { name: 'Rita Reste' });
  await t.caller(leaver).matches.join({ id: m.id });
  await t.caller(other).matches.join({ id: m.id });
  await followLog(t.deps);
  return { id: m.id, leaver };
}

/** Who was told of a refill of `matchId` (the outbox's e-mails), by user id. */
const toldOf = async (matchId: number) =>
  (
    await t.db.db
      .select({ userId: outbox.userId })
      .from(outbox)
      .where(
        and(eq(outbox.matchId, matchId), eq(outbox.event, 'refill'), eq(outbox.channel, 'email')),
      )
  )
    .map((r) => r.userId!)
    .sort((a, b) => a - b);

/** One round of the refills' second waves, as an instance's worker loop runs it. */
const secondWave = { runOnce: () => createRefillWavesConsumer(t.deps).runOnce() };

describe(`a seat freed late (${DB})`, () => {
  it('is offered to 20 players in order, then to the others 30 minutes later', async () => {
    const m = await matchWithLeaver(TOMORROW, '19:00');
    await t.caller(m.leaver).matches.leave({ id: m.id });
    await followLog(t.deps);

    const first = await toldOf(m.id);
    expect(first).toHaveLength(20);
    // Alerts first, then the organiser's group (its level), then the place's recent players.
    expect(first).toContain(alerted.id);
    expect(first).toContain(member.id);
    expect(first).not.toContain(memberTooStrong.id);
    expect(first).not.toContain(longAgo.id);
    expect(first).not.toContain(m.leaver.id);
    expect(first).not.toContain(owner.id);
    const recentIds = recent.map((u) => u.id).sort((a, b) => a - b);
    expect(first.filter((id) => recentIds.includes(id))).toEqual(recentIds.slice(0, 18));

    // The e-mail says what freed and links the match.
    const [row] = await t.db.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.matchId, m.id), eq(outbox.userId, alerted.id)));
    expect(row?.subject).toBe(WANT_TEXT.notify.refillSubject);
    await createOutboxWorker(t.deps).runOnce();
    const mail = smtp.mails.find((x) => x.to.includes(alerted.email!.toLowerCase()));
    expect(mail?.text).toContain('Une place s’est libérée : match');
    expect(mail?.text).toContain(`/matches/${m.id}`);

    // The organiser, and only they, read how many were asked.
    expect((await t.caller(owner).matches.byId({ id: m.id })).refill_offered).toBe(20);
    expect((await t.caller(alerted).matches.byId({ id: m.id })).refill_offered).toBeNull();
    expect(REFILL_TEXT.offered(20)).toBe('Place proposée à 20 joueurs');

    // Not due before 30 minutes; then the 4 recent players left, each told once.
    t.clock.set('2026-06-10T08:29:00Z');
    expect(await secondWave.runOnce()).toBe(0);
    t.clock.set('2026-06-10T08:31:00Z');
    await t.db.db.delete(outbox).where(sql`true`);
    expect(await secondWave.runOnce()).toBe(1);
    expect(await toldOf(m.id)).toEqual(recentIds.slice(18));
    expect((await t.caller(owner).matches.byId({ id: m.id })).refill_offered).toBe(24);
    const notices = await t.db.db.$count(wantNotices, eq(wantNotices.matchId, m.id));
    expect(notices).toBe(24);
    // A later run finds no wave due.
    t.clock.set('2026-06-10T10:00:00Z');
    expect(await secondWave.runOnce()).toBe(0);
  });

  it('skips the second wave when the seat was taken meanwhile', async () => {
    const m = await matchWithLeaver(TOMORROW, '20:00');
    await t.caller(m.leaver).matches.leave({ id: m.id });
    await followLog(t.deps);
    expect((await toldOf(m.id)).length).toBeGreaterThan(0);
    await t.caller(alerted).matches.join({ id: m.id });
    await t.db.db.delete(outbox).where(sql`true`);
    t.clock.set('2026-06-10T08:31:00Z');
    expect(await secondWave.runOnce()).toBe(1);
    expect(await toldOf(m.id)).toEqual([]);
    // A full match says nothing of a refill to its organiser.
    const page = await t.caller(owner).matches.byId({ id: m.id });
    expect(page.missing_players).toBe(0);
  });

  it('starts no refill far from the start, within the hour, or when someone waits', async () => {
    // 5 days ahead: only the alerts (Alice's is for Thursdays: 2026-06-18 is one).
    const far = await matchWithLeaver('2026-06-18', '19:00');
    await t.caller(far.leaver).matches.leave({ id: far.id });
    // Within the hour: 10:30 in Paris is 08:30Z, 30 minutes away.
    const soon = await matchWithLeaver('2026-06-10', '10:30');
    await t.caller(soon.leaver).matches.leave({ id: soon.id });
    // Someone waits: they take the seat, nobody is asked.
    const busy = await matchWithLeaver(TOMORROW, '18:00');
    const waiting = await createUser(t.deps, { name: 'Wanda Attente' });
    await t.caller(waiting).matches.joinWaitlist({ id: busy.id });
    await t.caller(busy.leaver).matches.leave({ id: busy.id });
    await followLog(t.deps);

    const refills = await t.db.db
      .select({ id: matchRefills.matchId })
      .from(matchRefills)
      .where(inArray(matchRefills.matchId, [far.id, soon.id, busy.id]));
    expect(refills).toEqual([]);
    expect(await toldOf(far.id)).toEqual([]);
    expect(await toldOf(soon.id)).toEqual([]);
    expect(await toldOf(busy.id)).toEqual([]);
    const alerts = await t.db.db
      .select({ userId: outbox.userId })
      .from(outbox)
      .where(and(eq(outbox.matchId, far.id), eq(outbox.event, 'want_alert')));
    expect(alerts.map((r) => r.userId)).toContain(alerted.id);
  });
});

describe(`two instances and 30 taps (${DB})`, () => {
  it('tells each player once, and 30 taps at once take the one seat', async () => {
    const m = await matchWithLeaver(TOMORROW, '21:00');
    await t.caller(m.leaver).matches.leave({ id: m.id });
    // Two instances' consumers read the same freeing at once.
    await Promise.all([
      createWantNoticesConsumer(t.deps).runOnce(),
      createWantNoticesConsumer(t.deps).runOnce(),
    ]);
    await followLog(t.deps);
    t.clock.set('2026-06-10T08:31:00Z');
    await Promise.all([
      createRefillWavesConsumer(t.deps).runOnce(),
      createRefillWavesConsumer(t.deps).runOnce(),
    ]);
    // 20, then the others (the 4 recent players left, and whoever played at the club since).
    const told = await toldOf(m.id);
    expect(told.length).toBeGreaterThanOrEqual(24);
    expect(new Set(told).size).toBe(told.length);

    // 30 players tap « Rejoindre » at once: the 24 told, and 6 more who heard of it.
    const tappers = [...recent, alerted, member];
    for (let i = tappers.length; i < 30; i++) tappers.push(await createUser(t.deps));
    const taps = await Promise.allSettled(
      tappers.map((u) => t.caller(u).matches.join({ id: m.id })),
    );
    const ok = taps.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of taps)
      if (r.status === 'rejected') expect(String(r.reason)).toContain(MSG.match.full);
    const seated = await t.db.db.$count(matchParticipants, eq(matchParticipants.matchId, m.id));
    expect(seated).toBe(2);
  });
});
