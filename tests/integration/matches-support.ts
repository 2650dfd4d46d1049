import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { firstZodMessage } from '../../server/lib/errors';
import { matches, matchParticipants, matchWaitlist, places, settings } from '../../db/schema';
import { createTestContext, type TestContext } from '../support/app';
import { createUser, type TestUser } from '../support/factories';

/** Shared helpers of the matches test files (not a test file itself). */

export async function createPlace(
  t: TestContext,
  o: Partial<{ name: string; city: string; isActive: boolean }> = {},
) {
  const [p] = await t.db.db
    .insert(places)
    .values({
      name: o.name ?? `Club ${Math.random().toString(36).slice(2, 7)}`,
      address: '1 rue du Padel',
      city: o.city ?? 'Paris',
      isActive: o.isActive ?? true,
    })
    .returning();
  return p!;
}

/** Inserts a match as-is (past ones included), bypassing the create rules. */
export async function insertMatch(
  t: TestContext,
  o: {
    placeId: number;
    createdBy: number;
    date: string;
    time: string;
    levels?: string[];
    slots?: number;
    missing?: number;
    /** Amical unless told: only a competitive match's results move ratings (issue 42). */
    kind?: 'amical' | 'competitif';
    gender?: 'ouvert' | 'hommes' | 'femmes' | 'mixte';
    priceCents?: number | null;
  },
) {
  const slots = o.slots ?? 3;
  const [m] = await t.db.db
    .insert(matches)
    .values({
      placeId: o.placeId,
      createdBy: o.createdBy,
      date: o.date,
      time: o.time,
      levels: o.levels ?? ['Niveau 3'],
      slots,
      missingPlayers: o.missing ?? slots,
      kind: o.kind,
      gender: o.gender,
      priceCents: o.priceCents,
    })
    .returning();
  return m!;
}

/**
 * A full match, written directly (a match in the past cannot be made through the app): the
 * organiser and three players, 4 of 4 places taken. Answers its id.
 */
export async function insertFullMatch(
  t: TestContext,
  o: {
    placeId: number;
    createdBy: number;
    players: readonly { id: number }[];
    date: string;
    time: string;
    kind?: 'amical' | 'competitif';
    priceCents?: number | null;
  },
) {
  const m = await insertMatch(t, { ...o, slots: 3, missing: 0 });
  await t.db.db
    .insert(matchParticipants)
    .values(o.players.map((u) => ({ matchId: m.id, userId: u.id })));
  return m.id;
}

export async function setSetting(t: TestContext, key: string, value: number) {
  await t.db.db.update(settings).set({ value }).where(eq(settings.key, key));
}

export async function matchRow(t: TestContext, id: number) {
  const [m] = await t.db.db.select().from(matches).where(eq(matches.id, id));
  return m;
}

/**
 * The error a tRPC call fails with (code and the French message a client receives: the
 * errorFormatter shows a zod error's first message), or a marker when it succeeded.
 */
export async function trpcError(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError)
      return {
        code: e.code,
        message: e.cause instanceof ZodError ? firstZodMessage(e.cause) : e.message,
      };
    throw e;
  }
  return { code: 'NO_ERROR', message: '' };
}

/** The clock of the concurrency tests: the matches they create are ten days ahead. */
export const BURST_NOW = '2026-06-10T08:00:00Z';

/** A test app with an organiser, `count` players and a place: the cast of the concurrent-burst tests. */
export async function createBurstCast(count: number) {
  const t = await createTestContext({ now: BURST_NOW });
  const owner = await createUser(t.deps, { name: 'Organisatrice' });
  const players: TestUser[] = [];
  for (let i = 0; i < count; i++) players.push(await createUser(t.deps, { name: `Joueur ${i}` }));
  const placeId = (await createPlace(t)).id;
  /** A match of `slots` places on the 20th at 18:00, created by the organiser. */
  const newMatch = (slots: number) =>
    t.caller(owner).matches.create({
      place_id: placeId,
      date: '2026-06-20',
      time: '18:00',
      levels: ['Niveau 3'],
      slots,
    });
  return { t, owner, players, placeId, newMatch };
}
export type BurstCast = Awaited<ReturnType<typeof createBurstCast>>;

/** The ids of a match's participants, and of its waiting players in queue order. */
export const participantIdsOf = async (t: TestContext, id: number) =>
  (
    await t.db.db
      .select({ id: matchParticipants.userId })
      .from(matchParticipants)
      .where(eq(matchParticipants.matchId, id))
  ).map((r) => r.id);
export const waitingIdsOf = async (t: TestContext, id: number) =>
  (
    await t.db.db
      .select({ id: matchWaitlist.userId })
      .from(matchWaitlist)
      .where(eq(matchWaitlist.matchId, id))
      .orderBy(matchWaitlist.id)
  ).map((r) => r.id);
