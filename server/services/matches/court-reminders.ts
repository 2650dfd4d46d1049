import { sql, type SQL } from 'drizzle-orm';
import { COST_TEXT, COURT_TEXT, euros, sharesOf } from '../../../common/messages-court';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { evenings, matchCourts, matches, matchNudges, matchPayments } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { WorkerConsumer } from '../../worker/loop';
import type { NotifyDeps } from '../notifications/enqueue';
import { matchInfo, matchPlayers, pathOf, whenOf } from '../notifications/match-info';
import { notifyUsers } from '../notifications/notify-users';

const HOUR_MS = 3_600_000;
/** The organiser hears of an unbooked court of a full match this long before its start… */
export const COURT_REMINDER_LEAD_MS = 24 * HOUR_MS;
/** …and the players of their unpaid share this long after it (once, never for an older match). */
export const PAYMENT_REMINDER_AFTER_MS = 24 * HOUR_MS;
const PAYMENT_REMINDER_UNTIL_MS = 7 * 24 * HOUR_MS;

type Kind = (typeof matchNudges.$inferInsert)['kind'];

/**
 * Claims the nudge of `kind` for the matches `due` selects, once: the (match, kind) key makes
 * whichever worker inserts first the one that tells, and only once.
 */
async function claim(tx: DbOrTx, kind: Kind, due: SQL, now: Date) {
  const result = await tx.execute(sql`
    insert into ${matchNudges} (match_id, kind, sent_at)
    select m.id, ${kind}, ${now.toISOString()}::timestamptz from ${matches} m
     where ${due}
       and not exists (select 1 from ${evenings} ev where ev.match_id = m.id)
     limit 50
    on conflict do nothing
    returning match_id`);
  return rowsOf<{ match_id: number }>(result);
}

/** Full matches starting within 24 h with no court marked booked: their organiser is reminded. */
async function remindCourts(tx: DbOrTx, deps: NotifyDeps & Pick<Deps, 'env'>): Promise<number> {
  const now = deps.clock.now();
  const start = sql`((m.date + m.time) at time zone ${deps.env.APP_TIMEZONE})`;
  const claimed = await claim(
    tx,
    'court',
    sql`m.missing_players = 0
       and ${start} > ${now.toISOString()}::timestamptz
       and ${start} <= ${new Date(now.getTime() + COURT_REMINDER_LEAD_MS).toISOString()}::timestamptz
       and not exists (select 1 from ${matchCourts} c where c.match_id = m.id)`,
    now,
  );
  for (const { match_id } of claimed) {
    const info = await matchInfo(tx, match_id);
    if (!info) continue;
    await notifyUsers(
      tx,
      deps,
      [info.createdBy],
      () => ({
        event: 'court_reminder',
        subject: COURT_TEXT.notify.remindSubject,
        text: COURT_TEXT.notify.remind(whenOf(info), info.placeName),
        path: pathOf(info),
        matchId: info.id,
      }),
      { pushFirst: 'reminder' },
    );
  }
  return claimed.length;
}

/** Matches with a price that ended a day ago: the players whose share is not marked paid are told. */
async function remindPayments(tx: DbOrTx, deps: NotifyDeps & Pick<Deps, 'env'>): Promise<number> {
  const now = deps.clock.now();
  const start = sql`((m.date + m.time) at time zone ${deps.env.APP_TIMEZONE})`;
  const claimed = await claim(
    tx,
    'payment',
    sql`m.price_cents > 0
       and ${start} <= ${new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS).toISOString()}::timestamptz
       and ${start} > ${new Date(now.getTime() - PAYMENT_REMINDER_UNTIL_MS).toISOString()}::timestamptz`,
    now,
  );
  for (const { match_id } of claimed) {
    const info = await matchInfo(tx, match_id);
    const [m] = await tx
      .select({ price: matches.priceCents })
      .from(matches)
      .where(sql`${matches.id} = ${match_id}`);
    if (!info || !m?.price) continue;
    const players = await matchPlayers(tx, match_id, info.createdBy);
    const paid = await tx
      .select({ userId: matchPayments.userId })
      .from(matchPayments)
      .where(sql`${matchPayments.matchId} = ${match_id}`);
    const paidIds = new Set(paid.map((p) => p.userId));
    const shares = sharesOf(m.price, players.length);
    // The organiser collects the shares: their own is theirs to settle, not to be reminded of.
    const owing = players.filter((id) => id !== info.createdBy && !paidIds.has(id));
    await notifyUsers(tx, deps, owing, () => ({
      event: 'payment_reminder',
      subject: COST_TEXT.notify.remindSubject,
      text: COST_TEXT.notify.remind(whenOf(info), info.placeName, euros(shares.each)),
      path: pathOf(info),
      matchId: info.id,
    }));
  }
  return claimed.length;
}

/** The court and cost reminders of one worker round, each in its own short transaction. */
export async function runCourtReminders(deps: Pick<Deps, 'db' | 'clock' | 'env'>): Promise<number> {
  const courts = await deps.db.transaction((tx) => remindCourts(tx, deps));
  const payments = await deps.db.transaction((tx) => remindPayments(tx, deps));
  return courts + payments;
}

/** The reminders as a consumer of the worker loop: time-driven, a minute is precise enough. */
export function createCourtRemindersConsumer(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
): WorkerConsumer {
  return {
    // Time-driven like the result jobs: nothing wakes it.
    queue: 'results',
    periodMs: 60_000,
    runOnce: () => runCourtReminders(deps),
    halt() {},
    resume() {},
  };
}
