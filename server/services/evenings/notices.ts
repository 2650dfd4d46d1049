import { inArray } from 'drizzle-orm';
import { computeStandings } from '../../../common/evenings';
import { EVENING_FORMATS, EVENING_TEXT } from '../../../common/messages-evenings';
import { shortPublicName } from '../../../common/names';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { LoggedEvent } from '../events/log';
import { createLogConsumer } from '../../worker/log-consumer';
import { writePushNotices, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, whenOf } from '../notifications/match-info';
import { notifyUsers } from '../notifications/notify-users';
import { toApi } from './format';
import { eveningRow, roundsOf, seatedIds } from './read';

const T = EVENING_TEXT.notify;

async function namesOf(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, shortPublicName(r.name)]));
}

/** What each player hears of one evening event; an evening gone meanwhile is told nothing. */
async function tell(tx: Tx, deps: NotifyDeps, e: LoggedEvent) {
  if (e.matchId === null) return;
  const row = await eveningRow(tx, e.matchId);
  const info = row && (await matchInfo(tx, e.matchId));
  if (!row || !info) return;
  const format = EVENING_FORMATS[toApi(row.e.format)];
  const path = `/soirees/${row.id}`;
  const base = { matchId: row.id, path };
  if (e.type === 'participant.joined') {
    if (e.userId === null || e.payload.via !== 'join') return;
    await notifyUsers(tx, deps, [e.userId], () => ({
      ...base,
      event: 'evening_signup',
      subject: T.signedUpSubject,
      text: T.signedUp(format, whenOf(info), info.placeName),
    }));
    return;
  }
  const rounds = await roundsOf(tx, row.id);
  const seated = await seatedIds(tx, row.id);
  if (e.type === 'evening.round_started') {
    const n = Number(e.payload.round);
    const round = rounds.find((r) => r.number === n);
    if (!round) return;
    const names = await namesOf(tx, seated);
    const name = (id: number) => names.get(id) ?? 'un joueur';
    const subject = n === 1 ? T.startedSubject(format) : T.roundSubject(n);
    const textFor = (userId: number) => {
      const game = round.games.find((g) => g.teams.flat().includes(userId));
      if (!game) return T.sittingOut(n);
      const [mine, theirs] = game.teams[0].includes(userId)
        ? game.teams
        : [game.teams[1], game.teams[0]];
      const partner = mine.find((id) => id !== userId) ?? userId;
      return T.game(n, game.court, name(partner), name(theirs[0]), name(theirs[1]));
    };
    await notifyUsers(tx, deps, seated, (userId) => ({
      ...base,
      event: 'evening_round',
      subject,
      text: textFor(userId),
    }));
    // On the phone during the evening: one push per round, the page says the rest.
    await writePushNotices(
      tx,
      deps,
      'changed',
      row.id,
      seated,
      { title: subject, body: subject },
      path,
    );
    return;
  }
  if (e.type === 'evening.finished') {
    const table = computeStandings({ rounds, sitOut: row.e.sitOutRule, players: seated });
    await notifyUsers(
      tx,
      deps,
      table.map((s) => s.user_id),
      (userId) => {
        const rank = table.findIndex((s) => s.user_id === userId);
        return {
          ...base,
          event: 'evening_finished',
          subject: T.finishedSubject,
          text: T.finished(rank + 1, table.length, table[rank]?.points ?? 0),
        };
      },
    );
  }
}

/**
 * The notices of evenings, queued in the outbox by a consumer of the event log: a sign-up
 * confirmed, each round (round 1: the evening starts) with the player's game or sit-out, the final
 * table with the player's rank. Promotions from the waiting list, removals and leaves are told by
 * the match notices, as for any seat.
 */
export const createEveningNoticesConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>) =>
  createLogConsumer(deps, {
    name: 'evenings',
    types: ['participant.joined', 'evening.round_started', 'evening.finished'],
    async handle(tx, events) {
      for (const e of events) await tell(tx, deps, e);
    },
  });
