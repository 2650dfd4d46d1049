import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { firstZodMessage } from '../../server/lib/errors';
import { matches, places, settings } from '../../db/schema';
import type { TestContext } from '../support/app';

/** Shared helpers of the matches test files (not a test file itself). */

export async function createPlace(t: TestContext, o: Partial<{ name: string; city: string; isActive: boolean }> = {}) {
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
  o: { placeId: number; createdBy: number; date: string; time: string; levels?: string[]; slots?: number; missing?: number },
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
    })
    .returning();
  return m!;
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
    if (e instanceof TRPCError) return { code: e.code, message: e.cause instanceof ZodError ? firstZodMessage(e.cause) : e.message };
    throw e;
  }
  return { code: 'NO_ERROR', message: '' };
}
