import { NOTICE_TYPE_OF, URGENT_WITHIN_MS } from '../../../common/notification-types';
import { addDays, localParts, shortTime, zonedInstant } from '../../../common/schedule';

/** What the worker reads of a notice's recipient when it takes the notice. */
export interface RecipientChoices {
  push: boolean;
  muted: string[];
  quietFrom: string | null;
  quietTo: string | null;
}

/**
 * When the quiet hours `from`–`to` (local time in `timeZone`, possibly past midnight) that hold
 * `now` end; null when `now` is outside them.
 */
export function quietUntil(now: Date, timeZone: string, from: string, to: string): Date | null {
  const local = localParts(now, timeZone);
  const [t, f, e] = [local.time, shortTime(from), shortTime(to)];
  const inside = f < e ? t >= f && t < e : t >= f || t < e;
  if (!inside) return null;
  return zonedInstant(t < e ? local.date : addDays(local.date, 1), e, timeZone);
}

/**
 * The one rule of what a player's preferences do to a queued notice (issue 41), read when the
 * worker takes it, so a choice changed after the notice was queued still counts:
 * - `skip` when its type is turned off, or it is a push and the player turned push off;
 * - the instant to send it at, when it falls in their quiet hours and is not urgent (its match
 *   starts within the next 3 h; a result after the match can wait);
 * - `send` otherwise. A notice with no recipient account (an integrator's) is always sent.
 * The channels e-mail and SMS are checked with the row itself (worker.ts `wanted`); security codes
 * never pass through the outbox.
 */
export function verdictFor(
  notice: { channel: string; event: string; startsAt: Date | null },
  choices: RecipientChoices | null,
  now: Date,
  timeZone: string,
): 'send' | 'skip' | Date {
  if (!choices) return 'send';
  const type = NOTICE_TYPE_OF[notice.event];
  if (type && choices.muted.includes(type)) return 'skip';
  if (notice.channel === 'push' && !choices.push) return 'skip';
  const ahead = notice.startsAt ? notice.startsAt.getTime() - now.getTime() : -1;
  const urgent = ahead >= 0 && ahead < URGENT_WITHIN_MS;
  if (urgent || !choices.quietFrom || !choices.quietTo) return 'send';
  return quietUntil(now, timeZone, choices.quietFrom, choices.quietTo) ?? 'send';
}
