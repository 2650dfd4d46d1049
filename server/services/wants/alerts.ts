import { and, asc, eq, inArray } from 'drizzle-orm';
import { WANT_TEXT } from '../../../common/messages-wants';
import { shortTime } from '../../../common/schedule';
import { WANT_DAYS, WANTS_MAX, type TWant, type TWantInput } from '../../../common/schemas/wants';
import type { DbOrTx } from '../../../db/client';
import { levels, places, users, wantNotices, wants } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';

const DAY_MS = 86_400_000;
const expiry = (now: Date) => new Date(now.getTime() + WANT_DAYS * DAY_MS);

type WantRow = typeof wants.$inferSelect;

/** The alerts as the player reads them, with their places' names, soonest to end first. */
async function present(db: DbOrTx, rows: WantRow[], now: Date): Promise<TWant[]> {
  const ids = [...new Set(rows.flatMap((r) => r.placeIds))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: places.id, name: places.name })
            .from(places)
            .where(inArray(places.id, ids))
        ).map((p) => [p.id, p.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    weekdays: [...r.weekdays],
    from: shortTime(r.fromTime),
    to: shortTime(r.toTime),
    place_ids: [...r.placeIds],
    // A place deleted since is left out of the names (the alert still names the others).
    places: r.placeIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    level: r.level,
    expires_at: r.expiresAt.toISOString(),
    expired: r.expiresAt <= now,
  }));
}

/** The player's own alerts (`GET /api/wants`), expired ones included so they can be renewed. */
export async function listWants(deps: Pick<Deps, 'db' | 'clock'>, actor: SessionUser) {
  const rows = await deps.db
    .select()
    .from(wants)
    .where(eq(wants.userId, actor.id))
    .orderBy(asc(wants.expiresAt), asc(wants.id));
  return present(deps.db, rows, deps.clock.now());
}

/**
 * Saves an alert: its places must be active ones and its level a level of the catalogue. The cap
 * of 10 is checked under the player's row lock, so two saves at once cannot make an 11th.
 */
export async function createWant(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TWantInput,
): Promise<TWant> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const known = await tx
      .select({ id: places.id })
      .from(places)
      .where(and(inArray(places.id, input.place_ids), eq(places.isActive, true)));
    if (known.length !== input.place_ids.length) throw badRequest(WANT_TEXT.unknownPlace);
    if (input.level) {
      const [level] = await tx
        .select({ niveau: levels.niveau })
        .from(levels)
        .where(eq(levels.niveau, input.level));
      if (!level) throw badRequest(WANT_TEXT.unknownLevel);
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const count = await tx.$count(wants, eq(wants.userId, actor.id));
    if (count >= WANTS_MAX) throw conflict(WANT_TEXT.tooMany(WANTS_MAX));
    const [made] = await tx
      .insert(wants)
      .values({
        userId: actor.id,
        weekdays: input.weekdays,
        fromTime: input.from,
        toTime: input.to,
        placeIds: input.place_ids,
        level: input.level ?? null,
        expiresAt: expiry(now),
      })
      .returning();
    return made!;
  });
  const [want] = await present(deps.db, [row], now);
  return want!;
}

/** One tap: the alert lives 30 more days from now (an expired one comes back). */
export async function renewWant(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  id: number,
): Promise<TWant> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(wants)
    .set({ expiresAt: expiry(now) })
    .where(and(eq(wants.id, id), eq(wants.userId, actor.id)))
    .returning();
  if (!row) throw notFound(WANT_TEXT.notFound);
  const [want] = await present(deps.db, [row], now);
  return want!;
}

/** Deletes one of the player's alerts; another's is the 404 of an unknown one. */
export async function deleteWant(deps: Pick<Deps, 'db'>, actor: SessionUser, id: number) {
  const gone = await deps.db
    .delete(wants)
    .where(and(eq(wants.id, id), eq(wants.userId, actor.id)))
    .returning({ id: wants.id });
  if (gone.length === 0) throw notFound(WANT_TEXT.notFound);
}

/** The player's alerts and the matches they offered him, for his data export. */
export async function exportWants(db: DbOrTx, userId: number) {
  const [alerts, offered] = await Promise.all([
    db.select().from(wants).where(eq(wants.userId, userId)).orderBy(asc(wants.id)),
    db
      .select()
      .from(wantNotices)
      .where(eq(wantNotices.userId, userId))
      .orderBy(asc(wantNotices.createdAt), asc(wantNotices.matchId)),
  ]);
  return {
    alerts: alerts.map((w) => ({
      weekdays: [...w.weekdays],
      from: shortTime(w.fromTime),
      to: shortTime(w.toTime),
      place_ids: [...w.placeIds],
      level: w.level,
      expires_at: w.expiresAt.toISOString(),
      created_at: w.createdAt.toISOString(),
    })),
    offered: offered.map((n) => ({
      match_id: n.matchId,
      status: n.status,
      at: n.createdAt.toISOString(),
    })),
  };
}
