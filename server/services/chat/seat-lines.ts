import { MSG } from '../../../common/messages';
import { COURT_TEXT } from '../../../common/messages-court';
import type { TChatRoom } from '../../../common/schemas/chat';
import type { DbOrTx } from '../../../db/client';
import type { Deps } from '../../deps';
import type { LoggedEvent, SeatVia } from '../events/log';
import { createLogConsumer } from '../../worker/log-consumer';
import { lockRoom } from './access';
import { announceChat } from './messages';
import { aboutPlayers, writeSystemMessages, type SystemText } from './system';

const SAID_WHEN_SEATED: Partial<Record<SeatVia, (firstName: string) => string>> = {
  join: MSG.chat.system.joined,
  request: MSG.chat.system.joined,
  poll: MSG.chat.system.joined,
  promotion: MSG.chat.system.promoted,
};

/** The lines a match's chat shows for one event. */
async function linesOf(tx: DbOrTx, e: LoggedEvent) {
  if (e.type === 'match.updated')
    return [
      ...(typeof e.payload.said === 'string' ? [{ text: e.payload.said }] : []),
      ...(e.payload.court_cleared === true ? [{ text: COURT_TEXT.chat.cleared }] : []),
    ];
  if (e.type === 'court.booked' && e.userId !== null)
    return aboutPlayers(tx, [e.userId], COURT_TEXT.chat.booked);
  if (e.type === 'court.unbooked' && e.userId !== null)
    return aboutPlayers(tx, [e.userId], COURT_TEXT.chat.unbooked);
  const via = e.payload.via as SeatVia | undefined;
  if (e.type === 'participant.joined' && e.userId !== null)
    return aboutPlayers(tx, [e.userId], SAID_WHEN_SEATED[via ?? 'join'] ?? MSG.chat.system.joined);
  if (e.type === 'participant.left' && via === 'removal' && e.userId !== null)
    return aboutPlayers(tx, [e.userId], MSG.chat.system.removed);
  return [{ text: MSG.chat.system.freed }];
}

/**
 * The chat's system lines about seats (« Julie a rejoint le match », « Place libérée »), moves
 * (« Match modifié : … ») and the court (« Julie a réservé le terrain »), written by
 * a consumer of the event log in log order, each match's under its room lock (as members'
 * messages are), so the room's revisions follow commit order. A match gone meanwhile (cancelled)
 * gets none.
 */
export const createSeatLinesConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock'>) =>
  createLogConsumer(deps, {
    name: 'chat',
    types: [
      'participant.joined',
      'participant.left',
      'guest.released',
      'match.updated',
      'court.booked',
      'court.unbooked',
    ],
    async handle(tx, events) {
      const byMatch = new Map<number, SystemText[]>();
      for (const e of events) {
        if (e.matchId === null) continue;
        const said = byMatch.get(e.matchId) ?? [];
        said.push(...(await linesOf(tx, e)));
        byMatch.set(e.matchId, said);
      }
      // In match order: two consumers' rounds never wait on each other's room locks in a cycle.
      for (const [matchId, said] of [...byMatch].sort(([a], [b]) => a - b)) {
        const room: TChatRoom = { kind: 'match', id: matchId };
        if (said.length === 0 || !(await lockRoom(tx, room))) continue;
        await writeSystemMessages(tx, matchId, said);
        await announceChat(tx, room);
      }
    },
  });
