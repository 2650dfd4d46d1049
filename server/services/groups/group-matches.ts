import { and, asc, eq, sql } from 'drizzle-orm';
import { localParts } from '../../../common/schedule';
import type { TGroupMatchInput } from '../../../common/schemas/groups';
import type { TMatch } from '../../../common/schemas/matches';
import type { DbOrTx } from '../../../db/client';
import { groupMatches, matches } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import type { NotifyDeps } from '../notifications/enqueue';
import { getMatch } from '../matches/queries';
import { roomColumns } from '../matches/room';
import { matchBorn } from '../matches/seats';
import { checkMatchFields, createLimits } from '../matches/rules';
import { lockRoom } from '../chat/access';
import { memberIds } from '../rooms/members';
import { membershipOf } from './access';
import { announceGroupChange } from '../events/announce';
import { recordEvent } from '../events/log';

const HOUR_MS = 3_600_000;

export interface GroupMatchDraft {
  groupId: number;
  groupName: string;
  placeId: number;
  date: string;
  time: string;
  levels: string[];
  /** Places to fill besides the organiser. */
  slots: number;
  createdBy: number;
  isGroupOnly: boolean;
  priorityHours: number;
}

/**
 * Inserts a group match in the caller's transaction: the match, its group row (hidden from
 * Trouver until `priorityHours` have passed), and what follows any match's birth (`matchBorn`:
 * reminder, live event, `match.created`). A match kept to
 * the group (`isGroupOnly`) is a private match (with the random share token every private match
 * has): outsiders get the 404 of an unknown match on every door, its group's members reach it
 * (`hasStanding`). The caller adds players and tells the members. One path for a match made by
 * hand, by a weekly slot and by a poll.
 */
export async function insertGroupMatch(
  tx: DbOrTx,
  deps: NotifyDeps,
  d: GroupMatchDraft,
): Promise<number> {
  const [row] = await tx
    .insert(matches)
    .values({
      placeId: d.placeId,
      date: d.date,
      time: d.time,
      levels: d.levels,
      slots: d.slots,
      missingPlayers: d.slots,
      createdBy: d.createdBy,
      ...(d.isGroupOnly ? roomColumns({ visibility: 'private' }) : {}),
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('insertGroupMatch: insert returned nothing');
  const now = deps.clock.now();
  await tx.insert(groupMatches).values({
    matchId: row.id,
    groupId: d.groupId,
    isGroupOnly: d.isGroupOnly,
    publicAt: d.isGroupOnly ? null : new Date(now.getTime() + d.priorityHours * HOUR_MS),
  });
  await matchBorn(tx, deps, row.id);
  await announceGroupChange(tx, d.groupId);
  return row.id;
}

/**
 * Records that a match was made for the group: its members (but `except`) are told, and the
 * group's chat says it, by the log's groups consumer (`follow-ups.ts`).
 */
export async function announceGroupMatch(
  tx: DbOrTx,
  groupId: number,
  groupName: string,
  matchId: number,
  except: number[],
) {
  const told = (await memberIds(tx, groupId)).filter((id) => !except.includes(id));
  await recordEvent(tx, {
    type: 'group.match_created',
    matchId,
    payload: { groupId, groupName, told },
  });
}

/**
 * A member creates a match "pour le groupe": the match form's rules, then the members are told
 * first and have the group's priority window before it shows in Trouver (or it stays in the
 * group when `group_only`).
 */
export async function createGroupMatch(
  deps: Deps,
  actor: SessionUser,
  input: TGroupMatchInput,
): Promise<TMatch> {
  const { id: groupId, group_only, ...draft } = input;
  const fields = await checkMatchFields(deps, draft, await createLimits(deps));
  const id = await deps.db.transaction(async (tx) => {
    const group = await membershipOf(tx, actor, groupId);
    // The group's chat lock before the rows that reference the group (see `lockRoom`).
    await lockRoom(tx, { kind: 'group', id: groupId });
    const matchId = await insertGroupMatch(tx, deps, {
      groupId,
      groupName: group.name,
      placeId: fields.place_id,
      date: fields.date,
      time: fields.time,
      levels: fields.levels,
      slots: fields.slots,
      createdBy: actor.id,
      isGroupOnly: group_only ?? false,
      priorityHours: group.priorityHours,
    });
    await announceGroupMatch(tx, groupId, group.name, matchId, [actor.id]);
    return matchId;
  });
  return getMatch(deps, id);
}

/** The group's upcoming matches, soonest first, with their privacy. */
export async function upcomingGroupMatches(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  groupId: number,
) {
  const local = localParts(deps.clock.now(), deps.env.APP_TIMEZONE);
  const rows = await deps.db
    .select({
      id: matches.id,
      isGroupOnly: groupMatches.isGroupOnly,
      publicAt: groupMatches.publicAt,
    })
    .from(groupMatches)
    .innerJoin(matches, eq(matches.id, groupMatches.matchId))
    .where(
      and(
        eq(groupMatches.groupId, groupId),
        sql`(${matches.date}, ${matches.time}) >= (${local.date}::date, ${local.time}::time)`,
      ),
    )
    .orderBy(asc(matches.date), asc(matches.time), asc(matches.id))
    .limit(50);
  const cards = await Promise.all(rows.map((r) => getMatch(deps, r.id)));
  return cards.map((card, i) => ({
    ...card,
    group_only: rows[i]?.isGroupOnly ?? false,
    public_at: rows[i]?.publicAt?.toISOString() ?? null,
  }));
}
