import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  matchMessageRate,
  matchMessageReads,
  matchMessageReports,
  matchMessages,
} from '../../../db/schema';

/**
 * What the chat holds about a user, for the export of their data, in matches and groups alike:
 * their messages, the system messages that name them, their reports, read markers and rate counters.
 */
export async function chatDataOf(db: DbOrTx, userId: number) {
  const iso = (d: Date) => d.toISOString();
  const [messages, reports, reads, rate] = await Promise.all([
    db
      .select({
        match_id: matchMessages.matchId,
        group_id: matchMessages.groupId,
        kind: matchMessages.kind,
        text: matchMessages.text,
        createdAt: matchMessages.createdAt,
        editedAt: matchMessages.editedAt,
        deletedAt: matchMessages.deletedAt,
      })
      .from(matchMessages)
      .where(or(eq(matchMessages.authorId, userId), eq(matchMessages.subjectId, userId)))
      .orderBy(matchMessages.id),
    db
      .select({
        message_id: matchMessageReports.messageId,
        createdAt: matchMessageReports.createdAt,
      })
      .from(matchMessageReports)
      .where(eq(matchMessageReports.reporterId, userId))
      .orderBy(matchMessageReports.id),
    db
      .select()
      .from(matchMessageReads)
      .where(eq(matchMessageReads.userId, userId))
      .orderBy(matchMessageReads.id),
    db.select().from(matchMessageRate).where(eq(matchMessageRate.userId, userId)),
  ]);
  return {
    messages: messages.map(({ createdAt, editedAt, deletedAt, ...m }) => ({
      ...m,
      created_at: iso(createdAt),
      edited_at: editedAt ? iso(editedAt) : null,
      deleted: deletedAt !== null,
    })),
    reports: reports.map(({ createdAt, ...r }) => ({ ...r, created_at: iso(createdAt) })),
    read_markers: reads.map((r) => ({
      match_id: r.matchId,
      group_id: r.groupId,
      last_read_id: r.lastReadId,
      notified_at: r.notifiedAt ? iso(r.notifiedAt) : null,
    })),
    rate: rate.map((r) => ({ minute: iso(r.minute), count: r.count })),
  };
}
