import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { RESULT_MSG } from '../../../common/results';
import { shortPublicName } from '../../../common/names';
import { localParts } from '../../../common/schedule';
import type { DbOrTx } from '../../../db/client';
import { bare } from '../../../db/statement';
import type { TPushKind } from '../../../common/schemas/push';
import { outbox, pushSubscriptions, smsConfig } from '../../../db/schema';
import type { Deps } from '../../deps';
import { buildMatchCalendar, type CalendarMethod } from '../../calendar/ics';
import { insertAndWake, wakeWorkers } from '../events/wake';
import {
  calendarOrganizer,
  matchUrl,
  pathOf,
  recipients,
  startOf,
  whenOf,
  whereOf,
  type MatchInfo,
  type Recipient,
} from './match-info';

export type MatchEvent =
  | 'joined'
  | 'left'
  | 'changed'
  | 'cancelled'
  | 'removed'
  | 'promoted'
  | 'reminder'
  | RequestEvent
  | ResultEvent;
/** Requests to join (issue 25): to the organiser, then the answer to the player. */
export type RequestEvent = 'requested' | 'requestJoined' | 'requestWaitlisted' | 'requestDeclined';
/** Results and reliability (server/services/results): asked for, entered, a player marked absent. */
type ResultEvent = 'resultPrompt' | 'resultEntered' | 'noShow';

/**
 * The push preference of a request's notice: the organiser hears of it as of a join; the player of
 * an accepted request as of a freed place; a decline as of a match called off for them.
 */
const REQUEST_PUSH_KINDS: Record<RequestEvent, TPushKind> = {
  requested: 'joined',
  requestJoined: 'promoted',
  requestWaitlisted: 'promoted',
  requestDeclined: 'cancelled',
};

/**
 * The push preference an event falls under: being taken out of a match by its organiser is, for
 * that player, the match being called off, so it follows "Un match est annulé" (a kind of its own
 * would reach no device subscribed before it existed).
 */
function pushKindOf(event: MatchEvent): TPushKind {
  switch (event) {
    case 'removed':
      return 'cancelled';
    case 'requested':
    case 'requestJoined':
    case 'requestWaitlisted':
    case 'requestDeclined':
      return REQUEST_PUSH_KINDS[event];
    // After the match, what players hear about it falls under "Un match est modifié".
    case 'resultPrompt':
    case 'resultEntered':
    case 'noShow':
      return 'changed';
    default:
      return event;
  }
}

/** What writing a notification needs: the settings for links and dates, and the clock. */
export type NotifyDeps = Pick<Deps, 'env' | 'clock'>;

interface Notice {
  subject: string;
  text: string;
  ics?: CalendarMethod;
}

/** The organiser's reason, when given, closes the text: « … Motif : Terrain indisponible ». */
const withReason = (text: string, reason: string | null) =>
  reason ? `${text} ${MSG.notify.reason(reason)}` : text;

/** The French text of each event, short enough for an SMS once the link is added. */
function render(
  event: MatchEvent,
  m: MatchInfo,
  actorName: string | null,
  today: string,
  reason: string | null,
): Notice {
  const when = whenOf(m);
  // A player who left is no longer the recipient's co-player: notices name people as "Prénom N.";
  // null is a player whose account is erased, who is named by no one.
  const who = actorName === null ? MSG.notify.formerPlayer : shortPublicName(actorName);
  switch (event) {
    case 'joined':
      return {
        subject: MSG.notify.joinedSubject(who),
        text: MSG.notify.joined(who, when, m.placeName),
      };
    case 'left':
      return {
        subject: MSG.notify.leftSubject(who),
        text: MSG.notify.left(who, when, m.placeName),
      };
    case 'changed':
      return {
        subject: MSG.notify.changedSubject(when),
        // `reason` carries what the change undid, if anything (the court to book again).
        text: reason
          ? `${MSG.notify.changed(when, whereOf(m))} ${reason}`
          : MSG.notify.changed(when, whereOf(m)),
        ics: 'PUBLISH',
      };
    case 'cancelled':
      return {
        subject: MSG.notify.cancelledSubject(when),
        text: withReason(MSG.notify.cancelled(when, m.placeName), reason),
        ics: 'CANCEL',
      };
    case 'removed':
      return {
        subject: MSG.notify.removedSubject(when),
        text: withReason(MSG.notify.removed(when, m.placeName), reason),
        ics: 'CANCEL',
      };
    case 'promoted':
      return {
        subject: MSG.notify.promotedSubject,
        text: MSG.notify.promoted(when, whereOf(m)),
        ics: 'PUBLISH',
      };
    case 'requested':
      return {
        subject: MSG.notify.requestedSubject(who),
        text: MSG.notify.requested(who, when, m.placeName),
      };
    case 'requestJoined':
      return {
        subject: MSG.notify.requestJoinedSubject,
        text: MSG.notify.requestJoined(when, whereOf(m)),
        ics: 'PUBLISH',
      };
    case 'requestWaitlisted':
      return {
        subject: MSG.notify.requestWaitlistedSubject,
        text: MSG.notify.requestWaitlisted(when, m.placeName),
      };
    case 'requestDeclined':
      return {
        subject: MSG.notify.requestDeclinedSubject,
        text: MSG.notify.requestDeclined(when, m.placeName),
      };
    case 'resultPrompt':
      return {
        subject: RESULT_MSG.notify.promptSubject,
        text: RESULT_MSG.notify.prompt(when, m.placeName),
      };
    case 'resultEntered':
      // `reason` carries the score here ("6-4 3-6 10-8").
      return {
        subject: RESULT_MSG.notify.enteredSubject,
        text: RESULT_MSG.notify.entered(when, m.placeName, reason ?? ''),
      };
    case 'noShow':
      return {
        subject: RESULT_MSG.notify.noShowSubject,
        text: RESULT_MSG.notify.noShow(when, m.placeName),
      };
    case 'reminder':
      // Sent 24 h before (the day before), or 2 h before for a match made late (the same day).
      return m.date === today
        ? {
            subject: MSG.notify.reminderTodaySubject(m.time),
            text: MSG.notify.reminderToday(m.time, whereOf(m)),
            ics: 'PUBLISH',
          }
        : {
            subject: MSG.notify.reminderSubject(m.time),
            text: MSG.notify.reminder(when, whereOf(m)),
            ics: 'PUBLISH',
          };
  }
}

/**
 * Writes, in the caller's transaction, the e-mail and SMS rows announcing `event` to `userIds`:
 * e-mail to players who keep e-mail notifications on, SMS to players who opted in while the
 * admin's Twilio configuration is live. The outbox worker sends them once the transaction commits,
 * so a change and its notifications exist together or not at all. `actorName` names who joined or left (null: an erased account);
 * `reason` is the organiser's, for a cancellation or a removal.
 */
export async function notifyMatch(
  tx: DbOrTx,
  deps: NotifyDeps,
  event: MatchEvent,
  m: MatchInfo,
  userIds: number[],
  actorName: string | null = '',
  reason: string | null = null,
) {
  const people = await recipients(tx, userIds);
  if (people.length === 0) return;
  const [sms] = await tx.select({ isLive: smsConfig.isLive }).from(smsConfig).limit(1);
  await writeNotices(tx, deps, event, m, people, sms?.isLive ?? false, actorName, reason);
}

/** What a mail or SMS notice is written with, and what the worker reads back to send it. */
export const noticeColumns = {
  channel: outbox.channel,
  event: outbox.event,
  userId: outbox.userId,
  recipient: outbox.recipient,
  subject: outbox.subject,
  body: outbox.body,
  ics: outbox.ics,
  icsMethod: outbox.icsMethod,
  sendAfter: outbox.sendAfter,
};

/** The outbox rows of `notifyMatch` for its recipients: one insert, or none when nobody is told. */
async function writeNotices(
  tx: DbOrTx,
  deps: NotifyDeps,
  event: MatchEvent,
  m: MatchInfo,
  people: Recipient[],
  smsLive: boolean,
  actorName: string | null = '',
  reason: string | null = null,
) {
  const notice = render(
    event,
    m,
    actorName,
    localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date,
    reason,
  );
  const url = matchUrl(deps.env, m);
  const method = notice.ics;
  const calendar = (attendee?: string) =>
    method
      ? buildMatchCalendar({ ...m, place_name: m.placeName }, method, {
          timeZone: deps.env.APP_TIMEZONE,
          now: deps.clock.now(),
          url,
          organizer: calendarOrganizer(deps.env),
          attendees: method === 'CANCEL' && attendee ? [{ email: attendee }] : [],
        })
      : null;
  // One copy for all, except a cancellation, which names its one recipient.
  const shared = method === 'CANCEL' ? null : calendar();
  const startsAt = startOf(m, deps.env);
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
        ics: method === 'CANCEL' ? calendar(p.email) : shared,
        icsMethod: method ?? null,
        sendAfter: deps.clock.now(),
        startsAt,
      });
    }
    if (p.notifySms && smsLive) {
      rows.push({
        channel: 'sms',
        event,
        userId: p.id,
        recipient: p.phone,
        subject: null,
        body: `Padel Match : ${notice.text} ${url}`,
        ics: null,
        icsMethod: null,
        sendAfter: deps.clock.now(),
        startsAt,
      });
    }
  }
  if (rows.length > 0) {
    await tx.insert(outbox).values(rows);
    await wakeWorkers(tx, 'outbox');
  }
  // A same-day reminder falls when "Votre match commence dans 2 h" is pushed: one push, not two.
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  if (event !== 'reminder' || m.date !== today)
    await writePushNotices(
      tx,
      deps,
      pushKindOf(event),
      m.id,
      people.map((p) => p.id),
      { title: notice.subject, body: notice.text },
      pathOf(m),
    );
}

/**
 * One `push` outbox row per device of `userIds` that wants `kind`, written by one INSERT … SELECT
 * in the caller's transaction. The payload is the same for every device: `{ title, body, url }`
 * in French, `url` being the page inside the app (`path`: the match page, or a group's page for
 * its chat, with `matchId` null). `ON CONFLICT DO NOTHING` makes the same-day push (`soon`) once
 * per match and device, whichever worker writes it.
 */
export async function writePushNotices(
  tx: DbOrTx,
  deps: NotifyDeps,
  kind: TPushKind,
  matchId: number | null,
  userIds: number[],
  text: { title: string; body: string },
  path = `/matches/${matchId ?? ''}`,
) {
  if (userIds.length === 0) return;
  const payload = JSON.stringify({ ...text, url: path });
  // INSERT … SELECT naming its columns: drizzle's `insert().select()` needs every column of the table.
  await insertAndWake(
    tx,
    sql`insert into ${outbox} (${bare(outbox.channel)}, ${bare(outbox.event)}, ${bare(outbox.userId)}, ${bare(outbox.matchId)},
                               ${bare(outbox.pushSubscriptionId)}, ${bare(outbox.subject)}, ${bare(outbox.body)}, ${bare(outbox.sendAfter)})
        select 'push', ${kind}::text, ${pushSubscriptions.userId}, ${matchId}::int, ${pushSubscriptions.id},
               ${text.title}::text, ${payload}::text, ${deps.clock.now().toISOString()}::timestamptz
          from ${pushSubscriptions}
         where ${inArray(pushSubscriptions.userId, userIds)}
           and ${kind}::text = any(${pushSubscriptions.kinds})
        on conflict do nothing`,
    'outbox',
  );
}

const HOUR_MS = 3_600_000;
/** When to remind, by preference: a day before; for a match made or moved later than that, 2 h before. */
const REMINDER_LEADS_MS = [24 * HOUR_MS, 2 * HOUR_MS];
/** A reminder never goes out less than this before the match (a worker that was down sends none). */
export const REMINDER_MIN_LEAD_MS = HOUR_MS;

/**
 * The moment to remind players of a match starting at `start`: 24 h before, or 2 h before when
 * that has passed (padel is often arranged the same day), or none when both have passed.
 */
export function reminderDue(start: Date, now: Date): Date | null {
  for (const lead of REMINDER_LEADS_MS) {
    const due = new Date(start.getTime() - lead);
    if (due > now) return due;
  }
  return null;
}

/**
 * (Re)schedules the reminder of a match as one outbox row due at `reminderDue`: a pending one is
 * replaced (the date or time changed), none is written when no moment is left. The row goes with
 * its match (foreign key), so a deleted match is never recalled.
 */
export async function scheduleReminder(tx: DbOrTx, deps: NotifyDeps, m: MatchInfo) {
  await tx
    .delete(outbox)
    .where(
      and(
        eq(outbox.matchId, m.id),
        inArray(outbox.channel, ['reminder', 'soon']),
        isNull(outbox.sentAt),
      ),
    );
  const start = startOf(m, deps.env);
  const due = reminderDue(start, deps.clock.now());
  const soon = new Date(start.getTime() - SOON_LEAD_MS);
  const rows: (typeof outbox.$inferInsert)[] = [];
  if (due) rows.push({ channel: 'reminder', event: 'reminder', matchId: m.id, sendAfter: due });
  // The same-day push, for the players with push on; written for every match, it costs a row.
  if (soon > deps.clock.now())
    rows.push({ channel: 'soon', event: 'soon', matchId: m.id, sendAfter: soon });
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}

/** "Votre match commence dans 2 h": pushed this long before the start. */
export const SOON_LEAD_MS = 2 * HOUR_MS;
