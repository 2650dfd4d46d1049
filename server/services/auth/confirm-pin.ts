import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import { checkReservedPin } from './login';
import { ACCOUNT_POLICY, reserveAttempt, userKey } from './throttle';

/**
 * A logged-in player proves it is really them (PIN change, account deletion) with the PIN. The
 * attempt is reserved on the account like a login's, so a stolen session is not a PIN oracle.
 */
export async function confirmPin(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'logger'>,
  userId: number,
  pin: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ pinHash: users.pinHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw badRequest(MSG.auth.currentPinWrong);
  const attempt = await reserveAttempt(deps, userKey(userId), ACCOUNT_POLICY);
  if (!(await checkReservedPin(deps, attempt, row.pinHash, pin)))
    throw new AppError('BAD_REQUEST', MSG.auth.currentPinWrong, {
      attemptsLeft: attempt.attemptsLeft,
    });
}
