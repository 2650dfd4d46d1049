import { desc, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { shortPublicName } from '../../../common/names';
import type { TChatReport } from '../../../common/schemas/chat';
import { matchMessageReports, matchMessages, users } from '../../../db/schema';
import type { Deps } from '../../deps';

/**
 * Reported messages for the admins, matches' and groups' alike, most recently reported first
 * (with how many reports and the room they were written in).
 */
export async function listReports(deps: Pick<Deps, 'db'>): Promise<TChatReport[]> {
  const rows = await deps.db
    .select({
      messageId: matchMessages.id,
      matchId: matchMessages.matchId,
      groupId: matchMessages.groupId,
      text: matchMessages.text,
      authorName: users.name,
      deletedAt: matchMessages.deletedAt,
      reports: sql<number>`count(${matchMessageReports.id})::int`,
      lastAt: sql<Date>`max(${matchMessageReports.createdAt})`.mapWith(
        matchMessageReports.createdAt,
      ),
    })
    .from(matchMessageReports)
    .innerJoin(matchMessages, eq(matchMessages.id, matchMessageReports.messageId))
    .leftJoin(users, eq(users.id, matchMessages.authorId))
    .groupBy(matchMessages.id, users.id)
    .orderBy(desc(sql`max(${matchMessageReports.createdAt})`))
    .limit(200);
  return rows.map((r) => ({
    message_id: r.messageId,
    match_id: r.matchId,
    group_id: r.groupId,
    text: r.deletedAt ? MSG.chat.deletedText : r.text,
    author: r.authorName === null ? null : shortPublicName(r.authorName),
    reports: r.reports,
    last_reported_at: r.lastAt.toISOString(),
    deleted: r.deletedAt !== null,
  }));
}
