import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { publicName } from '../../../common/names';
import { shortTime } from '../../../common/schedule';
import type { TChatRoom } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import { matchMessages, users } from '../../../db/schema';
import type { MatchInfo } from '../notifications/match-info';
import { lockRoom, roomValues } from './access';
import { announceChat } from './messages';

/** A player as the chat's system messages name them: the first name. */
export const firstName = (name: string) => publicName(name).first_name;

/** A system message's text, and the player it names (so erasure can unname them). */
export interface SystemText {
  text: string;
  subjectId?: number | null;
}

/**
 * Writes system messages (no author) into a room's chat, in the caller's transaction, the one that
 * made the change they tell: the change and its message exist together or not at all. The caller
 * holds the room's row lock (every change of a match takes it; see `groupSystemMessages`), which
 * keeps revisions in commit order. The caller announces them in the same transaction.
 */
async function writeRoomMessages(tx: DbOrTx, room: TChatRoom, said: SystemText[]) {
  if (said.length === 0) return false;
  const { matchId = null, groupId = null } = roomValues(room);
  await tx.insert(matchMessages).values(
    said.map(({ text, subjectId }) => ({
      matchId,
      groupId,
      kind: 'system' as const,
      subjectId: subjectId ?? null,
      text,
    })),
  );
  return true;
}

/** `writeRoomMessages` in a match's chat, announced by the caller. */
export const writeSystemMessages = (tx: DbOrTx, matchId: number, said: SystemText[]) =>
  writeRoomMessages(tx, { kind: 'match', id: matchId }, said);

/** System messages in a match's chat, announced to its readers when the transaction commits. */
export async function systemMessages(tx: DbOrTx, matchId: number, said: SystemText[]) {
  const room: TChatRoom = { kind: 'match', id: matchId };
  if (await writeRoomMessages(tx, room, said)) await announceChat(tx, room);
}

/**
 * System messages in a group's chat ("Julie a rejoint le groupe", a match made for the group, a
 * poll closed), announced on commit. Takes the group row's chat lock first (a no-op when the
 * caller already holds the row), so they are numbered in commit order like members' messages.
 */
export async function groupSystemMessages(tx: DbOrTx, groupId: number, said: SystemText[]) {
  const room: TChatRoom = { kind: 'group', id: groupId };
  if (said.length === 0 || !(await lockRoom(tx, room))) return;
  await writeRoomMessages(tx, room, said);
  await announceChat(tx, room);
}

/** System messages naming `ids` by first name, in that order (an erased one is left out). */
export async function aboutPlayers(
  tx: DbOrTx,
  ids: number[],
  say: (first: string) => string,
): Promise<SystemText[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, firstName(r.name)]));
  return ids.flatMap((id) => {
    const first = byId.get(id);
    return first === undefined ? [] : [{ text: say(first), subjectId: id }];
  });
}

/**
 * Erasure: the system messages that name a player by first name name them no more ("Un joueur a
 * rejoint le match", "Un joueur a quitté le groupe"), in every room, in the erasing transaction,
 * before the account goes.
 */
export async function unnameInChats(tx: DbOrTx, userId: number, name: string) {
  await tx
    .update(matchMessages)
    .set({
      text: sql`replace(${matchMessages.text}, ${firstName(name)}, ${MSG.chat.system.someone})`,
    })
    .where(and(eq(matchMessages.subjectId, userId), eq(matchMessages.kind, 'system')));
}

const DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dayOf = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));

/**
 * "Match modifié : 19:30 au lieu de 18:30" (and the day and the place the same way, joined by
 * " ; "), or null when none of them changed.
 */
export function changedText(
  before: Pick<MatchInfo, 'date' | 'time' | 'placeName'>,
  after: Pick<MatchInfo, 'date' | 'time' | 'placeName'>,
): string | null {
  const parts: string[] = [];
  const part = MSG.chat.system.changedPart;
  if (before.date !== after.date) parts.push(part(dayOf(after.date), dayOf(before.date)));
  if (shortTime(before.time) !== shortTime(after.time))
    parts.push(part(shortTime(after.time), shortTime(before.time)));
  if (before.placeName !== after.placeName) parts.push(part(after.placeName, before.placeName));
  return parts.length > 0 ? MSG.chat.system.changed(...parts) : null;
}
