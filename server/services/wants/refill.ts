import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { WANT_TEXT } from '../../../common/messages-wants';
import type { Tx } from '../../../db/client';
import { matchRefills, wantNotices } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { WorkerConsumer } from '../../worker/loop';
import { matchInfo, pathOf, whenOf, type MatchInfo } from '../notifications/match-info';
import { notifyUsers } from '../notifications/notify-users';
import { playersWanting, refillCircle, wantsRefill } from './fit';

/** Players told per wave. */
export const WAVE_SIZE = 20;
/** The second wave follows the first this long after, if the seat is still free. */
export const SECOND_WAVE_AFTER_MS = 30 * 60_000;

type RefillDeps = Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>;

/**
 * One wave: up to 20 players not yet told of the match, those whose alerts fit first, then the
 * organiser's groups, then the place's recent players (`refillCircle`). Each is told once per match
 * (the primary key of `want_notices`, shared with the alerts); the first to join takes the seat by
 * the core's seat rule. A refill is urgent, so it does not count in the alerts' 3 a day.
 */
async function wave(tx: Tx, deps: RefillDeps, info: MatchInfo): Promise<number> {
  const now = deps.clock.now();
  const wanting = await playersWanting(tx, deps.env, info.id, now);
  const circle = await refillCircle(tx, deps.env, info.id, now, WAVE_SIZE);
  const told: number[] = [];
  for (const userId of new Set([...wanting, ...circle])) {
    if (told.length === WAVE_SIZE) break;
    const first = await tx
      .insert(wantNotices)
      .values({ userId, matchId: info.id, status: 'sent' })
      .onConflictDoNothing()
      .returning({ userId: wantNotices.userId });
    if (first.length > 0) told.push(userId);
  }
  await notifyUsers(
    tx,
    deps,
    told,
    () => ({
      event: 'refill',
      subject: WANT_TEXT.notify.refillSubject,
      text: WANT_TEXT.notify.refill(whenOf(info), info.placeName),
      path: pathOf(info),
      matchId: info.id,
    }),
    { pushFirst: 'alert' },
  );
  return told.length;
}

/**
 * The first wave, when a seat of the match has just freed: only for a match that wants a refill
 * (`wantsRefill`: still open, nobody waiting, between 1 h and 48 h from its start), and once per
 * match (the primary key of `match_refills`), which also sets the second wave's time. False when
 * no refill starts: the freed seat then goes to the alerts as any other.
 */
export async function startRefill(tx: Tx, deps: RefillDeps, matchId: number): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await wantsRefill(tx, deps.env, matchId, now))) return false;
  const started = await tx
    .insert(matchRefills)
    .values({ matchId, secondWaveAt: new Date(now.getTime() + SECOND_WAVE_AFTER_MS) })
    .onConflictDoNothing()
    .returning({ matchId: matchRefills.matchId });
  const info = started.length > 0 ? await matchInfo(tx, matchId) : null;
  if (!info) return false;
  const told = await wave(tx, deps, info);
  await tx.update(matchRefills).set({ offered: told }).where(eq(matchRefills.matchId, matchId));
  return true;
}

/**
 * The second waves that are due, taken with `FOR UPDATE SKIP LOCKED` so each runs in one instance,
 * and only if the seat is still free and the start more than an hour away.
 */
export function createRefillWavesConsumer(deps: RefillDeps): WorkerConsumer {
  return {
    queue: 'events',
    periodMs: 60_000,
    runOnce: () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await tx
          .select({ matchId: matchRefills.matchId })
          .from(matchRefills)
          .where(and(isNotNull(matchRefills.secondWaveAt), lte(matchRefills.secondWaveAt, now)))
          .limit(WAVE_SIZE)
          .for('update', { skipLocked: true });
        for (const { matchId } of due) {
          await tx
            .update(matchRefills)
            .set({ secondWaveAt: null })
            .where(eq(matchRefills.matchId, matchId));
          const info = (await wantsRefill(tx, deps.env, matchId, now))
            ? await matchInfo(tx, matchId)
            : null;
          if (!info) continue;
          const told = await wave(tx, deps, info);
          await tx
            .update(matchRefills)
            .set({ offered: sql`${matchRefills.offered} + ${told}` })
            .where(eq(matchRefills.matchId, matchId));
        }
        return due.length;
      }),
    halt() {},
    resume() {},
  };
}
