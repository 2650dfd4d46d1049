import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { GROUP_MSG } from '../../../common/messages-groups';
import { addDays, localParts, shortTime } from '../../../common/schedule';
import type { TCreateSlotInput, TGroupSlot } from '../../../common/schemas/groups';
import type { DbOrTx } from '../../../db/client';
import { groupMembers, groups, groupSlotRuns, groupSlots, places } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkMatchFields, createLimits } from '../matches/rules';
import { membershipOf } from './access';
import { announceGroupMatch, insertGroupMatch } from './group-matches';
import { announceGroupChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { lockRoom } from '../chat/access';

type Result = { success: true; message: string };

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

const DAY = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' });
/** "24 décembre". */
export const dayOf = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));

/**
 * A group admin defines a weekly slot; they own it and organise every match it opens. The
 * match form's rules are checked once (levels, places, time slot, an active place).
 */
export async function createSlot(
  deps: Deps,
  actor: SessionUser,
  input: TCreateSlotInput,
): Promise<TGroupSlot> {
  const { id: groupId, weekday, days_ahead, group_only, ...draft } = input;
  const tomorrow = addDays(localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date, 1);
  const fields = await checkMatchFields(
    deps,
    { ...draft, date: tomorrow },
    await createLimits(deps),
  );
  const id = await deps.db.transaction(async (tx) => {
    await membershipOf(tx, actor, groupId, { adminOnly: true });
    const [row] = await tx
      .insert(groupSlots)
      .values({
        groupId,
        ownerId: actor.id,
        weekday,
        time: fields.time,
        placeId: fields.place_id,
        levels: fields.levels,
        slots: fields.slots,
        daysAhead: days_ahead ?? 7,
        isGroupOnly: group_only ?? false,
      })
      .returning({ id: groupSlots.id });
    if (!row) throw new Error('createSlot: insert returned nothing');
    await announceGroupChange(tx, groupId);
    return row.id;
  });
  const [slot] = (await listSlots(deps.db, groupId)).filter((s) => s.id === id);
  if (!slot) throw notFound(GROUP_MSG.slotNotFound);
  return slot;
}

/** The weekly slots of a group, with the dates skipped ahead. */
export async function listSlots(db: DbOrTx, groupId: number): Promise<TGroupSlot[]> {
  const rows = await db
    .select({
      id: groupSlots.id,
      owner_id: groupSlots.ownerId,
      weekday: groupSlots.weekday,
      time: groupSlots.time,
      place_id: groupSlots.placeId,
      place_name: places.name,
      levels: groupSlots.levels,
      slots: groupSlots.slots,
      days_ahead: groupSlots.daysAhead,
      paused: groupSlots.isPaused,
      group_only: groupSlots.isGroupOnly,
    })
    .from(groupSlots)
    .innerJoin(places, eq(places.id, groupSlots.placeId))
    .where(eq(groupSlots.groupId, groupId))
    .orderBy(asc(groupSlots.weekday), asc(groupSlots.time), asc(groupSlots.id));
  const skips =
    rows.length === 0
      ? []
      : await db
          .select({ slotId: groupSlotRuns.slotId, date: groupSlotRuns.date })
          .from(groupSlotRuns)
          .where(
            and(
              inArray(
                groupSlotRuns.slotId,
                rows.map((r) => r.id),
              ),
              eq(groupSlotRuns.outcome, 'skipped'),
            ),
          )
          .orderBy(asc(groupSlotRuns.date));
  return rows.map((r) => ({
    ...r,
    time: shortTime(r.time),
    levels: [...r.levels],
    skipped_dates: skips.filter((s) => s.slotId === r.id).map((s) => s.date),
  }));
}

/** The slot and the actor's admin rights on its group (404 for outsiders too, 403 for non-admins). */
async function ownSlot(tx: DbOrTx, actor: SessionUser, slotId: number) {
  const [slot] = await tx
    .select({ groupId: groupSlots.groupId, weekday: groupSlots.weekday })
    .from(groupSlots)
    .where(eq(groupSlots.id, slotId))
    .limit(1);
  if (!slot) throw notFound(GROUP_MSG.slotNotFound);
  await membershipOf(tx, actor, slot.groupId, {
    adminOnly: true,
    missing: GROUP_MSG.slotNotFound,
  });
  return slot;
}

/** Pauses or resumes a weekly slot; group admins only. */
export async function updateSlot(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  { id, paused }: { id: number; paused: boolean },
): Promise<Result> {
  const { groupId } = await ownSlot(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.update(groupSlots).set({ isPaused: paused }).where(eq(groupSlots.id, id));
    await announceGroupChange(tx, groupId);
  });
  return { success: true, message: paused ? GROUP_MSG.slotPaused : GROUP_MSG.slotResumed };
}

/** Deletes a weekly slot; the matches it opened stay. Group admins only. */
export async function deleteSlot(
  deps: Pick<Deps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<Result> {
  const { groupId } = await ownSlot(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(groupSlots).where(eq(groupSlots.id, id));
    await announceGroupChange(tx, groupId);
  });
  return { success: true, message: GROUP_MSG.slotDeleted };
}

/**
 * "Pas de match le 24 décembre": marks a future date of the slot as dealt with, so the scheduler
 * never opens it. A date already opened (or skipped) is a 409: the same key the scheduler uses.
 */
export async function skipSlotDate(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  actor: SessionUser,
  { id, date }: { id: number; date: string },
): Promise<Result> {
  const slot = await ownSlot(deps.db, actor, id);
  const today = localParts(deps.clock.now(), deps.env.APP_TIMEZONE).date;
  if (date < today || isoWeekday(date) !== slot.weekday) throw badRequest(GROUP_MSG.skipWrongDay);
  const done = await deps.db
    .insert(groupSlotRuns)
    .values({ slotId: id, date, outcome: 'skipped' })
    .onConflictDoNothing()
    .returning({ slotId: groupSlotRuns.slotId });
  if (done.length === 0) throw conflict(GROUP_MSG.skipAlready);
  return { success: true, message: GROUP_MSG.skipped(dayOf(date)) };
}

/** The dates from `today` to `today + daysAhead` that fall on `weekday`, not yet started. */
function dueDates(today: string, now: string, weekday: number, daysAhead: number, time: string) {
  const out: string[] = [];
  for (let i = 0; i <= daysAhead; i++) {
    const d = addDays(today, i);
    if (isoWeekday(d) === weekday && (i > 0 || shortTime(time) > now)) out.push(d);
  }
  return out;
}

/**
 * The scheduler's round (every instance runs it): for each running slot, each date now within its
 * opening window and not yet dealt with is claimed by inserting its (slot, date) row; the primary
 * key lets exactly one instance win, and the winner opens the match in the same transaction
 * (organiser: the slot's owner; members told), or, when the place became inactive, records the
 * skip and tells the owner. Answers how many dates it dealt with.
 */
export async function runDueSlots(deps: Deps): Promise<number> {
  const local = localParts(deps.clock.now(), deps.env.APP_TIMEZONE);
  const slots = await deps.db
    .select({
      id: groupSlots.id,
      groupId: groupSlots.groupId,
      groupName: groups.name,
      priorityHours: groups.priorityHours,
      ownerId: groupSlots.ownerId,
      weekday: groupSlots.weekday,
      time: groupSlots.time,
      placeId: groupSlots.placeId,
      placeName: places.name,
      placeActive: places.isActive,
      levels: groupSlots.levels,
      slots: groupSlots.slots,
      daysAhead: groupSlots.daysAhead,
      isGroupOnly: groupSlots.isGroupOnly,
    })
    .from(groupSlots)
    .innerJoin(groups, eq(groups.id, groupSlots.groupId))
    .innerJoin(places, eq(places.id, groupSlots.placeId))
    // A slot whose owner left the group opens nothing: its matches would have no organiser inside.
    .innerJoin(
      groupMembers,
      and(
        eq(groupMembers.groupId, groupSlots.groupId),
        eq(groupMembers.userId, groupSlots.ownerId),
      ),
    )
    .where(eq(groupSlots.isPaused, false));
  if (slots.length === 0) return 0;
  const done = await deps.db
    .select({ slotId: groupSlotRuns.slotId, date: groupSlotRuns.date })
    .from(groupSlotRuns)
    .where(
      and(
        inArray(
          groupSlotRuns.slotId,
          slots.map((s) => s.id),
        ),
        gte(groupSlotRuns.date, local.date),
      ),
    );
  const seen = new Set(done.map((d) => `${d.slotId}|${d.date}`));
  let dealt = 0;
  for (const s of slots)
    for (const date of dueDates(local.date, local.time, s.weekday, s.daysAhead, s.time)) {
      if (seen.has(`${s.id}|${date}`)) continue;
      if (await openSlotDate(deps, s, date)) dealt++;
    }
  return dealt;
}

type DueSlot = {
  id: number;
  groupId: number;
  groupName: string;
  priorityHours: number;
  ownerId: number;
  time: string;
  placeId: number;
  placeName: string;
  placeActive: boolean;
  levels: string[];
  slots: number;
  isGroupOnly: boolean;
};

async function openSlotDate(deps: Deps, s: DueSlot, date: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The group's chat lock first (the match made here is said in the chat); a deleted group opens nothing.
    if (!(await lockRoom(tx, { kind: 'group', id: s.groupId }))) return false;
    const [claimed] = await tx
      .insert(groupSlotRuns)
      .values({ slotId: s.id, date, outcome: s.placeActive ? 'created' : 'place_inactive' })
      .onConflictDoNothing()
      .returning({ slotId: groupSlotRuns.slotId });
    // Another instance (or an admin's skip) got there first.
    if (!claimed) return false;
    if (!s.placeActive) {
      await recordEvent(tx, {
        type: 'slot.skipped',
        userId: s.ownerId,
        payload: { groupId: s.groupId, slotId: s.id, date, placeName: s.placeName },
      });
      return true;
    }
    const matchId = await insertGroupMatch(tx, deps, {
      groupId: s.groupId,
      groupName: s.groupName,
      placeId: s.placeId,
      date,
      time: shortTime(s.time),
      levels: [...s.levels],
      slots: s.slots,
      createdBy: s.ownerId,
      isGroupOnly: s.isGroupOnly,
      priorityHours: s.priorityHours,
    });
    await tx
      .update(groupSlotRuns)
      .set({ matchId })
      .where(and(eq(groupSlotRuns.slotId, s.id), eq(groupSlotRuns.date, date)));
    await announceGroupMatch(tx, s.groupId, s.groupName, matchId, []);
    return true;
  });
}
