import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { users } from '../../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../lib/errors';
import { verifyPin } from '../../lib/pin-hash';
import { ACCOUNT_POLICY, assertNotLocked, recordFailure, userKey } from './throttle';

/**
 * A logged-in player proves it is really them (PIN change, account deletion) with the PIN. Wrong
 * PINs count toward the same account lock as logins, so a stolen session is not a PIN oracle.
 */
export async function confirmPin(deps: Pick<Deps, 'db' | 'clock' | 'secrets'>, userId: number, pin: string): Promise<void> {
  await assertNotLocked(deps, { userId });
  const [row] = await deps.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (row && (await verifyPin(row.pinHash, pin, deps.secrets.pinPepper))) return;
  if (await recordFailure(deps, userKey(userId), ACCOUNT_POLICY)) await assertNotLocked(deps, { userId });
  throw badRequest(MSG.auth.currentPinWrong);
}
