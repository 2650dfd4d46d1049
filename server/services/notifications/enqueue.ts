import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { outbox, smsConfig } from '../../../db/schema';
import type { Deps } from '../../deps';
import { buildMatchCalendar, type CalendarMethod } from '../../calendar/ics';
import { matchUrl, recipients, startOf, whenOf, whereOf, type MatchInfo, type Recipient } from './match-info';

export type MatchEvent = 'joined' | 'left' | 'changed' | 'cancelled' | 'promoted' | 'reminder';

/** What writing a notification needs: the settings for links and dates, and the clock. */
export type NotifyDeps = Pick<Deps, 'env' | 'clock'>;

interface Notice {
  subject: string;
  text: string;
  ics?: Exclude<CalendarMethod, 'PUBLISH'>;
}

/** The French text of each event, short enough for an SMS once the link is added. */
function render(event: MatchEvent, m: MatchInfo, actorName: string): Notice {
  const when = whenOf(m);
  switch (event) {
    case 'joined':
      return { subject: MSG.notify.joinedSubject(actorName), text: MSG.notify.joined(actorName, when, m.placeName) };
    case 'left':
      return { subject: MSG.notify.leftSubject(actorName), text: MSG.notify.left(actorName, when, m.placeName) };
    case 'changed':
      return { subject: MSG.notify.changedSubject(when), text: MSG.notify.changed(when, whereOf(m)), ics: 'REQUEST' };
    case 'cancelled':
      return { subject: MSG.notify.cancelledSubject(when), text: MSG.notify.cancelled(when, m.placeName), ics: 'CANCEL' };
    case 'promoted':
      return { subject: MSG.notify.promotedSubject, text: MSG.notify.promoted(when, whereOf(m)), ics: 'REQUEST' };
    case 'reminder':
      return { subject: MSG.notify.reminderSubject(m.time), text: MSG.notify.reminder(when, whereOf(m)), ics: 'REQUEST' };
  }
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * Writes, in the caller's transaction, the e-mail and SMS rows announcing `event` to `userIds`:
 * e-mail to players who keep e-mail notifications on, SMS to players who opted in while the
 * admin's Twilio configuration is live. The outbox worker sends them once the transaction commits,
 * so a change and its notifications exist together or not at all. `actorName` names who joined or left.
 */
export async function notifyMatch(tx: DbOrTx, deps: NotifyDeps, event: MatchEvent, m: MatchInfo, userIds: number[], actorName = '') {
  const people = await recipients(tx, userIds);
  if (people.length === 0) return;
  const [sms] = await tx.select({ isLive: smsConfig.isLive }).from(smsConfig).limit(1);
  await writeNotices(tx, deps, event, m, people, sms?.isLive ?? false, actorName);
}

/**
 * The outbox rows of `notifyMatch` for recipients already read (the join reads its creator in its
 * own statement): one insert, or none when nobody is to be told.
 */
export async function writeNotices(
  tx: DbOrTx,
  deps: NotifyDeps,
  event: MatchEvent,
  m: MatchInfo,
  people: Recipient[],
  smsLive: boolean,
  actorName = '',
) {
  const notice = render(event, m, actorName);
  const url = matchUrl(deps.env, m.id);
  const ics = notice.ics
    ? buildMatchCalendar({ ...m, place_name: m.placeName }, notice.ics, {
        timeZone: deps.env.APP_TIMEZONE,
        now: deps.clock.now(),
        url,
        organizer: { name: 'Padel Match', email: addressOf(deps.env.MAIL_FROM) },
      })
    : null;
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const p of people) {
    if (p.email && p.notifyEmail) {
      rows.push({
        channel: 'email',
        event,
        userId: p.id,
        recipient: p.email,
        subject: notice.subject,
        body: `${notice.text}\n\n${MSG.notify.seeMatch(url)}`,
        ics,
        icsMethod: notice.ics ?? null,
        sendAfter: deps.clock.now(),
      });
    }
    if (p.notifySms && smsLive) {
      rows.push({
        channel: 'sms',
        event,
        userId: p.id,
        recipient: p.phone,
        body: `Padel Match : ${notice.text} ${url}`,
        sendAfter: deps.clock.now(),
      });
    }
  }
  // Prepared on the connection: the text only varies with the number of rows (one for a join).
  if (rows.length > 0) await tx.insert(outbox).values(rows).prepare('outbox_notices').execute();
}

/** A day before the match starts. */
const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * (Re)schedules the day-before reminder of a match as one outbox row due 24 hours before it
 * starts: a pending one is replaced (the date or time changed), none is written when that moment
 * has passed. The row goes with its match (foreign key), so a deleted match is never recalled.
 */
export async function scheduleReminder(tx: DbOrTx, deps: NotifyDeps, m: MatchInfo) {
  await tx.delete(outbox).where(and(eq(outbox.matchId, m.id), eq(outbox.channel, 'reminder'), isNull(outbox.sentAt)));
  const due = new Date(startOf(m, deps.env).getTime() - REMINDER_LEAD_MS);
  if (due <= deps.clock.now()) return;
  await tx.insert(outbox).values({ channel: 'reminder', event: 'reminder', matchId: m.id, sendAfter: due });
}
