import { and, eq, ne, sql } from 'drizzle-orm';
import { EVENING_FORMATS } from '../../../common/messages-evenings';
import { WANT_TEXT } from '../../../common/messages-wants';
import { localParts } from '../../../common/schedule';
import type { Tx } from '../../../db/client';
import { matches, wantNoticeDays, wantNotices } from '../../../db/schema';
import type { Deps } from '../../deps';
import { createLogConsumer } from '../../worker/log-consumer';
import { eveningFormatOf } from '../evenings/read';
import type { LoggedEvent } from '../events/log';
import { matchInfo, pathOf, whenOf, type MatchInfo } from '../notifications/match-info';
import { notifyUsers } from '../notifications/notify-users';
import { playersWanting } from './fit';
import { startRefill } from './refill';

/** Alert notices a player gets per local day; the others wait, counted in the next one. */
export const ALERTS_PER_DAY = 3;

type AlertDeps = Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>;

/**
 * Whether `userId` may be told of this match now: the first notice of this match to them (the
 * primary key of `want_notices`), and one of their 3 of the day (a conditional upsert). One over
 * the limit is kept `held`. Both are single statements, so two instances cannot tell twice.
 */
async function claimNotice(tx: Tx, deps: AlertDeps, userId: number, matchId: number) {
  const first = await tx
    .insert(wantNotices)
    .values({ userId, matchId, status: 'sent' })
    .onConflictDoNothing()
    .returning({ userId: wantNotices.userId });
  if (first.length === 0) return false;
  const day = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  const counted = await tx
    .insert(wantNoticeDays)
    .values({ userId, day, sent: 1 })
    .onConflictDoUpdate({
      target: [wantNoticeDays.userId, wantNoticeDays.day],
      set: { sent: sql`${wantNoticeDays.sent} + 1` },
      setWhere: sql`${wantNoticeDays.sent} < ${ALERTS_PER_DAY}`,
    })
    .returning({ sent: wantNoticeDays.sent });
  if (counted.length > 0) return true;
  await tx
    .update(wantNotices)
    .set({ status: 'held' })
    .where(and(eq(wantNotices.userId, userId), eq(wantNotices.matchId, matchId)));
  return false;
}

/** The matches held back for `userId` (over a day's limit), now said in this notice. */
async function heldBefore(tx: Tx, userId: number, matchId: number) {
  const grouped = await tx
    .update(wantNotices)
    .set({ status: 'grouped' })
    .where(
      and(
        eq(wantNotices.userId, userId),
        eq(wantNotices.status, 'held'),
        ne(wantNotices.matchId, matchId),
      ),
    )
    .returning({ matchId: wantNotices.matchId });
  return grouped.length;
}

async function textOf(tx: Tx, info: MatchInfo) {
  if (info.evening) {
    const format = await eveningFormatOf(tx, info.id);
    return WANT_TEXT.notify.evening(
      format ? EVENING_FORMATS[format] : '',
      whenOf(info),
      info.placeName,
    );
  }
  const [m] = await tx
    .select({ free: matches.missingPlayers })
    .from(matches)
    .where(eq(matches.id, info.id));
  return WANT_TEXT.notify.match(whenOf(info), info.placeName, m?.free ?? 1);
}

/** Tells every player whose alert the event's match fits, as the match is when the event is read. */
async function offer(tx: Tx, deps: AlertDeps, e: LoggedEvent) {
  if (e.matchId === null) return;
  const wanting = await playersWanting(tx, deps.env, e.matchId, deps.clock.now());
  if (wanting.length === 0) return;
  const info = await matchInfo(tx, e.matchId);
  if (!info) return;
  const text = await textOf(tx, info);
  for (const userId of wanting) {
    if (!(await claimNotice(tx, deps, userId, info.id))) continue;
    const more = await heldBefore(tx, userId, info.id);
    await notifyUsers(
      tx,
      deps,
      [userId],
      () => ({
        event: 'want_alert',
        subject: WANT_TEXT.notify.subject,
        text: more > 0 ? `${text} ${WANT_TEXT.notify.more(more)}` : text,
        path: pathOf(info),
        matchId: info.id,
      }),
      { pushFirst: 'alert' },
    );
  }
}

/** The events that free a seat: a leave, a removal, a released guest seat. */
const FREEING = new Set(['participant.left', 'guest.released']);

/**
 * « Je veux jouer » and refills (issue 41), a consumer of the event log: a match or an evening
 * created, or a seat freed, is offered to the players whose alerts it fits, read as it is now (a
 * seat taken again meanwhile tells nobody): push first, else e-mail, SMS on their opt-in; once per
 * match and player, 3 a day, the rest grouped in the next one. A seat freed late, with nobody
 * waiting, starts a refill instead (./refill.ts), which asks wider.
 */
export const createWantNoticesConsumer = (deps: AlertDeps) =>
  createLogConsumer(deps, {
    name: 'wants',
    types: ['match.created', 'evening.created', 'participant.left', 'guest.released'],
    async handle(tx, events) {
      for (const e of events) {
        if (e.matchId !== null && FREEING.has(e.type) && (await startRefill(tx, deps, e.matchId)))
          continue;
        await offer(tx, deps, e);
      }
    },
  });
