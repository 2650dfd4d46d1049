import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { groupMatches, matches, polls } from '../../../db/schema';
import {
  groupPayload,
  LIVE_CHANNEL,
  pollPayload,
  sessionsPayload,
  type LiveMatchKind,
} from '../../lib/live-channel';

/**
 * The match's live version, written by every change: strictly increasing across committed changes
 * of one match (the row lock orders its writers), so it serves as the SSE event id a reconnecting
 * client hands back in `Last-Event-ID`.
 */
export const nextVersion = sql`greatest(clock_timestamp(), ${matches.updatedAt} + interval '1 microsecond')`;

/**
 * THE way a change to a match is announced to live subscribers, on every instance: call it in the
 * transaction that changed the match. It moves the match's version and queues a NOTIFY, which
 * PostgreSQL delivers only once that transaction commits (never for a rollback). One round trip.
 */
export async function announceMatchChange(
  tx: DbOrTx,
  id: number,
  kind: LiveMatchKind,
): Promise<void> {
  await announceMatchesChange(tx, [id], kind);
}

/** The same for several matches at once (an account erased, a level renamed): one statement. */
export async function announceMatchesChange(
  tx: DbOrTx,
  ids: readonly number[],
  kind: LiveMatchKind,
): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  const list = sql`array[${sql.join(
    unique.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  // A group's page lists its matches: their groups' pages are told too (`groupPayload`).
  await tx.execute(
    sql`with touched as (update ${matches} set updated_at = ${nextVersion} where id = any(${list}) returning id)
        select pg_notify(${LIVE_CHANNEL}::text, 'm:' || i || ':' || ${kind}::text)
          from unnest(${list}) i, (select count(*) from touched) t
        union all
        select pg_notify(${LIVE_CHANNEL}::text, 'gp:' || gm.group_id)
          from ${groupMatches} gm where gm.match_id = any(${list}) and gm.group_id is not null`,
  );
}

/** Tells every instance that a user's sessions changed, so their open streams re-check them. */
export async function announceSessionsChange(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${sessionsPayload(userId)}::text)`);
}

/**
 * A poll's live version, written by every change of it (an answer, its match, its closing) under
 * its row lock, so it rises with every committed change: the SSE event id of its stream.
 */
export const nextPollVersion = sql`greatest(clock_timestamp(), ${polls.updatedAt} + interval '1 microsecond')`;

/** Tells every instance that a poll changed, delivered when the caller's transaction commits. */
export async function announcePollChange(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${pollPayload(id)}::text)`);
}

/**
 * Tells every instance that a group's page changed (a member joined, left or was removed, a match,
 * a weekly slot or a poll was added or moved), delivered when the caller's transaction commits.
 */
export async function announceGroupChange(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}::text, ${groupPayload(id)}::text)`);
}
