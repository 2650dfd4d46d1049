import { and, eq } from 'drizzle-orm';
import {
  EVENING_MAX_PLAYERS,
  type TCreateEveningInput,
  type TEvening,
} from '../../../common/schemas/evenings';
import { evenings, matches } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { announceGroupChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { membershipOf } from '../groups/access';
import { memberIds } from '../rooms/members';
import { checkMatchFields, createLimits } from '../matches/rules';
import { seatsTaken, takeSeat } from '../matches/seats';
import { scheduleReminder } from '../notifications/enqueue';
import { matchInfo } from '../notifications/match-info';
import { roomColumns } from '../matches/room';
import { toRules } from './format';
import { getEvening } from './read';

/**
 * Creates an evening: its match row (place, date, time and levels checked by the match form's
 * rules; the player cap is its places) and its own row, in one transaction; the organiser who
 * plays takes the first seat through the one seat rule. Its reminder is scheduled and
 * `evening.created` goes to the log (webhooks; from a group, the group's members hear of a public
 * one). From a group, only a member creates it. An idempotency key makes a retried create answer the first evening.
 */
export async function createEvening(
  deps: Deps,
  actor: SessionUser,
  input: TCreateEveningInput,
): Promise<TEvening> {
  const { idempotencyKey = null } = input;
  const limits = { ...(await createLimits(deps)), maxSlots: EVENING_MAX_PLAYERS };
  const fields = await checkMatchFields(deps, { ...input, slots: input.max_players }, limits);
  const id = await deps.db.transaction(async (tx) => {
    const group = input.group_id ? await membershipOf(tx, actor, input.group_id) : null;
    const [row] = await tx
      .insert(matches)
      .values({
        placeId: fields.place_id,
        date: fields.date,
        time: fields.time,
        levels: fields.levels,
        slots: input.max_players,
        missingPlayers: input.max_players,
        createdBy: actor.id,
        idempotencyKey,
        kind: input.competitive ? 'competitif' : 'amical',
        // Anyone of any level signs up: an evening mixes levels, its levels say who it is for.
        ...roomColumns({ visibility: input.visibility ?? 'public', open_levels: true }),
      })
      .onConflictDoNothing({ target: [matches.createdBy, matches.idempotencyKey] })
      .returning({ id: matches.id });
    if (!row) return undefined;
    await tx.insert(evenings).values({
      matchId: row.id,
      format: toRules(input.format),
      courts: input.courts,
      pointsPerGame: input.points_per_game,
      priceCents: input.price_cents ?? null,
      sitOutRule: input.sit_out_rule ?? 'average',
      mexicanoPairing: input.mexicano_pairing ?? '1-4',
      groupId: input.group_id ?? null,
    });
    // Its reminder like a match's; not `match.created`: integrators hear of `evening.created`.
    const info = await matchInfo(tx, row.id);
    if (info) await scheduleReminder(tx, deps, info);
    await recordEvent(tx, {
      type: 'evening.created',
      matchId: row.id,
      actorId: actor.id,
      payload: {
        format: input.format,
        groupId: group?.groupId ?? null,
        // A public evening of a group is announced to its other members (the groups consumer);
        // a private one travels by its link, as the organiser chooses.
        ...(group && input.visibility !== 'private'
          ? {
              groupName: group.name,
              told: (await memberIds(tx, group.groupId)).filter((m) => m !== actor.id),
            }
          : {}),
      },
    });
    // Open group pages list the group's evenings again.
    if (group) await announceGroupChange(tx, group.groupId);
    if (input.organiser_plays && (await takeSeat(tx, deps, row.id, actor.id)) === 'taken')
      await seatsTaken(tx, row.id, [actor.id], 'join');
    return row.id;
  });
  const made =
    id ??
    (idempotencyKey
      ? (
          await deps.db
            .select({ id: matches.id })
            .from(matches)
            .where(and(eq(matches.createdBy, actor.id), eq(matches.idempotencyKey, idempotencyKey)))
        )[0]?.id
      : undefined);
  if (!made) throw new Error('createEvening: insert returned nothing');
  return getEvening(deps, actor, made);
}
