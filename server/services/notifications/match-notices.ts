import { COURT_TEXT } from '../../../common/messages-court';
import { isFinished } from '../../../common/schedule';
import type { Tx } from '../../../db/client';
import type { Deps } from '../../deps';
import type { LoggedEvent, SeatVia } from '../events/log';
import { createLogConsumer } from '../../worker/log-consumer';
import { notifyMatch, type NotifyDeps } from './enqueue';
import { matchInfo, recipients, type MatchInfo } from './match-info';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x)) : [];
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A seat taken: the organiser of a join or a promotion (named), the promoted or accepted player. */
async function seatTaken(
  tx: Tx,
  deps: NotifyDeps,
  e: LoggedEvent,
  match: MatchInfo,
  via?: SeatVia,
) {
  if (e.userId === null) return;
  const [player] = await recipients(tx, [e.userId]);
  if (via === 'promotion') await notifyMatch(tx, deps, 'promoted', match, [e.userId]);
  if (via === 'request') await notifyMatch(tx, deps, 'requestJoined', match, [e.userId]);
  if ((via === 'join' || via === 'promotion') && player)
    await notifyMatch(tx, deps, 'joined', match, [match.createdBy], player.name);
}

/** A seat freed: the removed player (with the reason), the organiser of a leave or an erasure. */
async function seatFreed(
  tx: Tx,
  deps: NotifyDeps,
  e: LoggedEvent,
  match: MatchInfo,
  via?: SeatVia,
) {
  if (e.userId === null) return;
  if (via === 'removal') {
    await notifyMatch(tx, deps, 'removed', match, [e.userId], '', text(e.payload.reason));
  } else if (via === 'leave') {
    const [player] = await recipients(tx, [e.userId]);
    await notifyMatch(tx, deps, 'left', match, [match.createdBy], player?.name ?? null);
  } else if (via === 'erasure' && !isFinished(match, deps.clock.now(), deps.env.APP_TIMEZONE)) {
    // The account is gone: the organiser is told a place came back, without a name.
    await notifyMatch(tx, deps, 'left', match, [match.createdBy], null);
  }
}

async function tell(tx: Tx, deps: NotifyDeps, e: LoggedEvent) {
  if (e.matchId === null) return;
  if (e.type === 'match.cancelled') {
    // The match is gone: its notice is made from what the event kept of it.
    const kept = e.payload.match as MatchInfo | undefined;
    if (kept) {
      const told = ids(e.payload.told);
      await notifyMatch(tx, deps, 'cancelled', kept, told, '', text(e.payload.reason));
    }
    return;
  }
  const match = await matchInfo(tx, e.matchId);
  if (!match) return;
  const via = e.payload.via as SeatVia | undefined;
  switch (e.type) {
    case 'participant.joined':
      return seatTaken(tx, deps, e, match, via);
    case 'participant.left':
      return seatFreed(tx, deps, e, match, via);
    case 'match.updated':
      if (e.payload.told) {
        const undone = e.payload.court_cleared === true ? COURT_TEXT.notify.cleared : null;
        await notifyMatch(tx, deps, 'changed', match, ids(e.payload.told), '', undone);
      }
      return;
    case 'request.sent': {
      const [player] = e.userId === null ? [] : await recipients(tx, [e.userId]);
      if (player) await notifyMatch(tx, deps, 'requested', match, [match.createdBy], player.name);
      return;
    }
    case 'request.answered':
      if (e.userId === null) return;
      if (e.payload.answer === 'waitlist')
        await notifyMatch(tx, deps, 'requestWaitlisted', match, [e.userId]);
      if (e.payload.answer === 'declined')
        await notifyMatch(tx, deps, 'requestDeclined', match, [e.userId]);
      return;
    case 'result.entered': {
      const asked = ids(e.payload.asked);
      const [by] = e.actorId === null ? [] : await recipients(tx, [e.actorId]);
      if (asked.length > 0 && by)
        await notifyMatch(tx, deps, 'resultEntered', match, asked, by.name, text(e.payload.sets));
      return;
    }
    case 'noshow.reported':
      if (e.userId !== null) await notifyMatch(tx, deps, 'noShow', match, [e.userId]);
      return;
    default:
      return;
  }
}

/**
 * The notices that follow a match's changes, queued in the outbox by a consumer of the event log:
 * seats taken and freed (whichever path), requests and their answers, a move, a cancellation, a
 * result entered, an absence reported. A
 * match gone by the time its event is read is told nothing more (its cancellation told it all).
 */
export const createMatchNoticesConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>) =>
  createLogConsumer(deps, {
    name: 'notices',
    types: [
      'participant.joined',
      'participant.left',
      'match.updated',
      'match.cancelled',
      'request.sent',
      'request.answered',
      'result.entered',
      'noshow.reported',
    ],
    async handle(tx, events) {
      for (const e of events) await tell(tx, deps, e);
    },
  });
