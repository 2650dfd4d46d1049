import { isFinished } from '../../../common/schedule';
import type { Tx } from '../../../db/client';
import type { Deps } from '../../deps';
import type { LoggedEvent, SeatVia } from '../events/log';
import { createLogConsumer } from '../../worker/log-consumer';
import { notifyMatch, type NotifyDeps } from './enqueue';
import { matchInfo, recipients } from './match-info';

/**
 * Who is told of one seat event, and how: the organiser of a join, a promotion or a leave (with
 * the player's name), the promoted player, the player whose request was accepted, the removed
 * player (with the organiser's reason). A poll's seats tell no one: the poll said it.
 */
async function tell(tx: Tx, deps: NotifyDeps, e: LoggedEvent) {
  const via = e.payload.via as SeatVia | undefined;
  if (e.matchId === null || e.userId === null) return;
  const match = await matchInfo(tx, e.matchId);
  if (!match) return;
  const [player] = await recipients(tx, [e.userId]);
  const name = player?.name ?? null;
  if (e.type === 'participant.joined') {
    if (via === 'promotion') await notifyMatch(tx, deps, 'promoted', match, [e.userId]);
    if (via === 'request') await notifyMatch(tx, deps, 'requestJoined', match, [e.userId]);
    if ((via === 'join' || via === 'promotion') && name !== null)
      await notifyMatch(tx, deps, 'joined', match, [match.createdBy], name);
    return;
  }
  if (via === 'removal') {
    const reason = typeof e.payload.reason === 'string' ? e.payload.reason : null;
    await notifyMatch(tx, deps, 'removed', match, [e.userId], '', reason);
  } else if (via === 'leave') {
    await notifyMatch(tx, deps, 'left', match, [match.createdBy], name);
  } else if (via === 'erasure' && !isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE)) {
    // The account is gone: the organiser is told a place came back, without a name.
    await notifyMatch(tx, deps, 'left', match, [match.createdBy], null);
  }
}

/**
 * The notices that follow a seat taken or freed, queued in the outbox by a consumer of the event
 * log: the organiser's and the players', whichever path took or freed the seat.
 */
export const createSeatNoticesConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>) =>
  createLogConsumer(deps, {
    name: 'notices',
    types: ['participant.joined', 'participant.left'],
    async handle(tx, events) {
      for (const e of events) await tell(tx, deps, e);
    },
  });
