import { GROUP_MSG } from '../../../common/messages-groups';
import { MSG } from '../../../common/messages';
import { EVENING_FORMATS } from '../../../common/messages-evenings';
import type { TEveningFormat } from '../../../common/schemas/evenings';
import type { Tx } from '../../../db/client';
import type { Deps } from '../../deps';
import type { LoggedEvent } from '../events/log';
import { createLogConsumer } from '../../worker/log-consumer';
import type { NotifyDeps } from '../notifications/enqueue';
import { matchInfo, whenOf } from '../notifications/match-info';
import { aboutPlayers, groupSystemMessages, type SystemText } from '../chat/system';
import { notifyUsers } from '../notifications/notify-users';
import { dayOf } from './slots';

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x)) : [];
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const groupOf = (e: LoggedEvent): number | null =>
  Number.isSafeInteger(e.payload.groupId) ? (e.payload.groupId as number) : null;

const SAID_OF_MEMBER = {
  'group.member_joined': MSG.chat.system.memberJoined,
  'group.member_left': MSG.chat.system.memberLeft,
  'group.member_removed': MSG.chat.system.memberRemoved,
} as const;

/**
 * Queues the notices of one event (the members the event kept, told even if the group is gone
 * meanwhile) and answers the lines the group's chat shows for it. A match gone by the time its
 * event is read is told nothing (its cancellation told its players).
 */
async function follow(tx: Tx, deps: NotifyDeps, e: LoggedEvent): Promise<SystemText[]> {
  const groupName = text(e.payload.groupName);
  switch (e.type) {
    case 'group.member_joined':
    case 'group.member_left':
    case 'group.member_removed':
      return e.userId === null ? [] : aboutPlayers(tx, [e.userId], SAID_OF_MEMBER[e.type]);
    case 'group.match_created': {
      const info = e.matchId === null ? null : await matchInfo(tx, e.matchId);
      if (!info) return [];
      await notifyUsers(tx, deps, ids(e.payload.told), () => ({
        event: 'group_match',
        subject: GROUP_MSG.notify.groupMatchSubject(groupName),
        text: GROUP_MSG.notify.groupMatch(groupName, whenOf(info), info.placeName),
        path: `/matches/${info.id}`,
        matchId: info.id,
      }));
      return [{ text: MSG.chat.system.groupMatch(whenOf(info), info.placeName) }];
    }
    case 'evening.created': {
      const told = ids(e.payload.told);
      const info = e.matchId === null || told.length === 0 ? null : await matchInfo(tx, e.matchId);
      if (!info) return [];
      const format = EVENING_FORMATS[text(e.payload.format) as TEveningFormat] ?? '';
      await notifyUsers(tx, deps, told, () => ({
        event: 'group_evening',
        subject: GROUP_MSG.notify.groupEveningSubject(groupName),
        text: GROUP_MSG.notify.groupEvening(groupName, format, whenOf(info), info.placeName),
        path: `/soirees/${info.id}`,
        matchId: info.id,
      }));
      return [{ text: MSG.chat.system.groupEvening(format, whenOf(info), info.placeName) }];
    }
    case 'poll.matched': {
      const info = e.matchId === null ? null : await matchInfo(tx, e.matchId);
      if (!info) return [];
      const when = whenOf(info);
      const playing = ids(e.payload.playing);
      const waiting = ids(e.payload.waiting);
      await notifyUsers(tx, deps, ids(e.payload.told), (userId) => ({
        event: 'poll_match',
        subject: GROUP_MSG.notify.pollMatchSubject(groupName),
        text: playing.includes(userId)
          ? GROUP_MSG.notify.pollMatch(when, info.placeName, true)
          : waiting.includes(userId)
            ? GROUP_MSG.notify.pollMatch(when, info.placeName, false)
            : GROUP_MSG.notify.pollMatchOthers(when, info.placeName),
        path: `/matches/${info.id}`,
        matchId: info.id,
      }));
      return [{ text: MSG.chat.system.pollMatch(when, info.placeName) }];
    }
    case 'poll.closed':
      await notifyUsers(tx, deps, ids(e.payload.told), () => ({
        event: 'poll_closed',
        subject: GROUP_MSG.notify.pollFailedSubject(groupName),
        text: GROUP_MSG.notify.pollFailed(groupName),
        path: `/polls/${String(e.payload.pollId)}`,
      }));
      return [{ text: MSG.chat.system.pollClosed }];
    case 'slot.skipped':
      if (e.userId !== null)
        await notifyUsers(tx, deps, [e.userId], () => ({
          event: 'slot_skipped',
          subject: GROUP_MSG.notify.slotInactiveSubject,
          text: GROUP_MSG.notify.slotInactive(
            dayOf(text(e.payload.date)),
            text(e.payload.placeName),
          ),
          path: `/groups/${groupOf(e)}`,
        }));
      return [];
    default:
      return [];
  }
}

/**
 * What follows from a group's changes, written by a consumer of the event log: the notices of a
 * group match or evening, a poll matched or closed, a weekly slot skipped (e-mail and SMS through the outbox,
 * to the members the event kept), and the group chat's system lines (« Julie a rejoint le groupe »,
 * a match made, a poll closed), each group's under its room lock, taken in group order. A group
 * gone meanwhile gets no line.
 */
export const createGroupFollowUpsConsumer = (deps: Pick<Deps, 'db' | 'logger' | 'clock' | 'env'>) =>
  createLogConsumer(deps, {
    name: 'groups',
    types: [
      'group.member_joined',
      'group.member_left',
      'group.member_removed',
      'group.match_created',
      'evening.created',
      'poll.matched',
      'poll.closed',
      'slot.skipped',
    ],
    async handle(tx, events) {
      const byGroup = new Map<number, SystemText[]>();
      for (const e of events) {
        const said = await follow(tx, deps, e);
        const groupId = groupOf(e);
        if (groupId === null || said.length === 0) continue;
        byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), ...said]);
      }
      for (const [groupId, said] of [...byGroup].sort(([a], [b]) => a - b))
        await groupSystemMessages(tx, groupId, said);
    },
  });
