import { and, exists, notExists, sql } from 'drizzle-orm';
import { matches, matchParticipants, matchResults, resultPrompts } from '../../../db/schema';
import type { Deps } from '../../deps';
import { matchInfo } from '../notifications/match-info';
import { autoConfirmResults, promptPlayers } from './results';
import type { WorkerConsumer } from '../../worker/loop';

const HOUR_MS = 3_600_000;
/** Players are asked for the result this long after the start… */
export const PROMPT_AFTER_MS = 2 * HOUR_MS;
/** …and not at all once this late (a worker down for a day does not send stale prompts). */
export const PROMPT_UNTIL_MS = 26 * HOUR_MS;

/**
 * Asks the players of matches that started 2 h ago to enter or confirm the result, once: the
 * `result_prompts` row is inserted (ON CONFLICT DO NOTHING) in the transaction that writes the
 * notices, so whichever instance's worker gets there first prompts, and only once.
 */
export async function promptResults(deps: Pick<Deps, 'db' | 'clock' | 'env'>): Promise<number> {
  const now = deps.clock.now();
  const start = sql`((${matches.date} + ${matches.time}) at time zone ${deps.env.APP_TIMEZONE})`;
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .insert(resultPrompts)
      .select(
        tx
          .select({
            matchId: matches.id,
            createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at'),
          })
          .from(matches)
          .where(
            and(
              sql`${start} <= ${new Date(now.getTime() - PROMPT_AFTER_MS).toISOString()}::timestamptz`,
              sql`${start} > ${new Date(now.getTime() - PROMPT_UNTIL_MS).toISOString()}::timestamptz`,
              exists(
                tx
                  .select({ one: sql`1` })
                  .from(matchParticipants)
                  .where(sql`${matchParticipants.matchId} = ${matches.id}`),
              ),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(matchResults)
                  .where(
                    sql`${matchResults.matchId} = ${matches.id} and ${matchResults.status} <> 'pending'`,
                  ),
              ),
            ),
          )
          .limit(50),
      )
      .onConflictDoNothing()
      .returning({ matchId: resultPrompts.matchId });
    for (const { matchId } of due) {
      const info = await matchInfo(tx, matchId);
      if (info) await promptPlayers(tx, deps, info);
    }
    return due.length;
  });
}

/** The result jobs as a consumer of the worker loop: time-driven, never woken by a NOTIFY. */
export function createResultJobsConsumer(deps: Pick<Deps, 'db' | 'clock' | 'env'>): WorkerConsumer {
  return {
    queue: 'results',
    // Prompts fall 2 h after a start and confirmations 48 h after a result: a minute is precise enough.
    periodMs: 60_000,
    runOnce: () => runResultJobs(deps),
    // One short transaction per job: nothing in flight to give back.
    halt() {},
    resume() {},
  };
}

/**
 * The result jobs of one worker round: prompts due, then results unanswered for 48 h
 * confirmed. Both are safe on several instances at once (see each).
 */
export async function runResultJobs(deps: Pick<Deps, 'db' | 'clock' | 'env'>): Promise<number> {
  return (await promptResults(deps)) + (await autoConfirmResults(deps));
}
