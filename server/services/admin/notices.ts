import { and, count, desc, eq, gte, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import {
  NOTICE_CHANNELS,
  type TNoticeChannel,
  type TNoticeListInput,
  type TNoticeOverview,
  type TRetryResult,
} from '../../../common/schemas/dashboard';
import { DASHBOARD_MSG } from '../../../common/dashboard-messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import { writeAudit } from '../audit/audit-log';
import { isDropped, isEnded } from './notice-outcome';

const DEFAULT_LIMIT = 50;
const DAY_MS = 86_400_000;

/**
 * The notices the worker ended without sending (given up after repeated errors, or dropped as
 * stale or because the push device is gone), newest first, with the reason, channel and age; and
 * each channel's health: its last success, its failures over 24 h and what waits now.
 */
export async function getNoticeOverview(
  deps: Pick<Deps, 'db' | 'clock'>,
  _actor: SessionUser,
  input: TNoticeListInput,
): Promise<TNoticeOverview> {
  const now = deps.clock.now();
  const ended = and(
    isEnded,
    inArray(outbox.channel, input.channel ? [input.channel] : [...NOTICE_CHANNELS]),
  );
  const [rows, [total], health] = await Promise.all([
    deps.db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        event: outbox.event,
        dropped: sql<boolean>`${isDropped}`,
        reason: outbox.lastError,
        attempts: outbox.attempts,
        match_id: outbox.matchId,
        createdAt: outbox.createdAt,
        failedAt: outbox.failedAt,
      })
      .from(outbox)
      .where(ended)
      .orderBy(desc(outbox.failedAt), desc(outbox.id))
      .limit(input.limit ?? DEFAULT_LIMIT),
    deps.db.select({ n: count() }).from(outbox).where(ended),
    Promise.all(NOTICE_CHANNELS.map((channel) => channelHealth(deps, channel, now))),
  ]);
  return {
    notices: rows.flatMap(({ createdAt, failedAt, dropped, channel, ...r }) =>
      failedAt && channel !== 'reminder' && channel !== 'soon'
        ? [
            {
              ...r,
              channel,
              outcome: dropped ? ('dropped' as const) : ('failed' as const),
              created_at: createdAt.toISOString(),
              failed_at: failedAt.toISOString(),
              age_seconds: Math.max(0, Math.floor((now.getTime() - failedAt.getTime()) / 1000)),
            },
          ]
        : [],
    ),
    total: total?.n ?? 0,
    health,
  };
}

/** One channel's health, each figure read from an index (`outbox_channel_sent_idx`, `outbox_failed_idx`, `outbox_due_idx`). */
async function channelHealth(deps: Pick<Deps, 'db'>, channel: TNoticeChannel, now: Date) {
  const [[last], [failures], [waiting]] = await Promise.all([
    deps.db
      .select({ at: max(outbox.sentAt) })
      .from(outbox)
      .where(and(eq(outbox.channel, channel), isNotNull(outbox.sentAt))),
    deps.db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          isEnded,
          eq(outbox.channel, channel),
          gte(outbox.failedAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
    deps.db
      .select({
        pending: count(),
        retrying: sql<number>`count(${outbox.lastError})`.mapWith(Number),
      })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), eq(outbox.channel, channel))),
  ]);
  return {
    channel,
    last_success_at: last?.at ? last.at.toISOString() : null,
    failures_24h: failures?.n ?? 0,
    pending: waiting?.pending ?? 0,
    retrying: waiting?.retrying ?? 0,
  };
}

/**
 * Puts ended notices back in the queue: due now, attempts from zero, no lease. One conditional
 * UPDATE (`failed_at is not null and sent_at is null`), so of two admins, two tabs or two
 * instances retrying the same notice at once, one takes it and the other is told it is already
 * retried; the outbox worker then leases it with `FOR UPDATE SKIP LOCKED` like any other row, so it
 * is delivered once. A push whose device is gone has nowhere to go and is not retried.
 */
async function requeue(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  which: { id: number } | { channel?: TNoticeChannel },
): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({ failedAt: null, attempts: 0, sendAfter: now, lockedUntil: null })
      .where(
        and(
          isEnded,
          'id' in which
            ? eq(outbox.id, which.id)
            : inArray(outbox.channel, which.channel ? [which.channel] : [...NOTICE_CHANNELS]),
          inArray(outbox.channel, [...NOTICE_CHANNELS]),
          sql`not (${outbox.channel} = 'push' and ${outbox.pushSubscriptionId} is null)`,
        ),
      )
      .returning({ id: outbox.id });
    if (rows.length > 0)
      await writeAudit(tx, deps, actor, {
        action: 'update',
        entity: 'notice',
        entityId: 'id' in which ? which.id : null,
        details: {
          retried: rows.length,
          ...('channel' in which && which.channel ? { channel: which.channel } : {}),
        },
      });
    return rows.length;
  });
}

/** Retries one ended notice; a notice already retried, sent or not retryable is a French 409. */
export async function retryNotice(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: { id: number },
): Promise<TRetryResult> {
  const retried = await requeue(deps, actor, { id: input.id });
  if (retried === 0) throw conflict(DASHBOARD_MSG.noticeNotRetryable);
  return { retried, message: DASHBOARD_MSG.retried(retried) };
}

/** Retries every ended notice (of one channel, or all); answers how many went back in the queue. */
export async function retryAllNotices(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: { channel?: TNoticeChannel },
): Promise<TRetryResult> {
  const retried = await requeue(deps, actor, { channel: input.channel });
  return { retried, message: DASHBOARD_MSG.retried(retried) };
}
