import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { domainEvents } from '../../../db/schema';
import { LIVE_CHANNEL, workPayload } from '../../lib/live-channel';

/** The changes the log records; the webhook catalogue is a subset (`TWebhookEvent`). */
export type DomainEventType =
  | 'match.created'
  | 'match.updated'
  | 'match.cancelled'
  | 'match.filled'
  | 'participant.joined'
  | 'participant.left'
  /** A player asked to join a match outside their level range. */
  | 'request.sent'
  /** The organiser answered a request other than by seating the player (`answer`). */
  | 'request.answered'
  /** A result was entered (`asked`: the players who answer it, `sets`: the score as said). */
  | 'result.entered'
  /** The organiser reported a player absent. */
  | 'noshow.reported'
  /** A reserved seat (a guest without an account) given back by the organiser. */
  | 'guest.released'
  /** A player joined a group through its invite link (`groupId`). */
  | 'group.member_joined'
  /** A member left a group that keeps other members (`groupId`). */
  | 'group.member_left'
  /** A group admin took a member out of the group (`groupId`). */
  | 'group.member_removed'
  /**
   * A member or a weekly slot made a match for a group (`groupId`, `groupName`, `told`: the
   * members to tell).
   */
  | 'group.match_created'
  /** A poll's slot got its "oui": its match is made (`groupId`, `groupName`, `playing`, `waiting`, `told`). */
  | 'poll.matched'
  /** A poll closed without a match (`groupId`, `groupName`, `pollId`, `told`). */
  | 'poll.closed'
  /** A weekly slot's date passed over: its place is inactive (`groupId`, `date`, `placeName`). */
  | 'slot.skipped'
  /** A member posted in a chat (`matchId`, or `groupId` for a group's; `messageId`). */
  | 'message.posted'
  /** An evening was created (`format`, `groupId`). */
  | 'evening.created'
  /** An evening's round was drawn (`round`: 1 is the start). */
  | 'evening.round_started'
  /** The organiser finished an evening: its table is locked. */
  | 'evening.finished'
  /** A player marked the match's court booked (`userId`), or took the mark back. */
  | 'court.booked'
  | 'court.unbooked';

/** How a seat was taken or freed: what the notices and the chat line say depends on it. */
export type SeatVia =
  'join' | 'promotion' | 'request' | 'poll' | 'leave' | 'removal' | 'erasure' | 'reserved';

export interface DomainEvent {
  type: DomainEventType;
  /** The match concerned; none for a group's events (their payload names the group). */
  matchId?: number | null;
  userId?: number | null;
  actorId?: number | null;
  payload?: Record<string, unknown>;
}

/** An event as a consumer reads it back from the log. */
export type LoggedEvent = Omit<typeof domainEvents.$inferSelect, 'type'> & {
  type: DomainEventType;
};

/**
 * THE way a change is told to what follows from it: one row in the domain event log, written in the
 * change's transaction, and a NOTIFY that wakes every instance's consumers when it commits (never
 * for a rollback). One statement.
 */
export async function recordEvents(tx: DbOrTx, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = sql.join(
    events.map(
      (e) =>
        sql`(${e.type}, ${e.matchId ?? null}::int, ${e.userId ?? null}::int, ${e.actorId ?? null}::int, ${JSON.stringify(e.payload ?? {})}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`with logged as (
          insert into ${domainEvents} (type, match_id, user_id, actor_id, payload) values ${rows}
          returning 1)
        select pg_notify(${LIVE_CHANNEL}::text, ${workPayload('events')}::text)
          from (select count(*) from logged) n`,
  );
}

export const recordEvent = (tx: DbOrTx, event: DomainEvent) => recordEvents(tx, [event]);
