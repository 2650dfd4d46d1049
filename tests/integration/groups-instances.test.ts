import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../common/messages-groups';
import { createDb, type DbHandle } from '../../db/client';
import {
  groupSlotRuns,
  matches,
  matchParticipants,
  matchWaitlist,
  pollAnswers,
} from '../../db/schema';
import { buildApp } from '../../server/app';
import { createGroupsConsumer } from '../../server/services/groups/scheduler';
import { createDeps } from '../../server/create-deps';
import { createSession } from '../../server/services/auth/sessions';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';
import { captureLogger } from '../support/logs';
import { createPlace } from './matches-support';

/**
 * Two instances of the server on ONE database (on PostgreSQL each with its own pool, so they
 * really compete): 20 members answering « oui » at once to a poll made at 4, spread over both, and the weekly-slot
 * scheduler running on both.
 */
const NOW = '2026-06-10T08:00:00Z';
const DB = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestContext;
let second: DbHandle | undefined;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  second = t.db.url ? await createDb({ url: t.db.url, max: 10 }) : undefined;
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await second?.close();
  await t.close();
});

async function startInstance(db: DbHandle['db'], intervalMs: number) {
  const deps = createDeps({
    env: { ...t.deps.env, OUTBOX_INTERVAL_MS: intervalMs },
    db,
    logger: captureLogger().logger,
    clock: t.clock,
  });
  const app = await buildApp(deps, { serveClient: false });
  await app.ready();
  apps.push(app);
  return app;
}

describe(`groups on two instances of one ${DB} database`, () => {
  it('20 members answer « oui » at once: one match, exactly `size` in, the rest refused as the match is made', async () => {
    const a = await startInstance(t.db.db, 0);
    const b = await startInstance(second?.db ?? t.db.db, 0);
    const place = (await createPlace(t)).id;
    const author = await createUser(t.deps, { name: 'Auteur Sondage' });
    const group = await t.caller(author).groups.create({ name: 'Vingt' });
    const members: TestUser[] = [];
    for (let i = 0; i < 20; i++) {
      const u = await createUser(t.deps, { name: `Membre${i} Rafale` });
      await t.caller(u).groups.join({ token: group.invite_token });
      members.push(u);
    }
    const poll = await t.caller(author).groups.createPoll({
      id: group.id,
      slots: [
        { place_id: place, date: '2026-06-13', time: '10:00' },
        { place_id: place, date: '2026-06-14', time: '10:00' },
      ],
      closes_at: '2026-06-12T18:00:00Z',
      size: 4,
    });
    const slotId = String(poll.slots[0]!.id);
    const tokens = await Promise.all(members.map((u) => createSession(t.deps, u.id, null)));
    const answers = await Promise.all(
      members.map((_, i) =>
        (i % 2 ? b : a).inject({
          method: 'PUT',
          url: `/api/polls/${poll.id}/answers`,
          headers: { authorization: `Bearer ${tokens[i]!.token}` },
          payload: { answers: { [slotId]: 'oui' } },
        }),
      ),
    );
    // Voting closes once the match is made: the four first answers count, the others get the 409.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(16);
    for (const r of refused)
      expect({ status: r.statusCode, body: r.json<unknown>() }).toEqual({
        status: 409,
        body: { error: GROUP_MSG.pollMatched },
      });
    const made = await t.db.db.select().from(matches);
    expect(made).toHaveLength(1);
    const match = made[0]!;
    const playing = await t.db.db
      .select()
      .from(matchParticipants)
      .where(eq(matchParticipants.matchId, match.id));
    // The first « oui » organises (the author did not answer); three more are in: four in all.
    expect(1 + playing.length).toBe(4);
    expect(match.missingPlayers).toBe(0);
    const order = (
      await t.db.db
        .select({ userId: pollAnswers.userId })
        .from(pollAnswers)
        .where(eq(pollAnswers.slotId, Number(slotId)))
        .orderBy(asc(pollAnswers.seq))
    ).map((r) => r.userId);
    expect(new Set(order).size).toBe(4);
    expect([match.createdBy, ...playing.map((p) => p.userId)].sort()).toEqual([...order].sort());
    const waiting = await t.db.db
      .select({ userId: matchWaitlist.userId })
      .from(matchWaitlist)
      .where(eq(matchWaitlist.matchId, match.id));
    expect(waiting).toEqual([]);
    const final = await t.caller(author).groups.poll({ id: poll.id });
    expect(final).toMatchObject({ status: 'matched', match_id: match.id });
    console.info(
      `[groups] poll burst on ${DB}: 20 « oui » over 2 instances → ${made.length} match, ${1 + playing.length} in, ${refused.length} refused (409)`,
    );
    for (const app of apps.splice(0)) await app.close();
  }, 60_000);

  it('the weekly-slot scheduler on both instances opens one match per slot and date', async () => {
    const place = (await createPlace(t)).id;
    const owner = await createUser(t.deps, { name: 'Chef Créneaux', level: 'Niveau 3' });
    const group = await t.caller(owner).groups.create({ name: 'Hebdo' });
    const slotIds: number[] = [];
    for (const weekday of [4, 5, 6, 7, 1])
      slotIds.push(
        (
          await t.caller(owner).groups.createSlot({
            id: group.id,
            weekday,
            time: '19:00',
            place_id: place,
            levels: ['Niveau 3'],
            slots: 3,
            days_ahead: 14,
          })
        ).id,
      );
    const before = (await t.db.db.select().from(matches)).length;
    await startInstance(t.db.db, 5);
    await startInstance(second?.db ?? t.db.db, 5);
    // Five slots, 14 days ahead from a Wednesday morning: two dates each.
    await expect
      .poll(() => t.db.db.$count(groupSlotRuns), { timeout: 20_000, interval: 20 })
      .toBeGreaterThanOrEqual(10);
    // Stopping waits for the rounds under way, so a duplicate, if any, is written by now; and a
    // further round on each instance's database opens nothing more.
    for (const app of apps.splice(0)) await app.close();
    for (const db of [t.db.db, second?.db ?? t.db.db])
      await createGroupsConsumer({ ...t.deps, db }).runOnce();
    const runs = await t.db.db.select().from(groupSlotRuns);
    expect(runs).toHaveLength(10);
    expect(runs.every((r) => r.outcome === 'created' && r.matchId !== null)).toBe(true);
    const after = await t.db.db.select().from(matches);
    expect(after.length - before).toBe(10);
    const keys = after.slice(before).map((m) => `${m.date} ${m.time}`);
    expect(new Set(keys).size).toBe(10);
    console.info(
      `[groups] scheduler on 2 instances (${DB}): ${slotIds.length} slots → ${after.length - before} matches, one per slot and date`,
    );
  }, 60_000);
});
