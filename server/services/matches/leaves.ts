import type { DbOrTx } from '../../../db/client';
import { matchLeaves } from '../../../db/schema';

/** A leave is recorded as it happens (the participant row goes): late when under 24 h before. */
export const LATE_LEAVE_MS = 24 * 3_600_000;

export async function recordLeave(
  tx: DbOrTx,
  matchId: number,
  userId: number,
  start: Date,
  now: Date,
) {
  await tx
    .insert(matchLeaves)
    .values({ matchId, userId, isLate: start.getTime() - now.getTime() < LATE_LEAVE_MS });
}
