import { and, eq, inArray, lte } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { GENDER_TEXT } from '../../../common/messages-court';
import { publicName, shortPublicName } from '../../../common/names';
import {
  checkSets,
  checkTeams,
  formatSets,
  isGuestEntry,
  RESULT_MSG,
  userIdsOf,
  type TTeamEntry,
} from '../../../common/results';
import { isFinished } from '../../../common/schedule';
import type {
  TContestResultInput,
  TDecideResultInput,
  TEnterResultInput,
  TMatchResultView,
  TResultAnswer,
  TTeamPlayer,
} from '../../../common/schemas/results';
import type { DbOrTx } from '../../../db/client';
import { levelFeedback, matches, matchResults, users } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { announceMatchChange } from '../events/announce';
import { recordEvent } from '../events/log';
import { notifyMatch, type NotifyDeps } from '../notifications/enqueue';
import { matchInfo, matchPlayers, type MatchInfo } from '../notifications/match-info';
import { guestsOf, refusal } from '../matches/room';
import { applyConfirmedResult } from './rating';

/** An unanswered result counts as confirmed this long after it was entered. */
export const AUTO_CONFIRM_MS = 48 * 3_600_000;

type ResultRow = typeof matchResults.$inferSelect;

/**
 * Takes the match's row FOR UPDATE: the first statement of every transaction that writes a result
 * or an absence. Every change of the match's players or reserved seats holds the same lock, and
 * these writes end by moving the match's live version (an UPDATE of that row), so taking it
 * exclusively at once makes them queue behind one another in one order (match, then result, then
 * ratings): the next in line sees the state the previous one committed and gets its French 409.
 * A shared lock here would let two of them both hold it and then wait on each other's UPDATE
 * (a deadlock: a 500). Answers whether the match exists.
 */
export async function lockMatch(tx: DbOrTx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.id, id))
    .for('update');
  return row !== undefined;
}

/**
 * A « Mixte » match's teams are a man and a woman each: no team of two players of one gender
 * (a guest, or a player who gave none, is not counted against it).
 */
async function mixedTeams(tx: DbOrTx, matchId: number, teams: readonly (readonly TTeamEntry[])[]) {
  const [m] = await tx
    .select({ gender: matches.gender })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (m?.gender !== 'mixte') return true;
  const ids = teams.flat().filter((e): e is number => typeof e === 'number');
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ id: users.id, gender: users.gender })
          .from(users)
          .where(inArray(users.id, ids));
  const genderOf = new Map(rows.map((r) => [r.id, r.gender]));
  return teams.every((team) => {
    const [a, b] = team.map((e) => (typeof e === 'number' ? genderOf.get(e) : null));
    return !a || !b || a !== b;
  });
}

/** The match and its players (organiser and participants); a French 404 when it is gone. */
export async function matchAndPlayers(tx: DbOrTx, id: number) {
  const info = await matchInfo(tx, id);
  if (!info) throw notFound(MSG.match.notFound);
  return { info, players: await matchPlayers(tx, id, info.createdBy) };
}

/** The side of `userId` (0, 1) or null; a guest entry is never a user. */
export const sideOf = (teams: readonly (readonly TTeamEntry[])[], userId: number): 0 | 1 | null =>
  teams[0]?.includes(userId) ? 0 : teams[1]?.includes(userId) ? 1 : null;

/**
 * Players with an account who must answer a result: the team the author is not in (both teams if
 * the organiser entered it without playing). Guests cannot answer: a team of two guests leaves
 * nobody, and the result waits for the 48 h confirmation.
 */
export function answeringPlayers(
  teams: readonly (readonly TTeamEntry[])[],
  author: number | null,
): number[] {
  const side = author === null ? null : sideOf(teams, author);
  return userIdsOf(side === null ? teams : [teams[1 - side] ?? []]).filter((u) => u !== author);
}

/**
 * Who may confirm or contest: a player of the team the result's author is not in (if the organiser
 * entered it without playing, a player of either team).
 */
export function mayAnswer(row: Pick<ResultRow, 'teams' | 'enteredBy'>, userId: number): boolean {
  const mine = sideOf(row.teams, userId);
  if (mine === null || userId === row.enteredBy) return false;
  const author = row.enteredBy === null ? null : sideOf(row.teams, row.enteredBy);
  return author === null || author !== mine;
}

/**
 * Names of a result's guests, read only when it has some: « Invité de Paul » (the organiser's first
 * name) for everyone, the guest's own first name for the match's organiser and players (the rule
 * of the match page's reserved seats). A seat gone since (the match deleted its guests) keeps the
 * label without a name.
 */
async function guestNames(db: DbOrTx, matchId: number, viewerId: number) {
  const [m] = await db
    .select({ createdBy: matches.createdBy, organiser: users.name })
    .from(matches)
    .innerJoin(users, eq(users.id, matches.createdBy))
    .where(eq(matches.id, matchId));
  const label = MSG.room.guestOf(publicName(m?.organiser ?? '').first_name);
  const member =
    m !== undefined && (await matchPlayers(db, matchId, m.createdBy)).includes(viewerId);
  const names = new Map(
    member ? (await guestsOf(db, matchId)).map((g) => [g.id, g.name] as const) : [],
  );
  return (id: number) => ({ label, name: names.get(id) ?? null });
}

/** The result as a page shows it, players named "Prénom N.", guests « Invité de Paul ». */
export async function resultView(
  db: DbOrTx,
  row: ResultRow,
  viewerId: number,
): Promise<TMatchResultView> {
  const ids = userIdsOf(row.teams);
  const names = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids.length > 0 ? ids : [0]))
    ).map((u) => [u.id, shortPublicName(u.name)]),
  );
  const guest = row.teams.flat().some(isGuestEntry)
    ? await guestNames(db, row.matchId, viewerId)
    : null;
  const shown = (e: TTeamEntry): TTeamPlayer => {
    if (!isGuestEntry(e)) return { user_id: e, name: names.get(e) ?? '—' };
    const g = guest?.(e.guest);
    return { guest_id: e.guest, name: g?.label ?? '—', guest_name: g?.name ?? null };
  };
  const pending = row.status === 'pending';
  return {
    match_id: row.matchId,
    teams: row.teams.map((t) => t.map(shown)),
    sets: row.sets,
    winner: row.winner,
    status: row.status,
    entered_by: row.enteredBy,
    entered_at: row.enteredAt.toISOString(),
    contest_reason: row.contestReason,
    viewer_side: sideOf(row.teams, viewerId),
    can_answer: pending && mayAnswer(row, viewerId),
    auto_confirm_at: pending
      ? new Date(row.enteredAt.getTime() + AUTO_CONFIRM_MS).toISOString()
      : null,
    has_answerer: answeringPlayers(row.teams, row.enteredBy).length > 0,
    may_judge: await stillToJudge(db, row, viewerId),
  };
}

/** A confirmed result's co-players the viewer has not given a word on yet (issue 43). */
async function stillToJudge(db: DbOrTx, row: ResultRow, viewerId: number): Promise<number[]> {
  if (row.status !== 'confirmed' || sideOf(row.teams, viewerId) === null) return [];
  const others = userIdsOf(row.teams).filter((id) => id !== viewerId);
  const judged = await db
    .select({ id: levelFeedback.aboutUserId })
    .from(levelFeedback)
    .where(and(eq(levelFeedback.matchId, row.matchId), eq(levelFeedback.fromUserId, viewerId)));
  return others.filter((id) => !judged.some((j) => j.id === id));
}

export async function readResult(db: DbOrTx, id: number): Promise<ResultRow | undefined> {
  const [row] = await db.select().from(matchResults).where(eq(matchResults.matchId, id));
  return row;
}

/**
 * Enters a match's result (`PUT /api/matches/{id}/result`): once the match has started, by one of
 * its players or its organiser; two teams of two distinct entries, each a player of the match or
 * one of its reserved seats (`{ guest: id }`), at least one player among them; a padel score
 * (`checkSets`). One result per match: the insert keeps an existing one unless an admin rejected
 * it (ON CONFLICT … WHERE, so two players entering at once get one result and one 409). The other
 * team's players are asked to confirm through the outbox (a team of two guests has none: the
 * result then waits for the 48 h confirmation).
 */
export async function enterResult(
  deps: Deps,
  actor: SessionUser,
  input: TEnterResultInput,
): Promise<TResultAnswer> {
  const row = await deps.db.transaction(async (tx) => {
    // The teams are checked against players and seats that cannot change until this entry
    // commits, and a concurrent entry waits here, then meets this one's result (409).
    await lockMatch(tx, input.id);
    const { info, players } = await matchAndPlayers(tx, input.id);
    if (!players.includes(actor.id))
      throw await refusal(tx, input.id, actor.id, () => forbidden(RESULT_MSG.notPlayer));
    if (!isFinished(info, deps.clock.now(), deps.env.APP_TIMEZONE))
      throw badRequest(RESULT_MSG.notStarted);
    const guests = (await guestsOf(tx, input.id)).map((g) => g.id);
    const teams = checkTeams(input.teams, { players, guests });
    if (!teams.ok) throw badRequest(teams.message);
    if (!(await mixedTeams(tx, input.id, input.teams))) throw badRequest(GENDER_TEXT.mixteTeams);
    const sets = checkSets(input.sets);
    if (!sets.ok) throw badRequest(sets.message);
    const values = {
      matchId: input.id,
      teams: input.teams,
      sets: input.sets,
      winner: sets.winner,
      status: 'pending' as const,
      enteredBy: actor.id,
      enteredAt: deps.clock.now(),
      answeredBy: null,
      answeredAt: null,
      contestReason: null,
      decidedBy: null,
      decidedAt: null,
    };
    const [saved] = await tx
      .insert(matchResults)
      .values(values)
      .onConflictDoUpdate({
        target: matchResults.matchId,
        set: values,
        setWhere: eq(matchResults.status, 'rejected'),
      })
      .returning();
    if (!saved) throw conflict(RESULT_MSG.alreadyEntered);
    await recordEvent(tx, {
      type: 'result.entered',
      matchId: input.id,
      actorId: actor.id,
      payload: { asked: answeringPlayers(input.teams, actor.id), sets: formatSets(input.sets) },
    });
    await announceMatchChange(tx, input.id, 'changed');
    return saved;
  });
  const result = await resultView(deps.db, row, actor.id);
  return {
    success: true,
    message: result.has_answerer ? RESULT_MSG.entered : RESULT_MSG.enteredNoAnswerer,
    result,
  };
}

/**
 * Moves a pending result to `status` by one conditional UPDATE: of a confirm and a contest racing
 * (or two confirms), exactly one matches `status = 'pending'`; the other gets a French 409. A
 * confirmation updates the ratings in the same transaction.
 */
async function answer(
  deps: Deps,
  actor: SessionUser,
  id: number,
  status: 'confirmed' | 'contested',
  reason: string | null,
): Promise<TResultAnswer> {
  const row = await deps.db.transaction(async (tx) => {
    await lockMatch(tx, id);
    const current = await readResult(tx, id);
    if (!current) throw notFound(RESULT_MSG.noResult);
    // An unknown match has no result: a stranger to a private one gets that same answer.
    if (!mayAnswer(current, actor.id))
      throw await refusal(
        tx,
        id,
        actor.id,
        () => forbidden(RESULT_MSG.notOtherTeam),
        () => notFound(RESULT_MSG.noResult),
      );
    const [done] = await tx
      .update(matchResults)
      .set({
        status,
        answeredBy: actor.id,
        answeredAt: deps.clock.now(),
        contestReason: reason,
      })
      .where(and(eq(matchResults.matchId, id), eq(matchResults.status, 'pending')))
      .returning();
    if (!done) throw conflict(RESULT_MSG.alreadyAnswered);
    if (status === 'confirmed') await applyConfirmedResult(tx, id, done.teams, winnerOf(done));
    await announceMatchChange(tx, id, 'changed');
    return done;
  });
  return {
    success: true,
    message: status === 'confirmed' ? RESULT_MSG.confirmed : RESULT_MSG.contested,
    result: await resultView(deps.db, row, actor.id),
  };
}

const winnerOf = (row: Pick<ResultRow, 'winner'>): 0 | 1 => (row.winner === 1 ? 1 : 0);

/** A player of the other team confirms the result: it counts, ratings move. */
export const confirmResult = (deps: Deps, actor: SessionUser, id: number) =>
  answer(deps, actor, id, 'confirmed', null);

/** A player of the other team contests the result, with a reason: an admin decides. */
export const contestResult = (deps: Deps, actor: SessionUser, input: TContestResultInput) =>
  answer(deps, actor, input.id, 'contested', input.reason);

/**
 * The admin settles a contested result: `confirmed` (it counts, ratings move) or `rejected` (the
 * players may enter it again). Conditional on `contested`, so two admins deciding at once decide once.
 */
export async function decideResult(
  deps: Deps,
  admin: SessionUser,
  input: TDecideResultInput,
): Promise<TResultAnswer> {
  const row = await deps.db.transaction(async (tx) => {
    await lockMatch(tx, input.id);
    const [done] = await tx
      .update(matchResults)
      .set({ status: input.decision, decidedBy: admin.id, decidedAt: deps.clock.now() })
      .where(and(eq(matchResults.matchId, input.id), eq(matchResults.status, 'contested')))
      .returning();
    if (!done) {
      if (!(await readResult(tx, input.id))) throw notFound(RESULT_MSG.noResult);
      throw conflict(RESULT_MSG.notContested);
    }
    if (input.decision === 'confirmed')
      await applyConfirmedResult(tx, input.id, done.teams, winnerOf(done));
    await announceMatchChange(tx, input.id, 'changed');
    return done;
  });
  return {
    success: true,
    message: RESULT_MSG.decided,
    result: await resultView(deps.db, row, admin.id),
  };
}

/**
 * Confirms results left unanswered for 48 h. Each is its own transaction with the same conditional
 * UPDATE as a player's answer, so several instances running this at once, or a player answering
 * meanwhile, confirm each result once and move ratings once. Answers how many it confirmed.
 */
export async function autoConfirmResults(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - AUTO_CONFIRM_MS);
  const due = await deps.db
    .select({ matchId: matchResults.matchId })
    .from(matchResults)
    .where(and(eq(matchResults.status, 'pending'), lte(matchResults.enteredAt, before)))
    .limit(50);
  let confirmed = 0;
  for (const { matchId } of due) {
    const done = await deps.db.transaction(async (tx) => {
      await lockMatch(tx, matchId);
      const [row] = await tx
        .update(matchResults)
        .set({ status: 'confirmed', answeredAt: deps.clock.now() })
        .where(
          and(
            eq(matchResults.matchId, matchId),
            eq(matchResults.status, 'pending'),
            lte(matchResults.enteredAt, before),
          ),
        )
        .returning();
      if (!row) return false;
      await applyConfirmedResult(tx, matchId, row.teams, winnerOf(row));
      await announceMatchChange(tx, matchId, 'changed');
      return true;
    });
    if (done) confirmed++;
  }
  return confirmed;
}

/** What the outbox needs to prompt: the notice deps and the match's players. */
export async function promptPlayers(tx: DbOrTx, deps: NotifyDeps, info: MatchInfo) {
  await notifyMatch(
    tx,
    deps,
    'resultPrompt',
    info,
    await matchPlayers(tx, info.id, info.createdBy),
  );
}

/** For tests and the admin: a result's raw status. */
export const resultStatus = async (db: DbOrTx, id: number) =>
  (await readResult(db, id))?.status ?? null;
