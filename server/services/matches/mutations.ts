import { and, eq, sql } from 'drizzle-orm';
import { isFinished, localParts } from '../../../common/schedule';
import { MSG } from '../../../common/messages';
import type { DbOrTx } from '../../../db/client';
import { matches, matchParticipants } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type {
  TCreateMatchInput,
  TDeleteMatchInput,
  TMatch,
  TUpdateMatchInput,
} from '../../../common/schemas/matches';
import { scheduleReminder, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, playersAndWaiting } from '../notifications/match-info';
import { recordEvent } from '../events/log';
import { announceMatchChange, announceMatchesChange } from '../events/announce';
import { getMatch } from './queries';
import { checkMatchFields, createLimits, editLimits } from './rules';
import { promoteWaitlisted } from './seats';
import { matchBorn } from './seats';
import { changedText } from '../chat/system';
import {
  assertCanReach,
  checkGuests,
  guestCount,
  guestsOf,
  roomColumns,
  writeGuests,
} from './room';
import { KIND_TEXT } from '../../../common/messages-court';
import { followVisibility } from '../matches/group-privacy';
import { clearCourt } from './court';
import { checkRuleFits, playersByGender } from './gender';

/**
 * Creates a match for the session's user (whatever a legacy `created_by` said; the REST adapter
 * has already refused a different one). Create rules of spec section 5: an active place, 1 to
 * max_levels_selection existing levels, 1..max_places slots, a date from today (APP_TIMEZONE)
 * within months_ahead*30 days, a 07:00–21:30 half-hour slot. Nobody has joined yet, so
 * `missing_players` starts at `slots`.
 * With an idempotency key, a repeated create (double click, retry after a lost answer) returns the
 * creator's match made with that key; the unique index settles concurrent repeats to one insert.
 */
export async function createMatch(
  deps: Deps,
  actor: SessionUser,
  input: TCreateMatchInput,
): Promise<TMatch> {
  const {
    idempotencyKey = null,
    visibility,
    open_levels,
    guests = [],
    kind = 'amical',
    gender = 'ouvert',
    price_cents = null,
    ...draft
  } = input;
  const made = () => matchMadeWithKey(deps.db, actor.id, idempotencyKey);
  const earlier = await made();
  if (earlier) return getMatch(deps, earlier);
  const fields = await checkMatchFields(deps, draft, await createLimits(deps));
  checkGuests(guests, fields.slots, 0);
  await checkRuleFits(deps.db, gender, fields.slots, actor.id);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(matches)
      .values({
        placeId: fields.place_id,
        date: fields.date,
        time: fields.time,
        levels: fields.levels,
        slots: fields.slots,
        // Reserved seats are taken from the start.
        missingPlayers: fields.slots - guests.length,
        createdBy: actor.id,
        idempotencyKey,
        kind,
        gender,
        priceCents: price_cents,
        ...roomColumns({ visibility, open_levels }),
      })
      // A concurrent create with the same key won: it scheduled the reminder, its match is the answer.
      .onConflictDoNothing({ target: [matches.createdBy, matches.idempotencyKey] })
      .returning({ id: matches.id });
    if (!row) return undefined;
    await writeGuests(tx, row.id, guests);
    await matchBorn(tx, deps, row.id);
    return row.id;
  });
  const id = created ?? (await made());
  if (!id) throw new Error('createMatch: insert returned nothing');
  return getMatch(deps, id);
}

async function matchMadeWithKey(
  db: DbOrTx,
  createdBy: number,
  key: string | null,
): Promise<number | undefined> {
  if (!key) return undefined;
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.createdBy, createdBy), eq(matches.idempotencyKey, key)))
    .limit(1);
  return row?.id;
}

/**
 * Locks the match row (so joins wait for us) and checks that the actor created it: admins do not
 * manage other players' matches, so they get the same 403 (`refusal`) as anyone else.
 */
export async function lockOwnMatch(
  tx: DbOrTx,
  actor: SessionUser,
  id: number,
  refusal: string = MSG.match.creatorOnly,
) {
  const [match] = await tx
    .select({
      createdBy: matches.createdBy,
      placeId: matches.placeId,
      date: matches.date,
      time: matches.time,
      shareToken: matches.shareToken,
      visibility: matches.visibility,
      gender: matches.gender,
      kind: matches.kind,
      isIn: sql<boolean>`exists (select 1 from ${matchParticipants} mp where mp.match_id = ${matches.id} and mp.user_id = ${actor.id}::int)`,
    })
    .from(matches)
    .where(eq(matches.id, id))
    .for('update')
    .limit(1);
  if (!match) throw notFound(MSG.match.notFound);
  if (match.createdBy !== actor.id) {
    // A stranger to a private match learns nothing from an organiser's door, not even that it exists.
    await assertCanReach(tx, actor, id, match, null);
    throw forbidden(refusal);
  }
  return match;
}

/**
 * The reserved seats an edit sends, or undefined when they stay as they are. A started match keeps
 * its seats and their ids: the same names again change nothing, other names are a French 400.
 */
async function startedGuests(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'env'>,
  current: { date: string; time: string },
  input: TUpdateMatchInput,
) {
  if (!input.guests || !isFinished(current, deps.clock.now(), deps.env.APP_TIMEZONE))
    return input.guests;
  const kept = (await guestsOf(tx, input.id)).map((g) => g.name);
  if (kept.length !== input.guests.length || kept.some((n, i) => n !== input.guests?.[i]))
    throw badRequest(MSG.room.guestsStarted);
  return undefined;
}

/** Whether an edit changes when or where the match is played. */
const moved = (
  current: { date: string; time: string; placeId: number },
  fields: { date: string; time: string; place_id: number },
) =>
  fields.date !== current.date ||
  fields.time !== current.time.slice(0, 5) ||
  fields.place_id !== current.placeId;

/**
 * Edits a match; creator only (403 otherwise). Edit rules of spec section 5: at most 3 levels,
 * a date the create form offers (at least the next 30 days; an unchanged date is not checked), an 08:00–21:30 slot. Slots may not drop below the players
 * already in, and `missing_players` is recomputed from the participants counted under the row
 * lock, so a join racing with the edit can neither overbook nor be lost. Raised slots go to the
 * waiting list first; a new date, time or place is announced to every player and waiting player
 * (with the updated calendar event) and moves the day-before reminder. Once the match has started,
 * its date, time and place are kept: its result and its players' ratings are dated by them.
 */
export async function updateMatch(
  deps: Deps,
  actor: SessionUser,
  input: TUpdateMatchInput,
): Promise<TMatch> {
  const limits = await editLimits(deps);
  await deps.db.transaction(async (tx) => {
    const current = await lockOwnMatch(tx, actor, input.id);
    const fields = await checkMatchFields({ ...deps, db: tx }, input, limits, current);
    const joined = await tx.$count(matchParticipants, eq(matchParticipants.matchId, input.id));
    if (fields.slots < joined) throw badRequest(MSG.match.slotsBelowJoined(joined));
    // As players knew it, for the chat's "Match modifié : 19:30 au lieu de 18:30".
    const before = await matchInfo(tx, input.id);
    // Reserved seats: the ones sent replace the current ones; none sent keeps them. Once the match
    // has started they are frozen (a result's teams name them by id), as its players are.
    const guests = await startedGuests(tx, deps, current, input);
    const started = isFinished(current, deps.clock.now(), deps.env.APP_TIMEZONE);
    if (moved(current, fields) && started) throw badRequest(MSG.room.whenStarted);
    // Switching to « Compétitif » once played would let a result already won move ratings.
    if (started && input.kind && input.kind !== current.kind) throw badRequest(KIND_TEXT.started);
    const reserved = guests ? guests.length : await guestCount(tx, input.id);
    if (guests) checkGuests(guests, fields.slots, joined);
    else if (fields.slots - joined - reserved < 0)
      throw badRequest(MSG.room.guestsAboveFree(fields.slots - joined));
    if (guests) await writeGuests(tx, input.id, guests);
    if (input.gender && input.gender !== current.gender)
      await checkRuleFits(
        tx,
        input.gender,
        fields.slots,
        actor.id,
        await playersByGender(tx, input.id),
      );
    await tx
      .update(matches)
      .set({
        placeId: fields.place_id,
        date: fields.date,
        time: fields.time,
        levels: fields.levels,
        slots: fields.slots,
        missingPlayers: fields.slots - joined - reserved,
        ...roomColumns(input, current.shareToken),
        kind: input.kind,
        gender: input.gender,
        priceCents: input.price_cents,
        sequence: sql`${matches.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(matches.id, input.id));
    if (input.visibility) await followVisibility(tx, input.id, input.visibility, deps.clock.now());
    const match = await matchInfo(tx, input.id);
    const wasMoved = moved(current, fields) && match !== null;
    if (wasMoved) await scheduleReminder(tx, deps, match);
    // A court booked for the old place or time is not booked for the new one.
    const courtCleared = wasMoved && (await clearCourt(tx, input.id));
    // Who is told of a move: the players and the waiting list as they stand before promotions.
    await recordEvent(tx, {
      type: 'match.updated',
      matchId: input.id,
      actorId: actor.id,
      payload: wasMoved
        ? {
            told: await playersAndWaiting(tx, input.id),
            said: (before && changedText(before, match)) || null,
            court_cleared: courtCleared,
          }
        : {},
    });
    await promoteWaitlisted(tx, deps, input.id);
    await announceMatchChange(tx, input.id, 'changed');
  });
  return getMatch(deps, input.id);
}

/**
 * Tells every player and waiting player of a match that it is cancelled (with a calendar
 * cancellation and the organiser's `reason`, if any), in the caller's transaction, just before the
 * match row goes. Exported for account deletion, which removes the matches its user created.
 */
export async function announceCancellation(
  tx: DbOrTx,
  deps: NotifyDeps,
  id: number,
  reason: string | null = null,
) {
  const match = await matchInfo(tx, id);
  if (!match) return;
  // A cancellation must outrank every earlier version of the event in the players' calendars.
  const sequence = match.sequence + 1;
  const told = await playersAndWaiting(tx, id);
  // The match row goes with this transaction: the event carries what its notices need.
  await recordEvent(tx, {
    type: 'match.cancelled',
    matchId: id,
    payload: { match: { ...match, sequence }, told, reason },
  });
}

/**
 * Announces the cancellation of every upcoming match a user created, in the caller's transaction,
 * before the account (and by cascade those matches) is deleted.
 */
export async function announceCancellationsOf(tx: DbOrTx, deps: NotifyDeps, userId: number) {
  const local = localParts(deps.clock.now(), deps.env.APP_TIMEZONE);
  const created = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.createdBy, userId),
        sql`(${matches.date}, ${matches.time}) >= (${local.date}::date, ${local.time}::time)`,
      ),
    );
  for (const m of created) await announceCancellation(tx, deps, m.id);
}

/**
 * Tells live subscribers that every match a user created is going (past ones too: their pages are
 * open somewhere), in the caller's transaction, before the account and those matches are deleted.
 */
export async function announceDeletionsOf(tx: DbOrTx, userId: number) {
  const created = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.createdBy, userId));
  await announceMatchesChange(
    tx,
    created.map((m) => m.id),
    'deleted',
  );
}

/**
 * Deletes (cancels) a match and (by FK cascade) its participations, waiting list and pending
 * reminder; creator only (403 otherwise). Players and waiting players are told, with the
 * organiser's reason when given.
 */
export async function deleteMatch(
  deps: Deps,
  actor: SessionUser,
  { id, reason }: TDeleteMatchInput,
): Promise<{ success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    await lockOwnMatch(tx, actor, id);
    await announceCancellation(tx, deps, id, reason ?? null);
    await tx.delete(matches).where(eq(matches.id, id));
    await announceMatchChange(tx, id, 'deleted');
  });
  return { success: true, message: MSG.match.deleted };
}
