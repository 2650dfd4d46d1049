import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import { shortTime, zonedInstant } from '../../../common/schedule';
import {
  POLL_MATCH_PLACES,
  type TCreatePollInput,
  type TPoll,
  type TPollAnswer,
  type TPollAnswersInput,
} from '../../../common/schemas/groups';
import { shortPublicName } from '../../../common/names';
import type { DbOrTx } from '../../../db/client';
import {
  groups,
  levels,
  matchWaitlist,
  pollAnswers,
  polls,
  pollSlots,
  places,
  users,
} from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { announceGroupChange, announcePollChange, nextPollVersion } from '../events/announce';
import { lockRoom } from '../chat/access';
import { recordEvent } from '../events/log';
import { checkMatchFields, createLimits } from '../matches/rules';
import { takeSeat, seatsTaken } from '../matches/seats';
import { memberIds } from '../rooms/members';
import { membershipOf } from './access';
import { insertGroupMatch } from './group-matches';

/**
 * A member proposes 2 to 5 slots (place, date, time) and a closing time; each slot must be one
 * the match form would accept, and the poll must close before the first slot starts.
 */
export async function createPoll(
  deps: Deps,
  actor: SessionUser,
  input: TCreatePollInput,
): Promise<TPoll> {
  const limits = await createLimits(deps);
  const size = input.size ?? 4;
  const level = await defaultLevel(deps.db, actor);
  const checked: Awaited<ReturnType<typeof checkMatchFields>>[] = [];
  for (const s of input.slots)
    checked.push(
      await checkMatchFields(deps, { ...s, levels: [level], slots: POLL_MATCH_PLACES - 1 }, limits),
    );
  const closesAt = new Date(input.closes_at);
  const firstStart = Math.min(
    ...checked.map((s) => zonedInstant(s.date, s.time, deps.env.APP_TIMEZONE).getTime()),
  );
  if (closesAt <= deps.clock.now() || closesAt.getTime() > firstStart)
    throw badRequest(GROUP_MSG.pollClosesInvalid);
  const id = await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, input.id);
    const [poll] = await tx
      .insert(polls)
      .values({ groupId: input.id, createdBy: actor.id, size, closesAt })
      .returning({ id: polls.id });
    if (!poll) throw new Error('createPoll: insert returned nothing');
    await tx
      .insert(pollSlots)
      .values(
        checked.map((s) => ({ pollId: poll.id, placeId: s.place_id, date: s.date, time: s.time })),
      );
    await announceGroupChange(tx, input.id);
    return poll.id;
  });
  return getPoll(deps, actor, id);
}

/** A poll's match plays at the poll creator's level, or at the first level when they have none. */
async function defaultLevel(db: DbOrTx, actor: SessionUser): Promise<string> {
  return actor.level ?? defaultLevelName(db);
}

async function pollRow(db: DbOrTx, id: number) {
  const [poll] = await db
    .select({
      id: polls.id,
      groupId: polls.groupId,
      groupName: groups.name,
      createdBy: polls.createdBy,
      size: polls.size,
      closesAt: polls.closesAt,
      status: polls.status,
      matchId: polls.matchId,
      matchedSlotId: polls.matchedSlotId,
      version: sql<string>`(extract(epoch from ${polls.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(polls)
    .innerJoin(groups, eq(groups.id, polls.groupId))
    .where(eq(polls.id, id))
    .limit(1);
  if (!poll) throw notFound(GROUP_MSG.pollNotFound);
  return poll;
}

/** A poll with each slot's counts, who answered what ("Prénom N.") and the viewer's answers; members of its group only. */
export async function getPoll(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<TPoll> {
  return (await readPoll(deps, actor, id)).poll;
}

/**
 * `getPoll`, with the poll's live version (microseconds of `updated_at`, moved by every answer,
 * its match and its closing under the poll's row lock): the event id of its live stream.
 */
export async function readPoll(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<{ poll: TPoll; version: string }> {
  const poll = await pollRow(deps.db, id);
  await membershipOf(deps.db, actor, poll.groupId, { missing: GROUP_MSG.pollNotFound });
  const slots = await deps.db
    .select({
      id: pollSlots.id,
      place_id: pollSlots.placeId,
      place_name: places.name,
      date: pollSlots.date,
      time: pollSlots.time,
      oui: sql<number>`(select count(*)::int from ${pollAnswers} a where a.slot_id = ${pollSlots.id} and a.answer = 'oui')`,
      non: sql<number>`(select count(*)::int from ${pollAnswers} a where a.slot_id = ${pollSlots.id} and a.answer = 'non')`,
      maybe: sql<number>`(select count(*)::int from ${pollAnswers} a where a.slot_id = ${pollSlots.id} and a.answer = 'peut-être')`,
      mine: sql<TPollAnswer | null>`(select a.answer from ${pollAnswers} a where a.slot_id = ${pollSlots.id} and a.user_id = ${actor.id})`,
    })
    .from(pollSlots)
    .innerJoin(places, eq(places.id, pollSlots.placeId))
    .where(eq(pollSlots.pollId, id))
    .orderBy(asc(pollSlots.id));
  const answered = await deps.db
    .select({ slotId: pollAnswers.slotId, answer: pollAnswers.answer, name: users.name })
    .from(pollAnswers)
    .innerJoin(pollSlots, eq(pollSlots.id, pollAnswers.slotId))
    .innerJoin(users, eq(users.id, pollAnswers.userId))
    .where(eq(pollSlots.pollId, id))
    .orderBy(asc(pollAnswers.seq), asc(pollAnswers.userId));
  const namesOf = (slotId: number, answer: TPollAnswer) =>
    answered
      .filter((a) => a.slotId === slotId && a.answer === answer)
      .map((a) => shortPublicName(a.name));
  const shown: TPoll = {
    id: poll.id,
    group_id: poll.groupId,
    group_name: poll.groupName,
    size: poll.size,
    status: poll.status,
    closes_at: poll.closesAt.toISOString(),
    match_id: poll.matchId,
    matched_slot_id: poll.matchedSlotId,
    slots: slots.map((s) => ({
      id: s.id,
      place_id: s.place_id,
      place_name: s.place_name,
      date: s.date,
      time: shortTime(s.time),
      counts: { oui: s.oui, non: s.non, 'peut-être': s.maybe },
      names: {
        oui: namesOf(s.id, 'oui'),
        non: namesOf(s.id, 'non'),
        'peut-être': namesOf(s.id, 'peut-être'),
      },
      my_answer: s.mine,
    })),
  };
  return { poll: shown, version: poll.version };
}

/**
 * A member answers some slots of a poll. Every answer of a poll runs under the poll's row lock,
 * taken by the conditional UPDATE that also refuses a poll no longer open (its match made, or
 * closed) and numbers the answer, so the order of "oui" is the order answers were written, on any
 * instance. PostgreSQL re-checks the status after waiting for the lock, so of two last "oui" at
 * once the second finds the match made and gets the 409: one match, never overbooked. When a slot
 * reaches the poll's count of "oui", its match is made in that same transaction. Every answer moves
 * the poll's live version and pokes its live viewers on commit, on every instance.
 */
export async function answerPoll(
  deps: Deps,
  actor: SessionUser,
  { id, answers }: TPollAnswersInput,
): Promise<TPoll> {
  const entries = Object.entries(answers).map(([k, v]) => [Number(k), v] as const);
  if (entries.length === 0) throw badRequest(GROUP_MSG.pollAnswerInvalid);
  await deps.db.transaction(async (tx) => {
    const poll = await pollRow(tx, id);
    await membershipOf(tx, actor, poll.groupId, { missing: GROUP_MSG.pollNotFound });
    // The group row before the poll's: the match an answer may make is said in the group's chat,
    // and every transaction that writes there or deletes the group takes the group row first.
    await lockRoom(tx, { kind: 'group', id: poll.groupId });
    const [locked] = await tx
      .update(polls)
      .set({ answerSeq: sql`${polls.answerSeq} + 1`, updatedAt: nextPollVersion })
      .where(
        and(
          eq(polls.id, id),
          eq(polls.status, 'open'),
          sql`${polls.closesAt} > ${deps.clock.now().toISOString()}::timestamptz`,
        ),
      )
      .returning({ seq: polls.answerSeq });
    if (!locked) {
      const [now] = await tx.select({ status: polls.status }).from(polls).where(eq(polls.id, id));
      throw conflict(now?.status === 'matched' ? GROUP_MSG.pollMatched : GROUP_MSG.pollClosed);
    }
    const slotIds = (
      await tx.select({ id: pollSlots.id }).from(pollSlots).where(eq(pollSlots.pollId, id))
    ).map((s) => s.id);
    if (entries.some(([slotId]) => !slotIds.includes(slotId)))
      throw badRequest(GROUP_MSG.pollSlotUnknown);
    for (const [slotId, answer] of entries)
      await tx
        .insert(pollAnswers)
        .values({ slotId, userId: actor.id, answer, seq: locked.seq, answeredAt: deps.clock.now() })
        .onConflictDoUpdate({
          target: [pollAnswers.slotId, pollAnswers.userId],
          set: {
            answer,
            // Saying "oui" again keeps one's place in the order.
            seq: sql`case when ${pollAnswers.answer} = excluded.answer then ${pollAnswers.seq} else excluded.seq end`,
          },
        });
    await announcePollChange(tx, id);
    for (const slotId of slotIds) {
      const yes = await ouiInOrder(tx, slotId);
      if (yes.length >= poll.size) {
        await makePollMatch(tx, deps, poll, slotId, yes);
        return;
      }
    }
  });
  return getPoll(deps, actor, id);
}

async function ouiInOrder(tx: DbOrTx, slotId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: pollAnswers.userId })
    .from(pollAnswers)
    .where(and(eq(pollAnswers.slotId, slotId), eq(pollAnswers.answer, 'oui')))
    .orderBy(asc(pollAnswers.seq), asc(pollAnswers.userId));
  return rows.map((r) => r.userId);
}

/**
 * The slot has the poll's count of "oui": its match is made, always of `POLL_MATCH_PLACES` (padel is
 * played at four). Its organiser is the poll's author when among the "oui", else the first to say
 * it; the next "oui" take their seats through the one seat service, with every seat's consequences;
 * "oui" beyond the places wait in answer order. The places left stay open to the group first, then
 * to everyone after the group's priority window, as any group match. Everyone in the group is told,
 * and the group's chat says it.
 */
async function makePollMatch(
  tx: DbOrTx,
  deps: Deps,
  poll: Awaited<ReturnType<typeof pollRow>>,
  slotId: number,
  yes: number[],
) {
  const [slot] = await tx.select().from(pollSlots).where(eq(pollSlots.id, slotId));
  const [author] = await tx
    .select({ level: users.level })
    .from(users)
    .where(eq(users.id, poll.createdBy));
  if (!slot) return;
  const playing = yes.slice(0, POLL_MATCH_PLACES);
  const waiting = yes.slice(POLL_MATCH_PLACES);
  const organiser = playing.includes(poll.createdBy) ? poll.createdBy : playing[0]!;
  const level = author?.level ?? (await defaultLevelName(tx));
  const [group] = await tx
    .select({ priorityHours: groups.priorityHours })
    .from(groups)
    .where(eq(groups.id, poll.groupId));
  const matchId = await insertGroupMatch(tx, deps, {
    groupId: poll.groupId,
    groupName: poll.groupName,
    placeId: slot.placeId,
    date: slot.date,
    time: shortTime(slot.time),
    levels: [level],
    slots: POLL_MATCH_PLACES - 1,
    createdBy: organiser,
    isGroupOnly: false,
    priorityHours: group?.priorityHours ?? 24,
  });
  const others = playing.filter((u) => u !== organiser);
  // A new match of three free places and at most three others: every seat is 'taken'.
  for (const userId of others) await takeSeat(tx, deps, matchId, userId);
  await seatsTaken(tx, matchId, others, 'poll');
  const now = deps.clock.now();
  for (const userId of waiting)
    await tx.insert(matchWaitlist).values({ matchId, userId, createdAt: now });
  await tx
    .update(polls)
    .set({ status: 'matched', matchId, matchedSlotId: slotId, updatedAt: nextPollVersion })
    .where(eq(polls.id, poll.id));
  await recordEvent(tx, {
    type: 'poll.matched',
    matchId,
    payload: {
      groupId: poll.groupId,
      groupName: poll.groupName,
      pollId: poll.id,
      playing,
      waiting,
      told: await memberIds(tx, poll.groupId),
    },
  });
}

async function defaultLevelName(tx: DbOrTx) {
  const [first] = await tx
    .select({ niveau: levels.niveau })
    .from(levels)
    .orderBy(asc(levels.ordre))
    .limit(1);
  return first?.niveau ?? 'Niveau 1';
}

/**
 * Closes the open polls whose closing time has passed without a match, tells their groups and says
 * it in their chats. The groups' rows are locked first (in id order), as every group transaction
 * does, then one conditional UPDATE claims the polls, so with several instances each poll is
 * closed (and its `poll.closed` event recorded) once.
 */
export async function closeDuePolls(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = and(eq(polls.status, 'open'), lte(polls.closesAt, now));
  const candidates = await deps.db
    .selectDistinct({ groupId: polls.groupId })
    .from(polls)
    .where(due)
    .orderBy(asc(polls.groupId));
  if (candidates.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    for (const { groupId } of candidates) await lockRoom(tx, { kind: 'group', id: groupId });
    const closed = await tx
      .update(polls)
      .set({ status: 'closed', updatedAt: nextPollVersion })
      .where(
        and(
          due,
          inArray(
            polls.groupId,
            candidates.map((c) => c.groupId),
          ),
        ),
      )
      .returning({ id: polls.id, groupId: polls.groupId });
    if (closed.length === 0) return 0;
    const names = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(
        inArray(
          groups.id,
          closed.map((c) => c.groupId),
        ),
      );
    for (const c of closed) {
      const name = names.find((n) => n.id === c.groupId)?.name ?? '';
      await recordEvent(tx, {
        type: 'poll.closed',
        payload: {
          groupId: c.groupId,
          groupName: name,
          pollId: c.id,
          told: await memberIds(tx, c.groupId),
        },
      });
      await announcePollChange(tx, c.id);
      await announceGroupChange(tx, c.groupId);
    }
    return closed.length;
  });
}
